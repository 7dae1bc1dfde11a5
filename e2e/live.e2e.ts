/**
 * Live TV in a real browser against the H5 build and the full local stack: the 电视频道 tab and its
 * groups (tapping a tab never scrolls the page), a channel's schedule with the programme on air in
 * view, another day, a programme's detail, 在电视上看 switching the virtual box (the home card shows it
 * from the box's reply), child mode with child channels only, and the remote's 频道+.
 *
 *   npm run build:h5 && node --import tsx --test e2e/live.e2e.ts
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { onAirAt, parsePsId, programmesOf } from '../emulator/data/live'
import { serverDayAdd, serverDayKey, serverDayStart } from '../src/protocol/time'
import { sameServerDayFor, startJourney, type Journey } from './harness'

let j: Journey
let page: Journey['page']
const shot = (name: string) => j.shot(`live-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const LIVING = 'AC3B7F0E1001'

const box = () => {
  const b = j.stack.settops?.box(LIVING)
  assert.ok(b, 'the living-room box')
  return b
}

/** Where the page's fixed parts are: a tap that scrolled the page vertically would move them. */
async function pageOffsets(): Promise<{ scrollY: number; navTop: number }> {
  return page.evaluate(() => ({
    scrollY: window.scrollY + document.documentElement.scrollTop + document.body.scrollTop,
    navTop: (document.querySelector('.taro_page_show:not(.taro_page_shade) .nav-bar') as HTMLElement | null)?.getBoundingClientRect().top ?? -1,
  }))
}

async function waitUntil(check: () => boolean, timeout: number, what: string): Promise<number> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return Date.now() - start
}

