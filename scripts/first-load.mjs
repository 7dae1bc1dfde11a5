#!/usr/bin/env node
/**
 * npm run check:first-load: cheap, deterministic stand-ins for home's first load, run in CI
 * where `npm run perf` (slow, noisy) is not. The H5 build is served as production serves it, against
 * the local stack, in Debian Chromium on a 390 x 844 phone, twice: a first visit, and a returning user
 * (logged in once before, so home starts from the saved session and home cache). For each it prints:
 *
 * - JS evaluated before first contentful paint: the script files whose evaluation began before the
 *   FCP mark of a trace, raw and gzip. Every script the HTML does not name is held back until the
 *   first contentful paint (at most CHUNK_HOLD_MS), so a lazy chunk counts only when the first paint
 *   waits for it (the figure does not depend on how fast this machine is). Fails over FIRST_PAINT_JS_GZIP_BUDGET.
 * - DOM: elements in the document once home has settled (its blocks shown, the network quiet), before
 *   any interaction, and how many of them lie below the first screen. Fails over DOM_NODES_BUDGET.
 * - images without a box of their own: an <img> whose box collapses when it has no picture (its size
 *   would come from the picture, moving what is below it when it arrives). Fails over 0.
 * - layout shifts seen without throttling, with what moved (for the record; Lighthouse's simulated CLS
 *   is what `npm run perf` reports).
 * - home's static shell (config/homeShell.ts, in index.html): loaded with every script and stylesheet
 *   refused, the page must paint (a first contentful paint with no JavaScript at all), and each box of the shell
 *   must lie where the app, once loaded, lays out the element it stands for (within SHELL_BOX_TOLERANCE_PX).
 *   Fails when they differ, when the shell does not paint, or when the shell is still in the document
 *   after home has loaded (the app took over). A build without a shell (the dev server's) is reported as such.
 *
 * Usage: node scripts/first-load.mjs [dist/h5] [--json out.json]
 * Ports: GATEWAY_PORT / MQTT_WS_PORT / H5_PORT (defaults 8787 / 8883 / 10086), as the build was made.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchPhone } from '../e2e/browser.mjs'
import { serveStatic } from './serve-static.mjs'
import { startStackProcess, stopStackAndServer } from './a11y.mjs'

/** gzip bytes of JavaScript evaluated before home's first contentful paint (either visit). */
export const FIRST_PAINT_JS_GZIP_BUDGET = 149 * 1024
/** Elements in the document on home before the first interaction (either visit). */
export const DOM_NODES_BUDGET = 340
/** Images whose box depends on their picture. */
export const UNBOXED_IMAGES_BUDGET = 0
/** How far (CSS px) a shell box may lie from the app's box for it: sub-pixel rounding only. */
export const SHELL_BOX_TOLERANCE_PX = 1

const args = process.argv.slice(2)
const jsonAt = args.indexOf('--json')
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined
const DIR = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--json') ?? 'dist/h5'
const H5_PORT = Number(process.env.H5_PORT || 10086)
const DEMO_PHONE = '13800000000'
/** Lazy chunks are answered after FCP, or this late: what first paint needs shows as a late FCP, and is counted. */
const CHUNK_HOLD_MS = 3_000
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

/** Records paints and layout shifts from the first byte (runs before the app's scripts). */
function observe() {
  const w = /** @type {any} */ (window)
  w.__shifts = []
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : '(gone)'
    const cls = typeof node.className === 'string' ? node.className.trim().split(/\s+/).slice(0, 2).join('.') : ''
    return `${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue
      if (e.value < 0.0005) continue
      w.__shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources || []).map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`) })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/** Counts in the page once home has settled. */
function measureDom() {
  const all = document.getElementsByTagName('*')
  const fold = window.innerHeight
  let below = 0
  for (const el of all) {
    const r = el.getBoundingClientRect()
    if (r.top >= fold && (r.width > 0 || r.height > 0)) below++
  }
  // an image has a box of its own when a copy without its picture keeps a non-zero size
  const unboxed = []
  for (const img of document.querySelectorAll('.taro_page_show img')) {
    const holder = img.parentElement && img.parentElement.children.length === 1 ? img.parentElement : img
    const copy = /** @type {HTMLElement} */ (holder.cloneNode(true))
    const copyImg = copy.tagName === 'IMG' ? copy : copy.querySelector('img')
    copyImg.removeAttribute('src')
    copyImg.removeAttribute('srcset')
    copyImg.setAttribute('alt', '')
    copy.style.visibility = 'hidden'
    holder.after(copy)
    const c = copy.getBoundingClientRect()
    copy.remove()
    if (c.width < 1 || c.height < 1) unboxed.push(`${holder.className || img.className || 'img'} (${Math.round(c.width)} x ${Math.round(c.height)} without its picture)`)
  }
  return { nodes: all.length, belowFold: below, images: document.querySelectorAll('.taro_page_show img').length, unboxed }
}

