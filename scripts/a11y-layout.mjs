/**
 * The layout half of `npm run check:a11y` (scripts/a11y-check.mjs): what a page shows, measured in
 * the browser (`collectLayout`, run inside the page), and the rules it is judged by (`violationsOf`,
 * plain geometry on what was measured, tested on planted cases in __tests__/app/a11yCheck.test.ts).
 *
 * The rules (MIIT 《移动互联网应用（APP）适老化通用设计规范》 and WeChat's 小程序适老化设计指南):
 * - no text is clipped: a line of text that a clipping box (overflow hidden/clip) cuts partly off.
 *   Text that a box shortens on purpose with an ellipsis (text-overflow, line-clamp) says so and is
 *   counted apart; text wholly outside its box is a slide or a panel put away, not cut;
 * - no two lines of visible text overlap;
 * - the page never scrolls sideways;
 * - every tap target is at least 44 x 44 CSS px; in the 长辈版 remote, 60 x 60;
 * - in the 长辈版's main content no text is smaller than 18 px.
 */

/** Sizes the rules use (CSS px). */
export const RULES = Object.freeze({ minTargetPx: 44, minRemoteTargetPx: 60, minMainTextPx: 18 })

/** Rounding: a box measured a hair short of a size (sub-pixel layout) still has it. */
const EPS = 0.5

/**
 * Runs INSIDE the page (page.evaluate): everything it needs is in its body. `opts.main`: the selector
 * of the 长辈版's main content ('' when not checked); `opts.remote`: of its remote; `opts.width`: the
 * phone's width (a phone browser widens its layout viewport to content wider than the screen, so the
 * window's own width cannot tell).
 * @param {{ main?: string, remote?: string, width?: number }} opts
 */