describe('live TV on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    page = j.page
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. 电视频道, a second group, then a channel\'s schedule with the programme on air in view; tabs never scroll the page', async () => {
    // steps 1 and 2 look at today's and tomorrow's schedule: both on one server day, whatever the hour
    await sameServerDayFor(60_000, () => j.stack.gateway.clock.now())
    const before = await pageOffsets()
    await shown('.home-tabs__tab').filter({ hasText: '电视频道' }).first().click()
    await shown('.live-groups__tab').first().waitFor({ timeout: 10_000 })
    const groups = await shown('.live-groups__tab').allTextContents()
    assert.ok(groups.length >= 4, `every group: ${groups.join(',')}`)
    assert.deepEqual(await pageOffsets(), before, 'the home tab strip did not scroll the page')
    await shown('.live-groups__tab').nth(1).click()
    await waitForText('.live-groups__tab--active', groups[1])
    const cat = j.stack.gateway.catalogue
    const second = cat.assortments.find((a) => a.name === groups[1])
    assert.ok(second)
    const firstOfGroup = cat.channels.find((c) => c.assortmentId === second.assortmentId)
    assert.ok(firstOfGroup)
    await waitForText('.live-item__name', firstOfGroup.name)
    assert.deepEqual(await pageOffsets(), before, 'the group strip did not scroll the page')
    const rows = await shown('.live-item').count()
    assert.equal(rows, cat.channels.filter((c) => c.assortmentId === second.assortmentId).length)
    assert.ok((await shown('.live-item__badge').count()) > 0, 'programmes on air shown')
    await shot('01-live-tab-second-group')

    await shown('.live-item').first().click()
    await waitForText('.nav-bar__title', firstOfGroup.name)
    const onAir = shown('.schedule-item--onAir').first()
    await onAir.waitFor({ timeout: 10_000 })
    await page.waitForTimeout(600) // the list scrolls the programme on air to its middle
    const rect = await onAir.boundingBox()
    const viewport = page.viewportSize()
    // the page slid in without widening the document: a phone's browser would zoom the app out for good
    assert.equal(await page.evaluate('window.innerWidth'), viewport?.width, 'the page is as wide as the phone after the slide')
    assert.ok(rect && viewport && rect.y >= 0 && rect.y + rect.height <= viewport.height, `on-air row in view: ${JSON.stringify(rect)}`)
    // the page shows the day whose list holds the programme on air: today, or yesterday in the minutes
    // after Beijing midnight before today's first programme. Right after that first one starts, nothing
    // of the day is past yet
    const now = j.stack.gateway.clock.now()
    const day = parsePsId(onAirAt(firstOfGroup, now).current?.psId ?? '')?.date ?? serverDayKey(now)
    const ended = programmesOf(firstOfGroup, day).filter((p) => p.endTime <= now).length
    assert.equal((await shown('.schedule-item--past').count()) > 0, ended > 0, `past programmes shown as past (${ended} ended on ${day})`)
    await shot('02-schedule-on-air')
  })

  it('2. another day: its programmes, in UTC+8; a reload keeps the page', async () => {
    const tomorrow = shown('.live-days__tab').filter({ hasText: '明天' }).first()
    const before = await pageOffsets()
    await tomorrow.click()
    await waitForText('.live-days__tab--active', '明天')
    await page.waitForTimeout(300)
    assert.equal(await shown('.schedule-item--onAir').count(), 0, 'nothing on air tomorrow')
    assert.equal(await shown('.schedule-item--past').count(), 0, 'nothing past tomorrow')
    const first = await shown('.schedule-item__time').first().textContent()
    assert.match(first ?? '', /^00:[0-3]\d$/, 'tomorrow starts just after midnight, Beijing time')
    assert.equal((await pageOffsets()).navTop, before.navTop)
    await shot('03-schedule-tomorrow')
  })

  it('3. a programme\'s detail: title, time, description and poster', async () => {
    await shown('.schedule-item').nth(2).click()
    await shown('.programme-sheet__title').first().waitFor({ timeout: 10_000 })
    const title = await shown('.programme-sheet__title').first().textContent()
    assert.ok(title && title.length > 0)
    assert.match((await shown('.programme-sheet__time').first().textContent()) ?? '', /\d+\/\d+ \d\d:\d\d-\d\d:\d\d（北京时间）/)
    assert.ok(((await shown('.programme-sheet__desc').first().textContent()) ?? '').includes(title))
    await page.waitForFunction(() => {
      const img = document.querySelector('.taro_page_show .programme-sheet__poster img') as HTMLImageElement | null
      return !!img && img.complete && img.naturalWidth > 0
    }, undefined, { timeout: 10_000 })
    await shot('04-programme-detail')
    await shown('.programme-sheet__close').first().click()
  })

  it('4. 在电视上看 switches the box to the channel; the home card shows it from the box\'s reply within 2 s', async () => {
    const name = (await shown('.schedule-channel__name').first().textContent()) ?? ''
    const number = Number(name.slice(0, 2))
    const clicked = Date.now()
    await shown('[data-action="watch"]').first().click()
    const switchedMs = await waitUntil(() => box().state.live?.number === number, 5_000, `box on channel ${number}`)
    const switchedAt = Date.now()
    const keys = box().received.slice(-3).map((e) => (e.actionData.content as { keyEvent?: string }).keyEvent)
    assert.deepEqual(keys.slice(-1), ['KEYCODE_DPAD_CENTER'], 'OK after the digits')
    await page.goBack()
    await waitForText('[data-line="playing"]', box().state.live?.name ?? '???', 2_000)
    const shownMs = Date.now() - switchedAt
    const line = await shown('[data-line="playing"]').first().textContent()
    assert.match(line ?? '', /^正在播放 .+ · .+/)
    console.log(`    box switched ${switchedMs} ms after the tap (${Date.now() - clicked} ms in all); home card shows "${line}" ${shownMs} ms after the switch, back on home`)
    await shot('05-home-card-live')
  })

  it('5. child mode (child lock on): only child groups and channels', async () => {
    const gw = j.stack.gateway
    const locks = gw.state().locks[LIVING]
    locks.childLock = true
    gw.events.emitLocksChanged(LIVING, { childLock: true, globalLock: locks.globalLock })
    await shown('.home-tabs__tab').filter({ hasText: '电视频道' }).first().waitFor({ timeout: 10_000 })
    await shown('.home-tabs__tab').filter({ hasText: '电视频道' }).first().click()
    const childGroups = gw.catalogue.assortments.filter((a) => a.child).map((a) => a.name)
    await waitForText('.live-groups__tab', childGroups[0])
    await page.waitForTimeout(300)
    assert.deepEqual(await shown('.live-groups__tab').allTextContents(), childGroups)
    const names = await shown('.live-item__name').allTextContents()
    const childNames = new Set(gw.catalogue.channels.filter((c) => c.child).map((c) => c.name))
    assert.ok(names.length > 0 && names.every((n) => childNames.has(n.slice(3))), `child channels only: ${names.join(',')}`)
    await shot('06-child-mode')
    locks.childLock = false
    gw.events.emitLocksChanged(LIVING, { childLock: false, globalLock: locks.globalLock })
    await page.waitForTimeout(500)
    await shown('.home-tabs__tab').filter({ hasText: '电视频道' }).first().click()
    await waitForText('.live-groups__tab', '央视', 10_000)
  })

  it('6. the remote\'s 频道+ moves the box one channel up', async () => {
    const before = box().state.live?.number ?? 0
    await shown('.tv-card__action--primary').first().click()
    await shown('[data-key="channelUp"]').first().click()
    const count = j.stack.gateway.catalogue.channels.length
    await waitUntil(() => box().state.live?.number === (before % count) + 1, 5_000, 'channel up')
    await waitForText('.remote__state', '电视在线')
    await shot('07-remote-channel-up')
    await shown('[data-mode="digits"]').first().click()
    await shot('08-remote-digits')
  })

  it('7. a reload keeps the schedule page, and moving the stack\'s clock moves what is on air', async () => {
    const channel = j.stack.gateway.catalogue.channels[0]
    const route = `subpackages/pages/live-channel/live-channel?channelId=${channel.channelId}`
    const onAirNow = () => onAirAt(channel, j.stack.gateway.clock.now()).current
    const expectOnAir = async () => {
      const expected = onAirNow()
      assert.ok(expected)
      await waitForText('.schedule-item--onAir .schedule-item__title', expected.title, 10_000)
      return expected.psId
    }
    await j.open(route)
    await waitForText('.nav-bar__title', channel.name)
    const first = await expectOnAir()
    j.stack.gateway.clock.set(j.stack.gateway.clock.offsetMs + 3 * 3600_000)
    try {
      await j.open(route)
      const later = await expectOnAir()
      assert.notEqual(later, first, 'three hours later another programme is on air')
    } finally {
      j.stack.gateway.clock.reset()
    }
    // the schedule page logs its page views like every page (the tracker sends in batches)
    await waitUntil(() => j.logUrls().some((u) => u.includes('subpackages/pages/live-channel/live-channel')), 20_000, 'the page view record')
  })

  it('8. two minutes after Beijing midnight, before today\'s first programme: the schedule opens on 昨天, the programme on air in view', async () => {
    // a programme crossing midnight is listed on the day it starts: yesterday's last one is on air
    const tomorrow = serverDayAdd(j.stack.gateway.clock.now(), 1)
    const at = serverDayStart(tomorrow) + 2 * 60_000
    const channel = j.stack.gateway.catalogue.channels.find((c) => !c.child && programmesOf(c, tomorrow)[0].startTime > at)
    assert.ok(channel, 'a channel whose day starts after 00:02')
    j.stack.gateway.clock.set(j.stack.gateway.clock.offsetMs + at - j.stack.gateway.clock.now())
    try {
      const onAir = onAirAt(channel, j.stack.gateway.clock.now()).current
      assert.ok(onAir && onAir.startTime < at - 2 * 60_000, 'the programme on air began before midnight')
      await j.open(`subpackages/pages/live-channel/live-channel?channelId=${channel.channelId}`)
      await waitForText('.schedule-item--onAir .schedule-item__title', onAir.title, 10_000)
      await waitForText('.live-days__tab--active', '昨天')
      await page.waitForTimeout(600) // the list scrolls the programme on air to its middle
      const rect = await shown('.schedule-item--onAir').first().boundingBox()
      const viewport = page.viewportSize()
      assert.ok(rect && viewport && rect.y >= 0 && rect.y + rect.height <= viewport.height, `on-air row in view: ${JSON.stringify(rect)}`)
      await shot('08-after-midnight-yesterday')
    } finally {
      j.stack.gateway.clock.reset()
    }
  })
})
