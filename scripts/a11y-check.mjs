#!/usr/bin/env node
/**
 * npm run check:a11y: the age-friendly and accessibility rules on the H5 build, in Debian Chromium on
 * a 375 x 812 phone (WeChat's steps are given for 375-wide screens), against the local stack, logged in
 * as the demo user, every page opened at WeChat's largest text step (23.8 px, factor 1.4: the dev
 * bridge's `fontScale`, as the operator app's bridge would give it), in the standard version and in
 * the 长辈版. Fails (exit 1) on any of:
 *
 * - text clipped, two texts overlapping, the page scrolling sideways (scripts/a11y-layout.mjs);
 * - a tap target under 44 x 44 CSS px; in the 长辈版's remote under 60 x 60;
 * - text under 18 px in the 长辈版's main content;
 * - a colour-contrast failure (axe-core's `color-contrast`, the rule Lighthouse's audit runs; WCAG AA:
 *   4.5:1, 3:1 for large text), or a violation of any other axe rule Lighthouse's accessibility score
 *   counts (LIGHTHOUSE_RULES). Other WCAG A/AA rules axe finds are printed;
 * - the text not following the scale (the root's --fs is not the factor, or a text did not grow).
 *
 * Before that it checks itself: a planted page with one case of each layout rule must give each
 * violation, or the check is not seeing what it should and fails.
 * Prints each page's figures (smallest text, smallest target, counts) and writes .artifacts/a11y-check.json.
 *
 * Usage: node scripts/a11y-check.mjs [dist/h5] [--only <page name part>] [--shots]
 * (--shots: a screenshot of each page into .artifacts/a11y-check/)
 * Ports: GATEWAY_PORT / MQTT_WS_PORT / H5_PORT (defaults 8787 / 8883 / 10086), as the build was made.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { launchPhone } from '../e2e/browser.mjs'
import { serveStatic } from './serve-static.mjs'
import { startStackProcess, stopStackAndServer } from './a11y.mjs'
import { collectLayout, figuresOf, grouped, RULES, violationsOf } from './a11y-layout.mjs'
import lighthouseDefaults from 'lighthouse/core/config/default-config.js'

const require = createRequire(import.meta.url)
const AXE = require.resolve('axe-core/axe.min.js')
/**
 * The axe rules Lighthouse's accessibility score is made of (its audits carry the rules' ids): a
 * violation of one of them fails the check. Other WCAG rules axe reports are printed, not failed
 * (scrollable-region-focusable, a keyboard rule for scroll views, is one: a phone has no keyboard focus).
 */
export const LIGHTHOUSE_RULES = new Set(lighthouseDefaults.categories.accessibility.auditRefs.map((r) => r.id))

/** WeChat's largest step on a 375-wide screen over its standard: 23.8 / 17. */
export const LARGEST_STEP = 1.4
export const PHONE_375 = { width: 375, height: 812 }
const DEMO_PHONE = '13800000000'

/**
 * The pages checked, each with what shows it is ready and what to do before measuring. `version`
 * limits a page to one version; the 长辈版's rules (18 px text, 60 x 60 keys) apply within `main` and
 * `remote` of its pages.
 */
/** The 长辈版 is in this source tree: its pass is then required (src/features/elder). */
export const HAS_ELDER = existsSync(new URL('../src/features/elder', import.meta.url))