export function collectLayout(opts) {
  const EPS = 0.5
  const main = opts.main ? [...document.querySelectorAll(opts.main)] : []
  const remote = opts.remote ? [...document.querySelectorAll(opts.remote)] : []
  const inAny = (el, roots) => roots.some((r) => r.contains(el))
  const ids = new Map()
  const idOf = (el) => {
    if (!ids.has(el)) ids.set(el, ids.size)
    return ids.get(el)
  }
  const describe = (el) => {
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 2).join('.') : ''
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`
  }
  const visible = (el) => {
    for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse' || Number(s.opacity) === 0) return false
    }
    return true
  }
  const clips = (s) => ({ x: s.overflowX === 'hidden' || s.overflowX === 'clip', y: s.overflowY === 'hidden' || s.overflowY === 'clip' })
  const scrolls = (s) => /auto|scroll/.test(s.overflowX) || /auto|scroll/.test(s.overflowY)
  const shortens = (s) => s.textOverflow === 'ellipsis' || (s.webkitLineClamp && s.webkitLineClamp !== 'none')
  /** A point of the rect shows this element (not something laid over it). */
  const shown = (el, r) => {
    const midY = (r.top + r.bottom) / 2
    const pts = [
      [(r.left + r.right) / 2, midY],
      [r.left + 2, midY],
      [r.right - 2, midY],
    ]
    return pts.some(([x, y]) => {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true // off screen: judged by layout alone
      const hit = document.elementFromPoint(x, y)
      return !!hit && (hit === el || el.contains(hit) || hit.contains(el))
    })
  }

  const texts = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\s+/g, ' ').trim()
    const el = n.parentElement
    if (!text || !el || el.closest('script,style,noscript,[aria-hidden="true"]') || !visible(el)) continue
    const range = document.createRange()
    range.selectNodeContents(n)
    const rects = [...range.getClientRects()].filter((r) => r.width > EPS && r.height > EPS)
    if (!rects.length) continue
    const s = getComputedStyle(el)
    let clippedBy = ''
    let shortened = false
    let judging = true
    // what of the text the boxes around it let be seen (every clipping or scrolling box clips)
    let view = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity }
    // the boxes that clip this text, up to the first scroll container (beyond it the text is scrolled, not cut)
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const as = getComputedStyle(a)
      if (shortens(as)) shortened = true
      const c = clips(as)
      const scroller = scrolls(as)
      if (c.x || c.y || scroller) {
        const b = a.getBoundingClientRect()
        const box = { left: b.left + a.clientLeft, top: b.top + a.clientTop, right: b.left + a.clientLeft + a.clientWidth, bottom: b.top + a.clientTop + a.clientHeight }
        const cx = c.x || /auto|scroll/.test(as.overflowX)
        const cy = c.y || /auto|scroll/.test(as.overflowY)
        if (cx) view = { ...view, left: Math.max(view.left, box.left), right: Math.min(view.right, box.right) }
        if (cy) view = { ...view, top: Math.max(view.top, box.top), bottom: Math.min(view.bottom, box.bottom) }
        // a box that shortens its text with an ellipsis shows that it did: not cut
        if (judging && !clippedBy && (c.x || c.y) && !shortened) {
          const tiny = box.right - box.left <= 2 || box.bottom - box.top <= 2 // a visually-hidden label
          const outside = (r) => r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom
          const cut = (r) => (c.x && (r.left < box.left - EPS || r.right > box.right + EPS)) || (c.y && (r.top < box.top - EPS || r.bottom > box.bottom + EPS))
          if (!tiny && !rects.every(outside) && rects.some((r) => !outside(r) && cut(r))) clippedBy = describe(a)
        }
      }
      if (scroller && a !== el) judging = false
    }
    const area = (rs) => rs.reduce((n, r) => n + (r.right - r.left) * (r.bottom - r.top), 0)
    const seen = rects
      .map((r) => ({ left: Math.max(r.left, view.left), top: Math.max(r.top, view.top), right: Math.min(r.right, view.right), bottom: Math.min(r.bottom, view.bottom) }))
      .filter((r) => r.right - r.left > EPS && r.bottom - r.top > EPS)
    texts.push({
      text: text.slice(0, 40),
      el: idOf(el),
      where: describe(el),
      fontSize: parseFloat(s.fontSize),
      lineHeight: s.lineHeight,
      // the parts of its lines that can be seen (what overlap is judged on)
      rects: seen,
      clippedBy,
      // shortened with an ellipsis now (its box has more text than it shows)
      shortened: shortened && area(seen) < area(rects) - 1,
      shown: seen.some((r) => shown(el, r)),
      inMain: inAny(el, main),
    })
  }

  const targets = []
  const reactProps = (el) => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'))
    return key ? el[key] : null
  }
  for (const el of document.body.querySelectorAll('*')) {
    const props = reactProps(el)
    const tag = el.tagName.toLowerCase()
    const semantic = tag === 'button' || (tag === 'a' && el.hasAttribute('href')) || (tag === 'input' && el.type !== 'hidden') || tag === 'select' || tag === 'textarea' || /^(button|link|tab|switch|checkbox|radio|menuitem|option)$/.test(el.getAttribute('role') || '')
    if (!semantic && !(props && (typeof props.onClick === 'function' || typeof props.onTap === 'function'))) continue
    if (!visible(el)) continue
    const r = el.getBoundingClientRect()
    if (r.width <= EPS || r.height <= EPS) continue
    // a carousel's slide put away beside the screen is not a target now
    if (r.right <= 0 || r.left >= innerWidth) continue
    const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('data-key') || '').replace(/\s+/g, ' ').trim().slice(0, 30)
    targets.push({ label, where: describe(el), width: r.width, height: r.height, inRemote: inAny(el, remote) })
  }

  const scroller = document.scrollingElement || document.documentElement
  return { viewportWidth: opts.width || innerWidth, scrollWidth: scroller.scrollWidth, texts, targets, mainFound: main.length > 0, remoteFound: remote.length > 0 }
}

function area(a) {
  return Math.max(0, a.right - a.left) * Math.max(0, a.bottom - a.top)
}

function intersection(a, b) {
  return { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) }
}

/**
 * What breaks the rules in one page's measurements. Each violation: { rule, what, detail }.
 * @param {ReturnType<typeof collectLayout>} snap
 * @param {{ checkMainText?: boolean, checkRemote?: boolean }} [scope] the 长辈版's own rules apply only in it
 */
export function violationsOf(snap, scope = {}, rules = RULES) {
  const out = []
  if (snap.scrollWidth > snap.viewportWidth + 1) {
    out.push({ rule: 'sideways', what: 'page', detail: `scrolls sideways: ${snap.scrollWidth} px wide on a ${snap.viewportWidth} px screen` })
  }
  for (const t of snap.texts) {
    if (t.clippedBy) out.push({ rule: 'clipped', what: `"${t.text}" (${t.where})`, detail: `cut off by ${t.clippedBy}` })
    if (scope.checkMainText && t.inMain && t.fontSize < rules.minMainTextPx - 0.05) {
      out.push({ rule: 'small-text', what: `"${t.text}" (${t.where})`, detail: `${t.fontSize} px < ${rules.minMainTextPx} px` })
    }
  }
  // pairs of visible lines of different texts that cover each other (more than a hair); a text cut off
  // is told as that already
  const lines = snap.texts.filter((t) => t.shown && !t.clippedBy).flatMap((t) => t.rects.map((r) => ({ t, r })))
  const seen = new Set()
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]
      const b = lines[j]
      if (a.t === b.t) continue
      const common = area(intersection(a.r, b.r))
      if (common < 4 || common < 0.1 * Math.min(area(a.r), area(b.r))) continue
      const key = `${a.t.el}|${a.t.text}|${b.t.el}|${b.t.text}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ rule: 'overlap', what: `"${a.t.text}" (${a.t.where}) and "${b.t.text}" (${b.t.where})`, detail: `${Math.round(common)} px² in common` })
    }
  }
  for (const g of snap.targets) {
    const min = scope.checkRemote && g.inRemote ? rules.minRemoteTargetPx : rules.minTargetPx
    if (g.width < min - EPS || g.height < min - EPS) {
      out.push({ rule: g.inRemote && scope.checkRemote ? 'remote-target' : 'target', what: `"${g.label}" (${g.where})`, detail: `${g.width.toFixed(1)} x ${g.height.toFixed(1)} px < ${min} x ${min}` })
    }
  }
  return out
}

