/**
 * Draws a page of the built dist/weapp the way WeChat's renderer lays it out, so that a screenshot of
 * the real build can be taken without WeChat DevTools. Its input is what the simulated logic layer
 * (realm.ts) holds: the page's data tree exactly as Taro's runtime setData it (`root.cn`, each node
 * with its node name `nn`, class `cl`, style `st`, text `v`, children `cn` and its props under the
 * short aliases `p0`, `p1`, ...). Its mapping is the build's own base.wxml: every `nn` has a template
 * there naming the WeChat component it renders and how each attribute is bound (`size="{{i.p18||'default'}}"`).
 * The styles are the build's wxss (app.wxss with its imports, then the page's), turned into CSS as
 * WeChat's wxss compiler does: rpx into px for the phone's width, `page` into `body`, a component
 * tag selector (`button`) into its element (`wx-button`). Under them, the default styles WeChat's
 * renderer gives its components (a grey, rounded, full-width button; a 320 x 240 image, ...).
 *
 * This is not WeChat's renderer: the layout is Chromium's, the components are drawn from their
 * default styles (no native controls), and what the logic layer never sent (WeChat's own overlays,
 * toasts, the keyboard) is not there. The status bar and the capsule are drawn at the rectangle the
 * simulated phone reports, as WeChat draws them above a page with a custom title bar.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

export type Data = Record<string, unknown>

/** What base.wxml renders for one node name: the WeChat component and its attribute bindings. */
export interface ElementTemplate {
  tag: string
  /** [attribute, binding] in template order, e.g. ['size', "{{i.p18||'default'}}"]. */
  attrs: Array<[string, string]>
}

/** The screen a page is drawn for (realm.ts Phone has these and more). */
export interface Screen {
  windowWidth: number
  windowHeight: number
  statusBarHeight: number
  /** WeChat's capsule, as wx.getMenuButtonBoundingClientRect answers on this phone. */
  menuButton: { width: number; height: number; top: number; left: number }
  /** iOS draws a 1rpx hairline as 0.5px; other systems as 1px (WeChat's rpx rule). */
  ios: boolean
}

/**
 * The component templates of base.wxml, by node name. Taro writes one copy per template level
 * (`tmpl_<level>_<nn>`), all rendering the same element: the first is kept. An input has two
 * (`_focus`, `_blur`) behind a chooser template; the blurred one is what a still page shows.
 */
export function parseBaseTemplates(baseWxml: string): Map<string, ElementTemplate> {
  const out = new Map<string, ElementTemplate>()
  const template = /<template name="tmpl_\d+_([^"]+)">\s*<([a-z][a-z0-9-]*)((?:\s+[\w:-]+="[^"]*")*)\s*\/?>/g
  for (const m of baseWxml.matchAll(template)) {
    const [, suffix, tag, attrText] = m
    if (suffix.endsWith('_focus') || suffix === 'container') continue
    const nn = suffix.replace(/_blur$/, '')
    if (tag === 'template' || out.has(nn) && !suffix.endsWith('_blur')) continue
    const attrs = [...attrText.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]] as [string, string])
    out.set(nn, { tag, attrs })
  }
  return out
}

/**
 * The value of one attribute binding of a template for node `i`, as WXML computes it. Taro's
 * templates use only: `i.<key>`, `a||b`, literals ('x', 50, !1, true, [0,0]), `xs.b(a, b)` (b when a
 * is undefined) and `xs.d(a)` (utils.wxs); an unknown name reads as undefined, as in WXML.
 */
export function evalBinding(binding: string, i: Data): unknown {
  const whole = /^\{\{(.*)\}\}$/s.exec(binding)
  if (whole && !whole[1].includes('{{')) return evalExpr(whole[1].trim(), i)
  return binding.replace(/\{\{(.*?)\}\}/g, (_, e: string) => String(evalExpr(e.trim(), i) ?? ''))
}

function splitTop(expr: string, sep: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quote = ''
  let start = 0
  for (let k = 0; k < expr.length; k++) {
    const ch = expr[k]
    if (quote) {
      if (ch === quote) quote = ''
    } else if (ch === "'" || ch === '"') quote = ch
    else if (ch === '(' || ch === '[') depth++
    else if (ch === ')' || ch === ']') depth--
    else if (depth === 0 && expr.startsWith(sep, k)) {
      parts.push(expr.slice(start, k).trim())
      start = k + sep.length
      k += sep.length - 1
    }
  }
  parts.push(expr.slice(start).trim())
  return parts
}

