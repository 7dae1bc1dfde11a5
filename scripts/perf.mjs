/**
 * npm run perf: Lighthouse 13 (mobile preset, simulated throttling, Debian chromium) on the H5 build
 * beside the floor, an empty Taro 4 H5 app (bench/floor), in the same run. Both are served the way
 * production would be (brotli/gzip, immutable caching of hashed files); the app runs against the
 * local stack. Each round measures both builds, taking turns (the first in one round is the second in
 * the next), a first visit and a returning user. It prints every run with the machine's load average,
 * the medians of each build, and the app's ratios to the floor (score difference, FCP, LCP and TBT
 * ratios, CLS). It measures and fails nothing (exit 1 only when it could not run).
 *
 * The floor is built into bench/floor/dist when missing or older than its sources; the app is read
 * from dist/h5 as built (npm run build:h5 first, with the ports below).
 *
 *   npm run perf                         3 rounds, a first visit and a returning user
 *   PERF_ROUNDS=5 npm run perf           more rounds
 *   PERF_USER=first|returning npm run perf   one kind of visit only
 *
 * A returning user: logged in once before the rounds (consent, the login card), so each run starts from
 * the saved session, the home cache and the HTTP cache; the floor is visited once before its returning
 * runs too. Ports: GATEWAY_PORT / MQTT_WS_PORT / H5_PORT (defaults 8787 / 8883 / 10086), as the build
 * was made; the floor is served on a free port.
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { lighthouseChromeFlags } from './chrome-flags.mjs'
import { formatVersus, medians, rotation, versusFloor } from './perf-compare.mjs'
import { serveStatic } from './serve-static.mjs'
import { startStackProcess, stopStackAndServer } from './a11y.mjs'

// Plain Node on purpose: under tsx, esbuild's keepNames helper (__name) leaks into the functions
// Lighthouse serialises into the page, and the run dies with "__name is not defined".
const DEMO_PHONE = '13800000000'

const ROUNDS = Number(process.env.PERF_ROUNDS || process.env.PERF_RUNS || 3)
const USERS = process.env.PERF_USER === 'returning' ? ['returning'] : process.env.PERF_USER === 'first' ? ['first'] : ['first', 'returning']
const H5_PORT = Number(process.env.H5_PORT || 10086)
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium'
const FLOOR = 'bench/floor'

const ms = (n) => `${(n / 1000).toFixed(2)} s`
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ')
const VISIT = { first: 'first visit', returning: 'returning user' }

/** Newest modification time under `dir` (skipping its build output). */
function newest(dir) {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'dist' || e.name === 'node_modules') continue
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