/** Figures of one page for the report: smallest text and target, counts. */
export function figuresOf(snap, scope = {}) {
  const mainTexts = snap.texts.filter((t) => t.inMain)
  const remoteTargets = snap.targets.filter((t) => t.inRemote)
  const min = (xs) => (xs.length ? Math.min(...xs) : null)
  return {
    texts: snap.texts.length,
    shortened: snap.texts.filter((t) => t.shortened).length,
    smallestText: min(snap.texts.map((t) => t.fontSize)),
    ...(scope.checkMainText ? { smallestMainText: min(mainTexts.map((t) => t.fontSize)) } : {}),
    targets: snap.targets.length,
    smallestTarget: min(snap.targets.map((t) => Math.min(t.width, t.height))),
    ...(scope.checkRemote ? { remoteKeys: remoteTargets.length, smallestRemoteKey: min(remoteTargets.map((t) => Math.min(t.width, t.height))) } : {}),
  }
}

/** Violations alike (same rule, same kind of element) told once, with how many and one example. */
export function grouped(violations) {
  const groups = new Map()
  for (const v of violations) {
    const kind = v.what.replace(/^".*" \(/, '(')
    const key = `${v.rule} ${kind}`
    const g = groups.get(key) ?? { rule: v.rule, kind, count: 0, example: v }
    g.count++
    groups.set(key, g)
  }
  return [...groups.values()].map((g) => (g.count > 1 ? `${g.rule} x${g.count} ${g.kind}, e.g. ${g.example.what}: ${g.example.detail}` : `${g.rule}: ${g.example.what}: ${g.example.detail}`))
}
