#!/usr/bin/env node
/**
 * Screenshots of the built H5 app (home + one page per subpackage) on a phone viewport, saved under
 * .artifacts/screenshots (git-ignored). Prints what it saw of each navigation bar.
 *
 *   node e2e/screenshots.mjs [dist/h5]
 */
import { mkdirSync } from 'node:fs'
import { serveStatic } from '../scripts/serve-static.mjs'
import { launchPhone } from './browser.mjs'

const OUT = '.artifacts/screenshots'
const SHOTS = [
  ['home', ''],
  ['flow-more', 'subpackages/pages/flow-more/flow-more'],
  ['points-index', 'subpackages4/pages/activity-index/activity-index'],
  ['add-address', 'subpackages9/pages/add-address/add-address'],
  ['choose-location', 'choose-location'],
]

mkdirSync(OUT, { recursive: true })
const { server, url } = await serveStatic(process.argv[2] || 'dist/h5')
const context = await launchPhone()
let failed = false
try {
  for (const [name, path] of SHOTS) {
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${url}#/${path}`)
    const title = page.locator('.taro_page_show .nav-bar__title').last()
    await title.waitFor({ timeout: 15000 })
    await page.waitForTimeout(400)
    const box = await title.boundingBox()
    await page.screenshot({ path: `${OUT}/${name}.png` })
    console.log(`${name}: title "${await title.textContent()}" at y=${box?.y.toFixed(0)} h=${box?.height.toFixed(0)}${errors.length ? ` ERRORS: ${errors.join('; ')}` : ''}`)
    failed ||= errors.length > 0
    await page.close()
  }
} finally {
  await context.close()
  server.close()
}
process.exit(failed ? 1 : 0)