async function settle(page) {
  const shown = (sel) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`).first()
  await shown('.block__title').waitFor({ timeout: 20_000 })
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined)
  await page.waitForTimeout(CHUNK_HOLD_MS + 1_500)
}

async function logInOnce(context, url) {
  const page = await context.newPage()
  const shown = (sel) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`).first()
  await page.goto(url)
  await shown('.login-card__hint').waitFor({ timeout: 20_000 })
  await shown('.consent__box').click()
  await shown('.login-card__action').click()
  await page.locator('.taro_page_show:not(.taro_page_shade) .tv-card__state', { hasText: '电视在线' }).first().waitFor({ timeout: 20_000 })
  await page.waitForTimeout(2_000)
  await page.close()
}

/** The rectangles of the first shown element matching each selector of the app's page (null: none shown). */
function boxesOf(selectors) {
  return selectors.map((sel) => {
    const el = document.querySelector(`.taro_page_show:not(.taro_page_shade) ${sel}`)
    const r = el?.getBoundingClientRect()
    return r && r.width > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null
  })
}

/** The shell's visible boxes, each with the app selector it stands for (data-shell-box). */
function shellBoxesNow() {
  return [...document.querySelectorAll('[data-shell-box]')]
    .map((el) => ({ selector: el.getAttribute('data-shell-box'), r: el.getBoundingClientRect() }))
    .filter((b) => b.r.width > 0 && b.r.height > 0)
    .map((b) => ({ selector: b.selector, box: { x: b.r.x, y: b.r.y, width: b.r.width, height: b.r.height } }))
}

/**
 * Home as the HTML and CSS alone paint it (every script refused): whether it painted, and the shell's
 * boxes. In a page of its own in the same browser, so a returning user's storage picks the same variant.
 */
