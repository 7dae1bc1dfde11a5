/**
 * npm run perf: Lighthouse (mobile preset, simulated throttling) on the H5 build, served the way
 * production would be (brotli/gzip, immutable caching of hashed files), against the local stack.
 * Three runs; prints each and the median of score, FCP, LCP, TBT, CLS and bytes transferred. It
 * measures and fails nothing (exit 1 only when it could not run).
 *
 * Ports: GATEWAY_PORT / MQTT_WS_PORT / H5_PORT (defaults 8787 / 8883 / 10086), as the build was made.
 *
 *   npm run perf                          a first visit: nothing stored, not logged in
 *   PERF_USER=returning npm run perf      a returning user: logged in once before the runs (consent,
 *                                         the login card), so each run starts from the saved session
 *                                         and home cache, with the TV link and 继续观看
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { lighthouseChromeFlags } from './chrome-flags.mjs'
import { serveStatic } from './serve-static.mjs'
import { startStackProcess, stopStackAndServer } from './a11y.mjs'

// Plain Node on purpose: under tsx, esbuild's keepNames helper (__name) leaks into the functions
// Lighthouse serialises into the page, and the run dies with "__name is not defined".
const DEMO_PHONE = '13800000000'

const RUNS = Number(process.env.PERF_RUNS || 3)
const RETURNING = process.env.PERF_USER === 'returning'
const H5_PORT = Number(process.env.H5_PORT || 10086)
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (n) => `${(n / 1000).toFixed(2)} s`

async function main() {
  if (!existsSync('dist/h5/index.html')) {
    console.log('dist/h5 missing: npm run build:h5')
    execSync('npm run build:h5', { stdio: 'inherit' })
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-perf-'))
  const stack = await startStackProcess(dataDir)
  const served = await serveStatic('dist/h5', H5_PORT, '127.0.0.1', { production: true })
  const url = `${served.url}?phone=${DEMO_PHONE}#/`
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, ignoreDefaultFlags: true, chromeFlags: lighthouseChromeFlags(chromeLauncher.Launcher.defaultFlags()) })
  const runs = []
  try {
    if (RETURNING) await logInOnce(chrome.port, url)
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error', disableStorageReset: RETURNING, ...(process.env.PERF_CPU_SAMPLES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}) })
      if (!result) throw new Error('lighthouse returned nothing')
      const lhr = result.lhr
      const num = (id) => Number(lhr.audits[id]?.numericValue ?? NaN)
      const run = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        bytes: num('total-byte-weight'),
      }
      runs.push(run)
      console.log(`run ${i + 1}: score ${run.score}  FCP ${ms(run.fcp)}  LCP ${ms(run.lcp)}  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  ${(run.bytes / 1024).toFixed(1)} KiB`)
      if (i === RUNS - 1) {
        mkdirSync('.artifacts', { recursive: true })
        writeFileSync('.artifacts/lighthouse.json', JSON.stringify(lhr))
        // the unthrottled trace Lighthouse simulated from (main-thread tasks x4 are what TBT counts)
        const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass
        if (trace) writeFileSync('.artifacts/lighthouse-trace.json', JSON.stringify(trace))
      }
    }
  } finally {
    await chrome.kill()
    await stopStackAndServer(stack, served, dataDir)
  }
  const pick = (k) => median(runs.map((r) => r[k]))
  console.log(
    `\nmedian of ${runs.length}: score ${pick('score')}  FCP ${ms(pick('fcp'))}  LCP ${ms(pick('lcp'))}  TBT ${Math.round(pick('tbt'))} ms  CLS ${pick('cls').toFixed(3)}  ${(pick('bytes') / 1024).toFixed(1)} KiB transferred`,
  )
  console.log(`(${RETURNING ? 'a returning, logged-in user' : 'a first visit'}; Lighthouse mobile preset, simulated slow 4G + 4x CPU; report of the last run: .artifacts/lighthouse.json)`)
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
    await shown('.consent').click()
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

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`perf could not run: ${e instanceof Error ? e.stack : String(e)}`)
    process.exit(1)
  },
)