export const PAGES = [
  // first, while the demo user has made no choice: at 关怀模式 size home offers the 长辈版; declined here,
  // so the standard version's pages show without it
  ...(HAS_ELDER
    ? [{ name: 'home: the 长辈版 offer', route: '', ready: '[data-testid="elder-offer"]', version: 'standard', after: async (shown) => (await shown('[data-action="elder-decline"]').click(), await shown('[data-testid="elder-offer"]').waitFor({ state: 'detached', timeout: 10_000 })) }]
    : []),
  { name: 'home', route: '', ready: '.tv-card__state', version: 'standard' },
  { name: 'home: remote (keys)', route: '', ready: '.tv-card__state', open: async (shown) => openRemote(shown), version: 'standard' },
  { name: 'home: remote (touch pad)', route: '', ready: '.tv-card__state', open: async (shown) => (await openRemote(shown), await shown('.remote__mode[data-mode="touch"]').click(), await shown('.touch-pad').waitFor({ timeout: 10_000 })), version: 'standard' },
  { name: '我的', route: 'pages/my-home/my-home', ready: '.page-shell', both: true },
  { name: 'search', route: 'pages/index-search/index-search', ready: '.page-shell' },
  { name: 'list (flow-more)', route: `subpackages/pages/flow-more/flow-more?flowId=f01&title=${encodeURIComponent('猜你喜欢')}`, ready: '.page-shell' },
  { name: 'my TVs', route: 'pages/my-tv/my-tv', ready: '.page-shell' },
  { name: 'detail', route: `subpackages/pages/flow-more/flow-more?flowId=f01&title=${encodeURIComponent('猜你喜欢')}`, ready: '.program-card', open: async (shown) => (await shown('.program-card').click(), await shown('.detail-hero').waitFor({ timeout: 15_000 })) },
  { name: 'favourites', route: 'pages/my-fav/my-fav', ready: '.page-shell' },
  { name: 'watch records', route: 'pages/my-record/my-record', ready: '.page-shell' },
  { name: 'locks', route: 'pages/my-one-lock/my-one-lock', ready: '.page-shell' },
  { name: 'black list', route: 'pages/my-black-list/my-black-list', ready: '.page-shell' },
  { name: 'tab mode', route: 'pages/my-tabmode/my-tabmode', ready: '.page-shell' },
  { name: 'my info', route: 'pages/my-info/my-info', ready: '.page-shell' },
  { name: 'minors mode', route: 'subpackages/pages/minors-mode/minors-mode', ready: '.page-shell' },
  { name: 'points', route: 'subpackages4/pages/points-list/points-list', ready: '.page-shell' },
  { name: 'activity', route: 'subpackages4/pages/activity-index/activity-index', ready: '.page-shell' },
  { name: 'prizes', route: 'subpackages4/pages/points-exchange/points-exchange', ready: '.page-shell' },
  { name: 'address form', route: 'subpackages9/pages/add-address/add-address', ready: '.page-shell' },
  { name: 'schedule (预约)', route: 'subpackages/pages/live-channel/live-channel?channelId=ch01', ready: '.page-shell' },
  { name: '我的预约', route: 'subpackages/pages/my-reminders/my-reminders', ready: '.page-shell' },
  // the 长辈版's own pages: its home (TV card, big remote, channels, continue watching) and 设置
  { name: 'home', route: '', ready: '[data-version="elder"] [data-part="elder-remote"]', version: 'elder', main: true },
  { name: '设置', route: 'subpackages/pages/settings/settings', ready: '[data-testid="elder-switch"]', version: 'elder' },
]

/** The versions: the standard one, and the 长辈版 (switched on for the demo user before the page loads). */
export const VERSIONS = [
  { name: 'standard', prepare: null, main: '', remote: '' },
  ...(HAS_ELDER
    ? [
        {
          name: '长辈版',
          // the switch in 我的 → 设置, as a user turns it on
          prepare: async (open, shown) => {
            await open('subpackages/pages/settings/settings')
            const sw = shown('[data-testid="elder-switch"]')
            await sw.waitFor({ timeout: 20_000 })
            if ((await sw.getAttribute('aria-checked')) !== 'true') await sw.click()
            await shown('[data-testid="elder-switch"][aria-checked="true"]').waitFor({ timeout: 10_000 })
          },
          main: '[data-version="elder"]',
          remote: '[data-part="elder-remote"]',
        },
      ]
    : []),
]

async function openRemote(shown) {
  await shown('.guide-remote').click()
  await shown('.remote__key').first().waitFor({ timeout: 10_000 })
}