async function shellOnly(context, url) {
  const page = await context.newPage()
  // no script and no stylesheet: what the HTML alone paints (its inline CSS included)
  await page.route(/\.(js|css)(\?|$)/, (route) => route.abort())
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(300)
  const painted = await page.evaluate(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'))
  const boxes = await page.evaluate(shellBoxesNow)
  await page.close()
  return { painted, boxes }
}

/** Each shell box against the app's box for it; mismatches are listed. */
function compareShell(shellBoxes, appBoxes, shellLeft) {
  const off = []
  shellBoxes.forEach((s, i) => {
    const a = appBoxes[i]
    if (!a) return off.push(`${s.selector}: not on the loaded page`)
    const d = Math.max(...['x', 'y', 'width', 'height'].map((k) => Math.abs(s.box[k] - a[k])))
    if (d > SHELL_BOX_TOLERANCE_PX) off.push(`${s.selector}: shell ${fmtBox(s.box)}, app ${fmtBox(a)}`)
  })
  return { boxes: shellBoxes.length, off, left: shellLeft }
}

const fmtBox = (b) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`

/** One traced load of home: the JS evaluated before FCP, the DOM once settled, the layout shifts, the shell against the app. */
async function visit(context, url, name) {
  const { painted: shellPainted, boxes: shellBoxes } = await shellOnly(context, url)
  const page = await context.newPage()
  await page.addInitScript(observe)
  let painted
  const fcpSeen = new Promise((r) => (painted = r))
  await page.exposeBinding('__painted', () => painted())
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) /** @type {any} */ (window).__painted()
    }).observe({ type: 'paint', buffered: true })
  })
  // the scripts the HTML names (tags, or preloads it starts after the first frame): only lazy chunks are held
  const html = readFileSync(join(DIR, 'index.html'), 'utf8')
  const entry = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link href="([^"]+)" rel="preload" as="script"/g)].map((m) => m[1]))
  await page.route(/\.js(\?|$)/, async (route) => {
    if (!entry.has(new URL(route.request().url()).pathname)) await Promise.race([fcpSeen, new Promise((r) => setTimeout(r, CHUNK_HOLD_MS))])
    await route.continue().catch(() => undefined)
  })
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  const cdp = await context.newCDPSession(page)
  const events = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,loading', options: 'sampling-frequency=10000' })
  await page.goto(url)
  await settle(page)
  await cdp.send('Tracing.end')
  await done
  const dom = await page.evaluate(measureDom)
  const appBoxes = await page.evaluate(boxesOf, shellBoxes.map((b) => b.selector))
  const shellLeft = await page.evaluate(() => document.querySelectorAll('[data-shell-box]').length)
  const shifts = await page.evaluate(() => /** @type {any} */ (window).__shifts)
  await page.close()

  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  if (!fcp) throw new Error(`${name}: no first contentful paint in the trace`)
  const files = new Set()
  for (const e of events) {
    const src = e.name === 'EvaluateScript' ? e.args?.data?.url : undefined
    if (src && e.ts < fcp.ts && src.startsWith('http') && new URL(src).pathname.endsWith('.js')) files.add(new URL(src).pathname)
  }
  let raw = 0
  let gzip = 0
  for (const f of files) {
    const path = join(DIR, f)
    if (!existsSync(path)) continue
    const buf = readFileSync(path)
    raw += buf.length
    gzip += gzipSync(buf, { level: 9 }).length
  }
  const cls = shifts.reduce((s, x) => s + x.value, 0)
  const shell = compareShell(shellBoxes, appBoxes, shellLeft)
  return { name, js: { files: [...files], raw, gzip }, dom, cls, shifts, errors, shell, shellPainted }
}

async function main() {
  if (!existsSync(join(DIR, 'index.html'))) throw new Error(`${DIR}/index.html missing: npm run build:h5 first`)
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-first-load-'))
  const stack = await startStackProcess(dataDir)
  const served = await serveStatic(DIR, H5_PORT, '127.0.0.1', { production: true })
  const url = `${served.url}?phone=${DEMO_PHONE}#/`
  const results = []
  let context
  try {
    context = await launchPhone()
    results.push(await visit(context, url, 'first visit'))
    await context.close()
    context = await launchPhone()
    await logInOnce(context, url)
    results.push(await visit(context, url, 'returning user'))
  } finally {
    await context?.close()
    await stopStackAndServer(stack, served, dataDir)
  }

  let failed = false
  const over = (value, budget) => {
    const o = value > budget
    failed ||= o
    return o ? '  OVER BUDGET' : ''
  }
  console.log(`home's first load in Chromium (390 x 844, no throttling), built app in ${DIR}:`)
  for (const r of results) {
    console.log(`  ${r.name}:`)
    console.log(`    JS evaluated before first contentful paint: ${kb(r.js.raw)} raw, ${kb(r.js.gzip)} gzip / ${kb(FIRST_PAINT_JS_GZIP_BUDGET)} (${r.js.files.join(', ')})${over(r.js.gzip, FIRST_PAINT_JS_GZIP_BUDGET)}`)
    console.log(`    DOM elements before the first interaction: ${r.dom.nodes} / ${DOM_NODES_BUDGET} (${r.dom.belowFold} below the first screen)${over(r.dom.nodes, DOM_NODES_BUDGET)}`)
    console.log(`    images without a box of their own: ${r.dom.unboxed.length} / ${UNBOXED_IMAGES_BUDGET} of ${r.dom.images}${r.dom.unboxed.length ? `: ${r.dom.unboxed.join(', ')}` : ''}${over(r.dom.unboxed.length, UNBOXED_IMAGES_BUDGET)}`)
    console.log(`    layout shifts (unthrottled, for the record): ${r.cls.toFixed(3)}${r.shifts.map((s) => `\n      ${s.value.toFixed(3)} at ${s.at} ms: ${s.sources.join(', ') || '?'}`).join('')}`)
    const hasShell = r.shell.boxes > 0
    if (!hasShell) console.log('    static shell: none in this build (scripts paint the first frame)')
    else {
      const bad = !r.shellPainted || r.shell.off.length > 0 || r.shell.left > 0
      failed ||= bad
      console.log(`    static shell: ${r.shellPainted ? 'painted with no JavaScript' : 'DID NOT PAINT without JavaScript'}; ${r.shell.boxes - r.shell.off.length} / ${r.shell.boxes} boxes where the app lays them out${r.shell.off.length ? `  DIFFER: ${r.shell.off.join('; ')}` : ''}${r.shell.left ? '; STILL IN THE DOCUMENT after home loaded' : '; taken out once the app took over'}`)
    }
    if (r.errors.length) {
      failed = true
      console.log(`    PAGE ERRORS: ${r.errors.join('; ')}`)
    }
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2))
  process.exit(failed ? 1 : 0)
}

main().catch((e) => {
  console.error(`first-load check could not run: ${e instanceof Error ? e.stack : String(e)}`)
  process.exit(1)
})