function evalExpr(expr: string, i: Data): unknown {
  const alternatives = splitTop(expr, '||')
  if (alternatives.length > 1) {
    let value: unknown
    for (const alt of alternatives) {
      value = evalExpr(alt, i)
      if (value) return value
    }
    return value
  }
  const call = /^xs\.([a-z])\((.*)\)$/s.exec(expr)
  if (call) {
    const args = splitTop(call[2], ',').map((a) => evalExpr(a, i))
    if (call[1] === 'b') return args[0] === undefined ? args[1] : args[0]
    if (call[1] === 'd') return args[0] === undefined ? {} : args[0]
    return undefined
  }
  if (expr.startsWith('i.')) return expr.slice(2).split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Data)[k] : undefined), i)
  if (/^'.*'$|^".*"$/s.test(expr)) return expr.slice(1, -1)
  if (expr === '!1' || expr === 'false') return false
  if (expr === '!0' || expr === 'true') return true
  if (/^-?\d+(\.\d+)?$/.test(expr)) return Number(expr)
  if (expr.startsWith('[') && expr.endsWith(']')) return splitTop(expr.slice(1, -1), ',').filter(Boolean).map((a) => evalExpr(a, i))
  return undefined
}

/**
 * WeChat's rpx rule: 750rpx is the window's width; the result is floored to whole px, and a non-zero
 * value that floors to 0 is a hairline (0.5px on iOS, 1px elsewhere). At 375 wide: 1rpx = 0.5px,
 * 26rpx = 13px, 25rpx = 12px.
 */
export function rpxToPx(rpx: number, windowWidth: number, ios: boolean): number {
  if (rpx === 0) return 0
  const px = Math.floor((rpx / 750) * windowWidth + 0.0001)
  if (px === 0) return ios ? 0.5 : 1
  return px
}

/** Every `<n>rpx` of a stylesheet or an inline style, in px (rpxToPx). */
export function convertRpx(css: string, screen: Pick<Screen, 'windowWidth' | 'ios'>): string {
  return css.replace(/(?<![\w.-])(-?(?:\d+\.?\d*|\.\d+))rpx(?![\w-])/g, (_, n: string) => `${rpxToPx(Number(n), screen.windowWidth, screen.ios)}px`)
}

/** WeChat's built-in components: in wxss a selector names them by tag, the renderer draws `wx-<tag>`. */
const COMPONENTS = [
  'view', 'scroll-view', 'swiper', 'swiper-item', 'movable-area', 'movable-view', 'cover-view', 'cover-image', 'icon', 'text',
  'rich-text', 'progress', 'button', 'checkbox', 'checkbox-group', 'form', 'input', 'label', 'picker', 'picker-view',
  'picker-view-column', 'radio', 'radio-group', 'slider', 'switch', 'textarea', 'navigator', 'image', 'video', 'camera',
  'map', 'canvas', 'web-view', 'official-account', 'open-data', 'editor', 'page-container', 'root-portal', 'match-media',
]
const TAG_SELECTOR = new RegExp(`(^|[\\s,>+~(])(page|${COMPONENTS.join('|')})(?![\\w-])`, 'g')

/** A selector list as WeChat's renderer sees it: `page` is the body, a component tag is `wx-<tag>`. */
export function rewriteSelectors(selectors: string): string {
  return selectors.replace(TAG_SELECTOR, (_, before: string, tag: string) => `${before}${tag === 'page' ? 'body' : `wx-${tag}`}`)
}

