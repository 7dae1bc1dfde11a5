/**
 * npm run perf:scroll: H5 smoothness of live TV. Against the H5 build and the local stack,
 * in Debian Chromium with the CPU slowed 4x (PERF_CPU_SLOWDOWN, as perf:profile does), it scrolls the
 * 电视频道 tab's largest channel group and a channel's day schedule down and up with the wheel, and prints
 * every main-thread task over 50 ms (PERF_LONG_MS) the browser's Long Tasks API saw while scrolling.
 * A measurement: it prints figures and fails nothing.
 *
 *   npm run build:h5 && npm run perf:scroll
 */
import type { Page } from 'playwright-core'
import { startJourney } from './harness'

const SLOWDOWN = Number(process.env.PERF_CPU_SLOWDOWN || 4)
const LONG_MS = Number(process.env.PERF_LONG_MS || 50)
const STEPS = 24
const STEP_PX = 240

async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate((threshold) => {
    const w = window as unknown as { __long: number[] }
    w.__long = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.duration > threshold) w.__long.push(Math.round(e.duration))
    }).observe({ type: 'longtask' })
  }, LONG_MS)
}

async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __long: number[] }).__long.slice())
}

/** Wheel the shown page's scroll area down then up, one step per 120 ms (a person flicking through). */
async function scrollThrough(page: Page): Promise<{ travelled: number }> {
  const body = page.locator('.taro_page_show:not(.taro_page_shade) .page-shell__body').first()
  const box = await body.boundingBox()
  if (!box) throw new Error('no scroll area on the page')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const top = async () => body.evaluate((el) => el.scrollTop)
  const start = await top()
  let deepest = start
  for (let i = 0; i < STEPS; i++) {
    await page.mouse.wheel(0, STEP_PX)
    await page.waitForTimeout(120)
    deepest = Math.max(deepest, await top())
  }
  for (let i = 0; i < STEPS; i++) {
    await page.mouse.wheel(0, -STEP_PX)
    await page.waitForTimeout(120)
  }
  await page.waitForTimeout(500)
  return { travelled: Math.round(deepest - start) }
}

async function main() {
  const j = await startJourney()
  try {
    await j.loginDemo()
    const page = j.page
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })

    const cat = j.stack.gateway.catalogue
    const largest = [...cat.assortments].sort(
      (a, b) => cat.channels.filter((c) => c.assortmentId === b.assortmentId).length - cat.channels.filter((c) => c.assortmentId === a.assortmentId).length,
    )[0]
    const channelCount = cat.channels.filter((c) => c.assortmentId === largest.assortmentId).length
    await j.shown('.home-tabs__tab').filter({ hasText: '电视频道' }).first().click()
    await j.shown('.live-groups__tab').filter({ hasText: largest.name }).first().click()
    await j.shown('.live-item').nth(channelCount - 1).waitFor({ timeout: 20_000 })
    await page.waitForTimeout(1000)
    await observeLongTasks(page)
    const live = await scrollThrough(page)
    const liveLong = await longTasks(page)

    await j.shown('.live-item').first().click()
    await j.shown('.schedule-item--onAir').first().waitFor({ timeout: 20_000 })
    await page.waitForTimeout(1000)
    const programmes = await j.shown('.schedule-item').count()
    await observeLongTasks(page)
    const day = await scrollThrough(page)
    const dayLong = await longTasks(page)

    const line = (what: string, travelled: number, tasks: number[]) =>
      `  ${what.padEnd(44)} scrolled ${String(travelled).padStart(5)} px down and back; tasks over ${LONG_MS} ms: ${tasks.length}${tasks.length ? ` (${tasks.join(', ')} ms)` : ''}`
    console.log(`H5 scrolling with the CPU slowed ${SLOWDOWN}x (Long Tasks API, ${STEPS} wheel steps of ${STEP_PX} px each way):`)
    console.log(line(`电视频道 ${largest.name}: ${channelCount} channels`, live.travelled, liveLong))
    console.log(line(`a day's schedule: ${programmes} programmes`, day.travelled, dayLong))
  } finally {
    await j.close()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
