#!/usr/bin/env node
/**
 * Screenshots of home's first load on a 390 x 844 phone (1x, the top 560 px: small PNGs): the first paint, taken with
 * every script refused (what the HTML and CSS alone paint: home's static shell, or nothing without
 * one), and home once loaded, for a first visit and a returning user. Against the built dist/h5 and
 * the local stack (GATEWAY_PORT / MQTT_WS_PORT / H5_PORT as the build was made).
 *
 *   node scripts/first-paint-shots.mjs <out-prefix>    writes <out-prefix>-{first-visit,returning}-{first-paint,loaded}.png
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromium } from 'playwright-core'
import { serveStatic } from './serve-static.mjs'
import { startStackProcess, stopStackAndServer } from './a11y.mjs'

const prefix = process.argv[2]
if (!prefix) {
  console.error('usage: node scripts/first-paint-shots.mjs <out-prefix>')
  process.exit(2)
}
const H5_PORT = Number(process.env.H5_PORT || 10086)
/** The top of the screen: home's header and the start of its content (what the shell stands for). */
const CLIP = { x: 0, y: 0, width: 390, height: 560 }

async function main() {
  mkdirSync(dirname(prefix), { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-shots-'))
  const profile = mkdtempSync(join(tmpdir(), 'tvc-shots-chromium-'))
  const stack = await startStackProcess(dataDir)
  const served = await serveStatic('dist/h5', H5_PORT, '127.0.0.1', { production: true })
  const url = `${served.url}?phone=13800000000#/`
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    for (const who of ['first-visit', 'returning']) {
      const page = await context.newPage()
      const shown = (sel) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`).first()
      if (who === 'returning') {
        await page.goto(url)
        await shown('.consent__box').click()
        await shown('.login-card__action').click()
        await shown('.tv-card__state').waitFor()
        await page.waitForTimeout(2_500)
        await page.goto('about:blank')
      }
      await page.route(/\.js(\?|$)/, (r) => r.abort())
      await page.goto(url, { waitUntil: 'load' })
      await page.waitForTimeout(300)
      await page.screenshot({ path: `${prefix}-${who}-first-paint.png`, clip: CLIP })
      await page.unroute(/\.js(\?|$)/)
      await page.goto('about:blank')
      await page.goto(url)
      await shown('.block__title').waitFor({ timeout: 20_000 })
      await page.waitForTimeout(3_000)
      await page.screenshot({ path: `${prefix}-${who}-loaded.png`, clip: CLIP })
      await page.close()
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
    await stopStackAndServer(stack, served, dataDir)
  }
  console.log(`written ${prefix}-{first-visit,returning}-{first-paint,loaded}.png`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`shots could not run: ${e instanceof Error ? e.stack : String(e)}`)
    process.exit(1)
  },
)
