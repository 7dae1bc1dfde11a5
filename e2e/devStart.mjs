/**
 * `npm start` on a fresh clone gives a working app: starts it (the local stack + the H5 dev server) with
 * its state in a temporary folder, opens home in Debian chromium, waits for the desktop's blocks (from
 * the gateway emulator through the stores), fails on any page error, and stops it by its process group.
 * The dev server builds differently from `npm run build:h5` (react-refresh, no minification), so the
 * production e2e does not cover it. Last in .ci/after-build.sh: the dev server writes its build over
 * dist/h5.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchPhone } from './browser.mjs'

const H5_PORT = process.env.H5_PORT || '10086'
const BUILD_TIMEOUT_MS = 240_000

const dataDir = mkdtempSync(join(tmpdir(), 'tvc-devstart-'))
const started = Date.now()
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, GATEWAY_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
})
let log = ''
child.stdout.on('data', (d) => (log += d))
child.stderr.on('data', (d) => (log += d))

function stop() {
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

async function waitForDevServer() {
  const deadline = Date.now() + BUILD_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`)
    // the first build done: webpack said so, and the page is served
    if (/compiled successfully/.test(log)) {
      try {
        if ((await fetch(`http://127.0.0.1:${H5_PORT}/`)).ok) return
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`the dev server did not build within ${BUILD_TIMEOUT_MS / 1000} s`)
}

async function main() {
  await waitForDevServer()
  const built = Date.now() - started
  const context = await launchPhone()
  const errors = []
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    page.on('pageerror', (e) => errors.push(e.message))
    const t0 = Date.now()
    await page.goto(`http://127.0.0.1:${H5_PORT}/?phone=13800000000#/`)
    // the desktop's blocks, or the first page error (a broken dev build fails at once, not after a minute)
    const failed = new Promise((_, reject) => page.on('pageerror', (e) => reject(new Error(`page error: ${e.message}`))))
    failed.catch(() => undefined) // a later error is reported below through `errors`
    await Promise.race([page.locator('.block__title').first().waitFor({ timeout: 60_000 }), failed])
    const tabs = await page.locator('.home-tabs__tab').count()
    if (tabs < 2) throw new Error(`home shows ${tabs} tabs`)
    if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`)
    console.log(`npm start: dev build ready in ${(built / 1000).toFixed(0)} s; home shows the desktop (${tabs} tabs) ${Date.now() - t0} ms after opening, no page error`)
  } finally {
    await context.close()
  }
}

main()
  .then(
    () => 0,
    (e) => {
      console.error(`npm start check failed: ${e instanceof Error ? e.message : String(e)}`)
      console.error(log.split('\n').slice(-30).join('\n'))
      return 1
    },
  )
  .then(async (code) => {
    stop()
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(code)
  })