/** A page with one case of each layout rule (and one clean case of each): the check must see them all. */
const PLANTED = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><style>
body{margin:0;font:16px sans-serif} .box{width:120px;height:20px;overflow:hidden;white-space:nowrap} .ell{text-overflow:ellipsis}
.abs{position:absolute;top:200px;left:10px;font-size:20px} .wide{width:600px;height:4px} .main{font-size:14px}
</style></head><body>
<div class="box">this line is far too long to fit in its box</div>
<div class="box ell">this line is shortened on purpose with an ellipsis</div>
<div class="abs">overlapping one</div><div class="abs" style="left:30px">overlapping two</div>
<button style="width:30px;height:30px">x</button><button style="width:48px;height:48px">ok</button>
<div class="main" id="main">small main text</div><div class="wide"></div>
</body></html>`

/** The planted page's violations, by rule (each rule must be found once, and the clean cases not). */
export async function selfTest(page) {
  await page.setContent(PLANTED)
  const snap = await page.evaluate(collectLayout, { main: '#main', remote: '', width: PHONE_375.width })
  const found = violationsOf(snap, { checkMainText: true })
  const by = (rule) => found.filter((v) => v.rule === rule)
  const problems = []
  if (by('clipped').length !== 1 || !by('clipped')[0].what.includes('far too long')) problems.push(`clipped text: ${JSON.stringify(by('clipped'))}`)
  if (by('overlap').length !== 1) problems.push(`overlap: ${JSON.stringify(by('overlap'))}`)
  if (by('target').length !== 1 || !by('target')[0].what.includes('"x"')) problems.push(`small target: ${JSON.stringify(by('target'))}`)
  if (by('small-text').length !== 1) problems.push(`small main text: ${JSON.stringify(by('small-text'))}`)
  if (by('sideways').length !== 1) problems.push(`sideways: ${JSON.stringify(by('sideways'))}`)
  return problems
}

/** axe-core's WCAG 2 A/AA violations on the page as it is (color-contrast among them). */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${n.any[0]?.message ? `: ${n.any[0].message}` : ''}`), count: v.nodes.length }))
  })
}