function buildFloor() {
  const out = join(FLOOR, 'dist/index.html')
  if (existsSync(out) && statSync(out).mtimeMs > newest(FLOOR)) return
  console.log('building the floor (an empty Taro 4 H5 app) into bench/floor/dist')
  execSync('npx taro build --type h5', { cwd: FLOOR, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
}

function figures(lhr) {
  const num = (id) => Number(lhr.audits[id]?.numericValue ?? NaN)
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
  }
}

const line = (f) => `score ${f.score}  FCP ${ms(f.fcp)}  LCP ${ms(f.lcp)}  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}  ${(f.bytes / 1024).toFixed(1)} KiB`

async function launch() {
  return chromeLauncher.launch({ chromePath: CHROME, ignoreDefaultFlags: true, chromeFlags: lighthouseChromeFlags(chromeLauncher.Launcher.defaultFlags()) })
}

async function main() {
  if (!existsSync('dist/h5/index.html')) {
    console.log('dist/h5 missing: npm run build:h5')
    execSync('npm run build:h5', { stdio: 'inherit' })
  }
  buildFloor()
  const chromium = execSync(`${CHROME} --version`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-perf-'))
  const stack = await startStackProcess(dataDir)
  const served = await serveStatic('dist/h5', H5_PORT, '127.0.0.1', { production: true })
  const floorServed = await serveStatic(join(FLOOR, 'dist'), 0, '127.0.0.1', { production: true })
  const builds = {
    app: { url: `${served.url}?phone=${DEMO_PHONE}#/`, runs: { first: [], returning: [] } },
    floor: { url: floorServed.url, runs: { first: [], returning: [] } },
  }
  const started = Date.now()
  console.log(`${chromium}; Lighthouse mobile preset (simulated slow 4G, 4x CPU); ${ROUNDS} rounds; load average at start ${load()}`)
  // one browser per kind of visit: the returning user's keeps its storage and cache between runs
  const chrome = {}
  try {
    for (const user of USERS) {
      chrome[user] = await launch()
      if (user === 'returning') {
        await logInOnce(chrome[user].port, builds.app.url)
        await visitOnce(chrome[user].port, builds.floor.url)
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const user of USERS) {
        for (const name of rotation(['app', 'floor'], round)) {
          const before = load()
          const result = await lighthouse(builds[name].url, { port: chrome[user].port, output: 'json', onlyCategories: ['performance'], logLevel: 'error', disableStorageReset: user === 'returning', ...(process.env.PERF_CPU_SAMPLES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}) })
          if (!result) throw new Error('lighthouse returned nothing')
          const f = { ...figures(result.lhr), load: before }
          builds[name].runs[user].push(f)
          console.log(`round ${round + 1} ${VISIT[user].padEnd(14)} ${name.padEnd(5)}  ${line(f)}  (load ${before})`)
          if (name === 'app') {
            mkdirSync('.artifacts', { recursive: true })
            writeFileSync(`.artifacts/lighthouse${user === 'returning' ? '-returning' : ''}.json`, JSON.stringify(result.lhr))
            // the unthrottled trace Lighthouse simulated from (main-thread tasks x4 are what TBT counts)
            const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass
            if (trace) writeFileSync(`.artifacts/lighthouse${user === 'returning' ? '-returning' : ''}-trace.json`, JSON.stringify(trace))
          }
        }
      }
    }
  } finally {
    for (const c of Object.values(chrome)) await c.kill()
    floorServed.server.close()
    await stopStackAndServer(stack, served, dataDir)
  }
  const report = { chromium, rounds: ROUNDS, minutes: (Date.now() - started) / 60_000, loadAtEnd: load(), users: {} }
  console.log(`\nmedians of ${ROUNDS} rounds (${chromium}; load average at end ${report.loadAtEnd}; ${report.minutes.toFixed(1)} min):`)
  for (const user of USERS) {
    const app = medians(builds.app.runs[user])
    const floor = medians(builds.floor.runs[user])
    const versus = versusFloor(app, floor)
    report.users[user] = { app, floor, versus, runs: { app: builds.app.runs[user], floor: builds.floor.runs[user] } }
    console.log(`  ${VISIT[user]}:`)
    console.log(`    floor  ${line(floor)}`)
    console.log(`    app    ${line(app)}`)
    console.log(`    app / floor: ${formatVersus(versus)}`)
  }
  mkdirSync('.artifacts', { recursive: true })
  writeFileSync('.artifacts/perf.json', JSON.stringify(report, null, 1))
  console.log('(every run: .artifacts/perf.json; the app\'s last report and trace: .artifacts/lighthouse[-returning].json, lighthouse[-returning]-trace.json)')
}

/** The demo user logs in as a person would (consent, the login card) in the browser Lighthouse drives; its storage stays. */
async function logInOnce(port, url) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(url)
    // the page on screen (Taro H5 keeps pages it left in the DOM, hidden)
    const shown = (sel) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`).first()
    await shown('.login-card__hint').waitFor({ timeout: 15_000 })
    await shown('.consent__box').click()
    await shown('.login-card__action').click()
    await page.locator('.taro_page_show:not(.taro_page_shade) .tv-card__state', { hasText: '电视在线' }).first().waitFor({ timeout: 15_000 })
    // the home cache and the 继续观看 row are written once home has settled
    await page.waitForTimeout(2_000)
    await page.close()
    console.log('returning user: logged in once; the runs start from the saved session and home cache')
  } finally {
    await browser.close().catch(() => undefined)
  }
}

/** One visit of `url` in the browser Lighthouse drives, so its returning runs find the HTTP cache warm. */
async function visitOnce(port, url) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.close()
  } finally {
    await browser.close().catch(() => undefined)
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`perf could not run: ${e instanceof Error ? e.stack : String(e)}`)
    process.exit(1)
  },
)
