/**
 * npm run a11y: Lighthouse accessibility scores of the H5 build on a phone (mobile preset), against
 * the local stack: home, 我的 and one list page. Prints each score and the audits that failed. It
 * measures and fails nothing (exit 1 only when it could not run). `a11yScores` is exported for other
 * reports (npm run perf).
 *
 * Ports: GATEWAY_PORT / MQTT_WS_PORT / H5_PORT (defaults 8787 / 8883 / 10086), as the build was made.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { lighthouseChromeFlags } from './chrome-flags.mjs'
import { serveStatic } from './serve-static.mjs'

const H5_PORT = Number(process.env.H5_PORT || 10086)
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT || 8787)
const MQTT_WS_PORT = Number(process.env.MQTT_WS_PORT || 8883)
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium'

/** The pages measured: home, 我的, and a paged list. */
export const A11Y_PAGES = [
  { name: 'home', route: '' },
  { name: '我的 (my-home)', route: 'pages/my-home/my-home' },
  { name: 'list (flow-more)', route: `subpackages/pages/flow-more/flow-more?flowId=f01&title=${encodeURIComponent('猜你喜欢')}` },
]

/**
 * Accessibility score (0-100) of each URL, with the ids of the failed audits, using a running
 * Chrome on `port`.
 */
export async function a11yScores(port, pages) {
  const out = []
  for (const p of pages) {
    const result = await lighthouse(p.url, { port, output: 'json', onlyCategories: ['accessibility'], logLevel: 'error', formFactor: 'mobile' })
    if (!result) throw new Error(`lighthouse returned nothing for ${p.url}`)
    const lhr = result.lhr
    const failed = lhr.categories.accessibility.auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
      .map((r) => r.id)
    out.push({ name: p.name, url: p.url, score: Math.round((lhr.categories.accessibility.score ?? 0) * 100), failed, lhr })
  }
  return out
}

/** The local stack in its own process (the emulator is TypeScript), on fresh data; resolves once it answers. */
export async function startStackProcess(dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
    env: { ...process.env, GATEWAY_PORT: String(GATEWAY_PORT), MQTT_WS_PORT: String(MQTT_WS_PORT), MQTT_TCP_PORT: '0', GATEWAY_DATA_DIR: dataDir, H5_PORT: String(H5_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${GATEWAY_PORT}/`)
      return child
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the local stack did not start')
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}

/** Stops what a measuring script started: the static server, the stack (by its pid, waiting for it) and its data folder. */
export async function stopStackAndServer(stack, served, dataDir) {
  served.server.close()
  if (stack.exitCode === null) {
    stack.kill('SIGTERM')
    await new Promise((r) => stack.once('exit', r))
  }
  rmSync(dataDir, { recursive: true, force: true })
}

async function main() {
  if (!existsSync('dist/h5/index.html')) throw new Error('dist/h5 is missing: npm run build:h5 first')
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-a11y-'))
  const stack = await startStackProcess(dataDir)
  const served = await serveStatic('dist/h5', H5_PORT, '127.0.0.1', { production: true })
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, ignoreDefaultFlags: true, chromeFlags: lighthouseChromeFlags(chromeLauncher.Launcher.defaultFlags()) })
  try {
    const pages = A11Y_PAGES.map((p) => ({ name: p.name, url: `${served.url}#/${p.route}` }))
    const scores = await a11yScores(chrome.port, pages)
    mkdirSync('.artifacts', { recursive: true })
    for (const s of scores) {
      console.log(`accessibility ${String(s.score).padStart(3)}  ${s.name}${s.failed.length ? `  failed: ${s.failed.join(', ')}` : ''}`)
    }
    writeFileSync('.artifacts/a11y.json', JSON.stringify(scores.map(({ lhr, ...s }) => ({ ...s, audits: Object.fromEntries(s.failed.map((id) => [id, lhr.audits[id].details])) })), null, 1))
    console.log('(Lighthouse accessibility, mobile; failed audits in .artifacts/a11y.json)')
  } finally {
    await chrome.kill()
    await stopStackAndServer(stack, served, dataDir)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(`a11y could not run: ${e instanceof Error ? e.stack : String(e)}`)
      process.exit(1)
    },
  )
}