/** A wxss stylesheet (imports already inlined) as the CSS WeChat's renderer applies. */
export function wxssToCss(wxss: string, screen: Pick<Screen, 'windowWidth' | 'ios'>): string {
  const noComments = wxss.replace(/\/\*[\s\S]*?\*\//g, '')
  // every rule's prelude (the text before a `{`): selectors, unless it is an at-rule's
  const css = noComments.replace(/(?<=^|[{};])([^{};]+)\{/g, (_, prelude: string) =>
    `${prelude.trim().startsWith('@') ? prelude : rewriteSelectors(prelude)}{`)
  return convertRpx(css, screen)
}

/** A wxss file of the build with its `@import`s inlined in place (each file once), as WeChat loads it. */
export function loadWxss(distRoot: string, file: string, seen = new Set<string>()): string {
  const abs = normalize(file)
  if (seen.has(abs) || !existsSync(abs)) return ''
  seen.add(abs)
  return readFileSync(abs, 'utf8').replace(/@import\s+(?:url\()?["']([^"']+)["']\)?\s*;?/g, (_, path: string) => {
    const target = path.startsWith('/') ? join(distRoot, path) : join(dirname(abs), path)
    return loadWxss(distRoot, target.endsWith('.wxss') ? target : `${target}.wxss`, seen)
  })
}

/**
 * The default styles WeChat's renderer gives its components (base library, without `"style": "v2"`,
 * which this app's app.json does not set): only those the app's pages can show.
 */
export const WECHAT_COMPONENT_CSS = `
html { -webkit-user-select: none; user-select: none; height: 100%; width: 100%; }
body { margin: 0; height: 100%; }
* { margin: 0; }
wx-view { display: block; }
wx-text { -webkit-user-select: none; user-select: none; }
wx-text[user-select], wx-text[selectable] { -webkit-user-select: text; user-select: text; }
wx-image { width: 320px; height: 240px; display: inline-block; overflow: hidden; }
wx-image > div { width: 100%; height: 100%; background-repeat: no-repeat; }
wx-image > img { display: block; width: 100%; }
wx-input { display: block; height: 1.4rem; min-height: 1.4rem; text-overflow: clip; overflow: hidden; white-space: nowrap; }
wx-input .wx-input-wrapper { position: relative; width: 100%; height: 100%; }
wx-input .wx-input-placeholder { position: absolute; left: 0; top: 0; right: 0; overflow: hidden; text-overflow: clip; white-space: nowrap; }
wx-input input { display: block; width: 100%; height: 100%; border: 0; outline: 0; padding: 0; margin: 0; background: transparent; font: inherit; color: inherit; text-align: inherit; }
.input-placeholder { color: gray; }
wx-scroll-view { display: block; width: 100%; }
wx-scroll-view > .wx-scroll-view { position: relative; width: 100%; height: 100%; max-height: inherit; }
wx-swiper { display: block; height: 150px; }
wx-swiper .wx-swiper-wrapper { overflow: hidden; position: relative; width: 100%; height: 100%; }
wx-swiper .wx-swiper-slides { position: absolute; left: 0; top: 0; right: 0; bottom: 0; }
wx-swiper .wx-swiper-dots { position: absolute; font-size: 0; left: 50%; bottom: 10px; text-align: center; white-space: nowrap; transform: translate(-50%, 0); }
wx-swiper .wx-swiper-dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin: 0 4px; }
wx-swiper-item { display: block; overflow: hidden; position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
wx-button { position: relative; display: block; margin-left: auto; margin-right: auto; padding-left: 14px; padding-right: 14px; box-sizing: border-box;
  font-size: 18px; text-align: center; text-decoration: none; line-height: 2.55555556; border-radius: 5px; overflow: hidden; color: #000000; background-color: #f8f8f8; }
wx-button:after { content: " "; width: 200%; height: 200%; position: absolute; top: 0; left: 0; border: 1px solid rgba(0, 0, 0, 0.2);
  transform: scale(0.5); transform-origin: 0 0; box-sizing: border-box; border-radius: 10px; }
wx-button[type=primary] { color: #ffffff; background-color: #1aad19; }
wx-button[type=warn] { color: #ffffff; background-color: #e64340; }
wx-button[disabled] { color: rgba(255, 255, 255, 0.6); }
wx-button[disabled]:not([type]), wx-button[disabled][type=default] { color: rgba(0, 0, 0, 0.3); background-color: #f7f7f7; }
wx-button[plain] { color: #353535; border: 1px solid #353535; background-color: transparent; }
wx-button[plain]:after { border-width: 0; }
wx-button[size=mini] { display: inline-block; line-height: 2.3; font-size: 13px; padding: 0 1.34em; }
::-webkit-scrollbar { display: none; }
`

export interface RenderOptions {
  templates: Map<string, ElementTemplate>
  screen: Pick<Screen, 'windowWidth' | 'ios'>
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;')

/** How an image's `mode` places the picture: WeChat draws it as a background of the element. */
const IMAGE_MODES: Record<string, [size: string, position: string]> = {
  scaleToFill: ['100% 100%', '0% 0%'],
  aspectFit: ['contain', 'center center'],
  aspectFill: ['cover', 'center center'],
  top: ['auto', 'center top'],
  bottom: ['auto', 'center bottom'],
  center: ['auto', 'center center'],
  left: ['auto', 'left center'],
  right: ['auto', 'right center'],
  'top left': ['auto', 'left top'],
  'top right': ['auto', 'right top'],
  'bottom left': ['auto', 'left bottom'],
  'bottom right': ['auto', 'right bottom'],
}

/** The children of the page root (`root.cn`) as HTML. */
export function renderTree(root: Data, opts: RenderOptions): string {
  return (Array.isArray(root.cn) ? (root.cn as Data[]) : []).map((n) => renderNode(n, opts)).join('')
}

/**
 * One node as the element its base.wxml template renders: `wx-<component>` with the attributes the
 * template binds (events left out; false, undefined and '' left out, as WeChat's renderer does), and
 * the inner parts WeChat's renderer draws for an image, an input, a scroll-view and a swiper.
 */
export function renderNode(node: Data, opts: RenderOptions, extraStyle = ''): string {
  const nn = String(node.nn)
  const template = opts.templates.get(nn)
  if (!template) throw new Error(`node name "${nn}" has no template in base.wxml (Taro's template shape changed?)`)
  if (template.tag === 'block') return escapeText(String(node.v ?? ''))
  const values: Record<string, unknown> = {}
  for (const [name, binding] of template.attrs) {
    if (/^(bind|catch)/.test(name) || name === 'data-sid') continue
    values[name] = evalBinding(binding, node)
  }
  const own = values.style ? convertRpx(String(values.style), opts.screen) : ''
  const style = extraStyle ? [own.replace(/;\s*$/, ''), extraStyle].filter(Boolean).join(';') : own
  const attrs = Object.entries<unknown>({ ...values, style })
    .filter(([, v]) => v !== undefined && v !== null && v !== false && v !== '')
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeAttr(typeof v === 'object' ? JSON.stringify(v) : String(v))}"`))
    .join('')
  const children = Array.isArray(node.cn) ? (node.cn as Data[]) : []
  const inner = () => children.map((c) => renderNode(c, opts)).join('')
  const tag = `wx-${template.tag}`
  return `<${tag}${attrs}>${innerOf(template.tag, values, children, inner, opts)}</${tag}>`
}

function innerOf(tag: string, v: Record<string, unknown>, children: Data[], inner: () => string, opts: RenderOptions): string {
  switch (tag) {
    case 'image': {
      const src = typeof v.src === 'string' ? v.src : ''
      const mode = String(v.mode ?? 'scaleToFill')
      if (!src) return '<div></div>'
      // widthFix / heightFix: the picture's own ratio sets the other side
      if (mode === 'widthFix' || mode === 'heightFix') return `<img src="${escapeAttr(src)}" style="${mode === 'widthFix' ? 'width:100%;height:auto' : 'height:100%;width:auto'}">`
      const [size, position] = IMAGE_MODES[mode] ?? IMAGE_MODES.scaleToFill
      return `<div style="background-image:url(&quot;${escapeAttr(src)}&quot;);background-size:${size};background-position:${position}"></div>`
    }
    case 'input': {
      const value = v.value === undefined || v.value === null ? '' : String(v.value)
      const placeholder = !value && v.placeholder
        ? `<div class="wx-input-placeholder ${escapeAttr(String(v['placeholder-class'] ?? 'input-placeholder'))}" style="${escapeAttr(convertRpx(String(v['placeholder-style'] ?? ''), opts.screen))}">${escapeText(String(v.placeholder))}</div>`
        : ''
      const type = v.password ? 'password' : 'text'
      return `<div class="wx-input-wrapper">${placeholder}<input type="${type}" value="${escapeAttr(value)}" tabindex="-1"></div>`
    }
    case 'scroll-view': {
      const overflow = `overflow-x:${v['scroll-x'] ? 'auto' : 'hidden'};overflow-y:${v['scroll-y'] ? 'auto' : 'hidden'}`
      // enable-flex: the scroll-view's own flex layout reaches its children
      const flex = v['enable-flex'] ? ';display:inherit;flex-direction:inherit;flex-wrap:inherit;align-items:inherit;justify-content:inherit;gap:inherit' : ''
      return `<div class="wx-scroll-view" style="${overflow}${flex}">${inner()}</div>`
    }
    case 'swiper': {
      const current = Number(v.current ?? 0)
      const axis = v.vertical ? 'Y' : 'X'
      const slides = children.map((c, k) => renderNode(c, opts, `transform:translate${axis}(${(k - current) * 100}%)`)).join('')
      const dots = v['indicator-dots']
        ? `<div class="wx-swiper-dots">${children.map((_, k) => `<span class="wx-swiper-dot" style="background:${escapeAttr(String(k === current ? v['indicator-active-color'] ?? '#000000' : v['indicator-color'] ?? 'rgba(0, 0, 0, .3)'))}"></span>`).join('')}</div>`
        : ''
      return `<div class="wx-swiper-wrapper"><div class="wx-swiper-slides">${slides}</div>${dots}</div>`
    }
    default:
      return inner()
  }
}

/** WeChat's own chrome above a page with a custom title bar: the status bar and the capsule. */
export function wechatChrome(screen: Screen): string {
  const m = screen.menuButton
  const half = m.width / 2
  const icon = (x: number, body: string) => `<svg width="${half}" height="${m.height}" viewBox="0 0 ${half} ${m.height}" style="position:absolute;left:${x}px;top:0">${body}</svg>`
  const cy = m.height / 2
  const more = `<circle cx="${half / 2 - 7}" cy="${cy}" r="2.2" fill="#000"/><circle cx="${half / 2}" cy="${cy}" r="3.2" fill="#000"/><circle cx="${half / 2 + 7}" cy="${cy}" r="2.2" fill="#000"/>`
  const exit = `<circle cx="${half / 2}" cy="${cy}" r="8" fill="none" stroke="#000" stroke-width="2"/><circle cx="${half / 2}" cy="${cy}" r="3.2" fill="#000"/>`
  const capsule = `<div class="wx-capsule" style="position:fixed;left:${m.left}px;top:${m.top}px;width:${m.width}px;height:${m.height}px;box-sizing:border-box;border-radius:${m.height / 2}px;`
    + `background:rgba(255,255,255,0.6);border:0.5px solid rgba(0,0,0,0.12);z-index:2147483647">`
    + `${icon(0, more)}<div style="position:absolute;left:${half - 0.25}px;top:${(m.height - 18) / 2}px;width:0.5px;height:18px;background:rgba(0,0,0,0.2)"></div>${icon(half, exit)}</div>`
  const sb = screen.statusBarHeight
  const battery = `<svg width="27" height="13" viewBox="0 0 27 13"><rect x="0.5" y="0.5" width="22" height="12" rx="3.5" fill="none" stroke="#000" stroke-opacity="0.4"/><rect x="2" y="2" width="19" height="9" rx="2" fill="#000"/><path d="M24 4.5v4c.8-.3 1.4-1.1 1.4-2s-.6-1.7-1.4-2z" fill="#000" fill-opacity="0.4"/></svg>`
  const signal = `<svg width="18" height="12" viewBox="0 0 18 12">${[0, 1, 2, 3].map((k) => `<rect x="${k * 5}" y="${9 - k * 3}" width="3" height="${3 + k * 3}" rx="1" fill="#000"/>`).join('')}</svg>`
  const wifi = `<svg width="16" height="12" viewBox="0 0 16 12"><path d="M8 2.6c2.3 0 4.4.9 6 2.4l1.2-1.2A10.2 10.2 0 0 0 8 .9 10.2 10.2 0 0 0 .8 3.8L2 5a8.6 8.6 0 0 1 6-2.4zm0 3.3c1.4 0 2.6.5 3.6 1.4L12.8 6A6.9 6.9 0 0 0 8 4.2 6.9 6.9 0 0 0 3.2 6l1.2 1.3c1-.9 2.2-1.4 3.6-1.4zm0 3.3c.5 0 1 .2 1.3.5L8 11.1 6.7 9.7c.3-.3.8-.5 1.3-.5z" fill="#000"/></svg>`
  const statusBar = `<div class="wx-status-bar" style="position:fixed;left:0;right:0;top:0;height:${sb}px;z-index:2147483647;display:flex;align-items:center;justify-content:space-between;padding:0 26px 0 32px;box-sizing:border-box;`
    + `font:600 15px -apple-system,'Noto Sans CJK SC',sans-serif;color:#000"><span>9:41</span><span style="display:flex;gap:5px;align-items:center">${signal}${wifi}${battery}</span></div>`
  return statusBar + capsule
}

export interface PageDocument {
  /** The built mini-program (dist/weapp). */
  distRoot: string
  /** The page's route (`pages/index/index`): its wxss is `<route>.wxss`. */
  route: string
  /** The page's data as the logic layer holds it (`{ root: { cn: [...] } }`). */
  data: Data
  screen: Screen
}

/** The whole HTML document of one page: WeChat's component styles, the build's wxss, the tree, the chrome. */
export function pageDocument(doc: PageDocument): string {
  const templates = parseBaseTemplates(readFileSync(join(doc.distRoot, 'base.wxml'), 'utf8'))
  const css = (file: string) => wxssToCss(loadWxss(doc.distRoot, join(doc.distRoot, file)), doc.screen)
  const root = (doc.data.root ?? {}) as Data
  return [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=${doc.screen.windowWidth},initial-scale=1">`,
    `<style>${WECHAT_COMPONENT_CSS}</style>`,
    `<style>${css('app.wxss')}</style>`,
    `<style>${css(`${doc.route}.wxss`)}</style>`,
    '</head><body>',
    renderTree(root, { templates, screen: doc.screen }),
    wechatChrome(doc.screen),
    '</body></html>',
  ].join('\n')
}