async function main() {
  const args = process.argv.slice(2)
  const onlyAt = args.indexOf('--only')
  const only = onlyAt >= 0 ? args[onlyAt + 1] : ''
  const shots = args.includes('--shots')
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--only') ?? 'dist/h5'
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} is missing: npm run build:h5 first`)
  const started = Date.now()
  const context = await launchPhone()
  const report = { selfTest: [], pages: [], scale: null }
  let failed = false
  let stack = null
  let served = null
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-a11y-check-'))
  try {
    const page = await context.newPage()
    await page.setViewportSize(PHONE_375)
    report.selfTest = await selfTest(page)
    if (report.selfTest.length) {
      failed = true
      console.log(`self-test FAILED: the check does not see what it should:\n  ${report.selfTest.join('\n  ')}`)
    } else console.log('self-test: each planted violation found (clipped, overlap, small target, small main text, sideways)')

    stack = await startStackProcess(dataDir)
    served = await serveStatic(dir, Number(process.env.H5_PORT || 10086), '127.0.0.1', { production: true })
    const shown = (sel) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`).first()
    const open = async (route, scale) => {
      await page.goto(`${served.url}?phone=${DEMO_PHONE}&fontScale=${scale}#/${route}`)
      await page.reload()
    }

    // log in once (consent, then the bridge's number), at the standard size
    await open('', 1)
    await shown('.consent__box').click()
    await shown('.login-card__action').click()
    await page.locator('.taro_page_show:not(.taro_page_shade) .tv-card__state', { hasText: '电视在线' }).first().waitFor({ timeout: 20_000 })
    const standardPx = await shown('.tv-card__state').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))

    // the text follows the scale: the root's factor, and a text 1.4 times its standard size
    await open('', LARGEST_STEP)
    await shown('.tv-card__state').waitFor({ timeout: 20_000 })
    await page.waitForFunction((f) => getComputedStyle(document.documentElement).getPropertyValue('--fs').trim() === String(f), LARGEST_STEP, { timeout: 10_000 }).catch(() => undefined)
    const rootFactor = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fs').trim())
    const largestPx = await shown('.tv-card__state').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
    report.scale = { rootFactor, standardPx, largestPx, ratio: largestPx / standardPx }
    const follows = rootFactor === String(LARGEST_STEP) && Math.abs(largestPx / standardPx - LARGEST_STEP) < 0.02
    console.log(`text scale: --fs ${rootFactor || '(unset)'}, .tv-card__state ${standardPx} px -> ${largestPx} px (x${(largestPx / standardPx).toFixed(3)})${follows ? '' : '  FAILED: the text does not follow the scale'}`)
    if (!follows) failed = true

    for (const version of VERSIONS) {
      if (version.prepare) await version.prepare((route) => open(route, LARGEST_STEP), shown)
      for (const p of PAGES) {
        const pageVersion = p.version === 'elder' ? '长辈版' : p.version
        if ((pageVersion ? pageVersion !== version.name : version.name !== 'standard' && !p.both) || (only && !p.name.includes(only))) continue
        const label = `${version.name} · ${p.name}`
        const entry = { version: version.name, page: p.name, violations: [], axe: [], figures: null }
        try {
          await open(p.route, LARGEST_STEP)
          await shown(p.ready).waitFor({ timeout: 20_000 })
          await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
          if (p.open) await p.open(shown)
          await page.waitForTimeout(600)
          const scope = { checkMainText: !!version.main, checkRemote: !!version.remote }
          const snap = await page.evaluate(collectLayout, { main: version.main, remote: version.remote, width: PHONE_375.width })
          if (version.main && p.main && !snap.mainFound) entry.violations.push({ rule: 'setup', what: version.main, detail: 'the 长辈版 main content is not on the page' })
          entry.violations.push(...violationsOf(snap, scope))
          entry.figures = figuresOf(snap, scope)
          entry.axe = await axeViolations(page)
          if (p.after) await p.after(shown)
        } catch (e) {
          entry.violations.push({ rule: 'setup', what: p.name, detail: `could not be checked: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` })
        }
        report.pages.push(entry)
        const f = entry.figures
        const contrast = entry.axe.filter((a) => a.id === 'color-contrast').reduce((n, a) => n + a.count, 0)
        const counted = entry.axe.filter((a) => LIGHTHOUSE_RULES.has(a.id))
        console.log(
          `${entry.violations.length || counted.length ? 'FAIL' : 'ok  '} ${label}: ` +
            (f ? `smallest text ${f.smallestText} px${f.smallestMainText != null ? ` (main ${f.smallestMainText} px)` : ''}, smallest target ${f.smallestTarget?.toFixed(1)} px of ${f.targets}${f.smallestRemoteKey != null ? `, remote keys ${f.remoteKeys} (smallest ${f.smallestRemoteKey.toFixed(1)} px)` : ''}, ${f.texts} texts (${f.shortened} shortened with an ellipsis), ` : '') +
            `contrast failures ${contrast}, other violations of Lighthouse's rules ${counted.filter((a) => a.id !== 'color-contrast').length}, of other axe rules ${entry.axe.length - counted.length}`,
        )
        for (const line of grouped(entry.violations)) console.log(`     ${line}`)
        if (shots) {
          mkdirSync('.artifacts/a11y-check', { recursive: true })
          await page.screenshot({ scale: 'css', path: `.artifacts/a11y-check/${version.name}-${p.name.replace(/[^\w\u4e00-\u9fff]+/g, '-')}.png` }).catch(() => undefined)
        }
        for (const a of counted) console.log(`     axe ${a.id} (${a.impact}, ${a.count}): ${a.help}\n       ${a.nodes.join('\n       ')}`)
        for (const a of entry.axe.filter((x) => !LIGHTHOUSE_RULES.has(x.id))) console.log(`     (not failed: axe ${a.id}, ${a.count}, not in Lighthouse's score)`)
        if (entry.violations.length || counted.length) failed = true
      }
    }
  } finally {
    await context.close()
    if (stack && served) await stopStackAndServer(stack, served, dataDir)
  }
  mkdirSync('.artifacts', { recursive: true })
  writeFileSync('.artifacts/a11y-check.json', JSON.stringify(report, null, 1))
  console.log(`(${report.pages.length} pages at text factor ${LARGEST_STEP} in ${((Date.now() - started) / 1000).toFixed(0)} s; rules: targets >= ${RULES.minTargetPx} px, 长辈版 remote >= ${RULES.minRemoteTargetPx} px, 长辈版 main text >= ${RULES.minMainTextPx} px; details in .artifacts/a11y-check.json)`)
  return failed
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (failed) => process.exit(failed ? 1 : 0),
    (e) => {
      console.error(`check:a11y could not run: ${e instanceof Error ? e.stack : String(e)}`)
      process.exit(1)
    },
  )
}
