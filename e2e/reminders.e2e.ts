/**
 * Programme reminders (预约) in a real browser against the H5 build and the full local stack: 预约 on a
 * channel's schedule, 我的预约, then the lead time passes on the stack's admin clock: the WeChat outbox
 * holds one subscribe message (its page the programme), the living-room TV shows the banner
 * (`GET /__emulator/settop` `reminder`), the phone shows its own banner, and a tap on the phone's notice
 * opens the programme, where 在电视上看 puts the TV on the channel.
 *
 * The H5 build cannot ask WeChat for a subscription (only the mini-program can, in the 预约 tap: the
 * page test covers that request), so the suite records the acceptance the weapp tap would have given
 * for the demo user (an openId and one accepted message), as the gateway does when a reservation says
 * `subscribed`.
 *
 *   npm run build:h5 && node --import tsx --test e2e/reminders.e2e.ts
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { chromium } from 'playwright-core'
import { adminHeaders } from '../emulator/adminToken'
import { LOCAL_REMINDER_TEMPLATE_ID } from '../src/protocol/reminders'
import type { LiveProgramme } from '../src/protocol/contract/models'
import { serverDayAdd, serverDayKey, serverHhmm } from '../src/protocol/time'
import { DEMO } from '../emulator/gateway'
import { startJourney, type Journey } from './harness'

let j: Journey
let page: Journey['page']
const shot = (name: string) => j.shot(`reminders-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const LIVING = 'AC3B7F0E1001'
const MIN = 60_000

async function waitUntil<T>(check: () => Promise<T | null | undefined> | T | null | undefined, timeout: number, what: string): Promise<T> {
  const start = Date.now()
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() - start > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

interface OutboxMessage {
  at: number
  errcode: number
  message: { touser: string; template_id: string; page: string; data: Record<string, { value: string }> }
}

async function outbox(): Promise<{ messages: OutboxMessage[]; refused: OutboxMessage[] }> {
  const res = await fetch(`${j.stack.gateway.url}__emulator/wechat/subscribe-messages`, { headers: adminHeaders(j.stack.gateway.adminToken) })
  assert.equal(res.status, 200)
  return (await res.json()) as { messages: OutboxMessage[]; refused: OutboxMessage[] }
}

interface SettopView {
  mac: string
  state: { live?: { number: number; name: string } | null }
  reminder: { programId: string; channel: number; title: string; startsAt: number; text: string } | null
}

/** GET /__emulator/settop: a box as the admin route shows it. */
async function settop(mac: string): Promise<SettopView> {
  const res = await fetch(j.stack.adminUrl, { headers: adminHeaders(j.stack.gateway.adminToken) })
  assert.equal(res.status, 200)
  const boxes = (await res.json()) as SettopView[]
  const box = boxes.find((b) => b.mac.replace(/:/g, '').toUpperCase() === mac)
  assert.ok(box, `box ${mac} among ${boxes.map((b) => b.mac).join(', ')}`)
  return box
}

/**
 * The TV screen as the box state describes it (the virtual box has no screen of its own): the channel it
 * is on, and the banner over the picture.
 */
async function shootTv(text: string, channel: string, file: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const tv = await browser.newPage({ viewport: { width: 960, height: 540 } })
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
    await tv.setContent(`<!doctype html><meta charset="utf-8"><body style="margin:0;width:960px;height:540px;background:linear-gradient(135deg,#10243a,#2b4a6b);font-family:'Noto Sans CJK SC',sans-serif;position:relative;overflow:hidden">
      <div style="position:absolute;left:32px;top:24px;color:#cfe0f5;font-size:22px">${esc(channel)}</div>
      <div style="position:absolute;left:48px;right:48px;bottom:40px;padding:22px 28px;border-radius:14px;background:rgba(0,0,0,.72);color:#fff;font-size:28px;display:flex;align-items:center;gap:18px">
        <span style="flex:none;white-space:nowrap;padding:4px 12px;border-radius:8px;background:#ff7a00;font-size:20px">节目提醒</span><span>${esc(text)}</span></div></body>`)
    await tv.screenshot({ path: file })
  } finally {
    await browser.close()
  }
}

describe('programme reminders on a 390 x 844 phone', { concurrency: false }, () => {
  let target: LiveProgramme
  let channel: { channelId: string; name: string; number: number }

  before(async () => {
    j = await startJourney()
    page = j.page
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. 预约 on a programme of a channel\'s schedule: 已预约, and the app says where the notice goes', async () => {
    const gw = j.stack.gateway
    // a programme 20 minutes away or more, on a channel that is not on the TV now
    const now = gw.clock.now()
    const c = gw.catalogue.channels.find((x) => !x.child && x.number !== 1)
    assert.ok(c)
    channel = { channelId: c.channelId, name: c.name, number: c.number }
    const days = [serverDayKey(now), serverDayAdd(now, 1)]
    const found = days.flatMap((d) => gw.schedule.day(c, d)).find((p) => p.startTime >= now + 20 * MIN)
    assert.ok(found)
    target = found
    await j.open(`subpackages/pages/live-channel/live-channel?channelId=${c.channelId}&date=${serverDayKey(target.startTime)}`)
    await waitForText('.nav-bar__title', c.name)
    const button = shown(`[data-reserve="${target.psId}"]`).first()
    await button.waitFor({ timeout: 10_000 })
    assert.equal(await shown('.schedule-item--past [data-reserve], .schedule-item--onAir [data-reserve]').count(), 0, 'no 预约 on what has started')
    await button.scrollIntoViewIfNeeded()
    await button.click()
    await waitForText(`[data-reserve="${target.psId}"]`, '已预约')
    const book = gw.state().reminders
    const reserved = Object.values(book).flatMap((b) => b.list).find((r) => r.psId === target.psId)
    assert.ok(reserved, 'the gateway keeps the reminder')
    assert.equal(reserved.status, 'upcoming')
    assert.equal(reserved.leadMin, 5, 'five minutes ahead by default')
    // the toast says where the notice goes (in the app: H5 outside the operator's app); then the list as it stays
    await page.waitForFunction(() => [...document.querySelectorAll('.taro__toast')].some((e) => (e.textContent ?? '').includes('打开应用时可见')), undefined, { timeout: 5_000 })
    await page.waitForFunction(() => [...document.querySelectorAll('.taro__toast')].every((e) => getComputedStyle(e).display === 'none' || (e as HTMLElement).offsetParent === null), undefined, { timeout: 8_000 })
    await shot('01-schedule-reserve')
  })

  it('2. 我的预约 from 我的: the reminder, the lead time 5 minutes', async () => {
    await j.open('pages/my-home/my-home')
    await shown('[data-entry="reminders"]').first().click()
    await waitForText('.nav-bar__title', '我的预约')
    await waitForText('[data-list="upcoming"] .my-reminder__title', target.title)
    assert.equal(await shown('[data-lead="5"][aria-checked="true"]').count(), 1)
    await shot('02-my-reminders')
  })

  it('3. the lead time passes on the admin clock: one subscribe message, the TV\'s banner, the phone\'s banner', async () => {
    const gw = j.stack.gateway
    const uid = Object.values(gw.state().users).find((u) => u.phone === DEMO.phone)?.uid
    assert.ok(uid)
    // what the mini-program's 预约 tap would have recorded: this user's WeChat identity and one acceptance
    const openId = 'o-e2e-demo-user'
    gw.state().users[uid].openId = openId
    gw.state().wechatAccepted[`${openId} ${LOCAL_REMINDER_TEMPLATE_ID}`] = 1
    assert.deepEqual((await outbox()).messages, [])

    const fireAt = target.startTime - 5 * MIN
    const res = await fetch(`${gw.url}__emulator/clock`, { method: 'POST', headers: adminHeaders(gw.adminToken), body: JSON.stringify({ offsetMs: gw.clock.offsetMs + (fireAt - gw.clock.now()) + 2_000 }) })
    assert.equal(res.status, 200)

    const sent = await waitUntil(async () => ((await outbox()).messages.length > 0 ? (await outbox()).messages : null), 10_000, 'the subscribe message')
    assert.equal(sent.length, 1, 'one message')
    const m = sent[0].message
    assert.equal(m.touser, openId)
    assert.equal(m.template_id, LOCAL_REMINDER_TEMPLATE_ID)
    assert.ok(m.page.includes(`psId=${encodeURIComponent(target.psId)}`), m.page)
    for (const [k, v] of Object.entries(m.data)) if (k.startsWith('thing')) assert.ok([...v.value].length <= 20, `${k} within WeChat's 20 characters`)

    const tv = await waitUntil(async () => (await settop(LIVING)).reminder, 10_000, 'the TV banner')
    const on = (await settop(LIVING)).state.live
    assert.equal(tv.programId, target.psId)
    assert.equal(tv.channel, channel.number)
    assert.equal(tv.title, target.title)
    assert.equal(tv.startsAt, target.startTime)
    assert.match(tv.text, new RegExp(`${serverHhmm(target.startTime)}.*即将开始`))
    assert.notEqual(on?.number, channel.number, 'the TV is elsewhere until the user switches')
    await shootTv(tv.text, on ? `${String(on.number).padStart(2, '0')} ${on.name}` : '', '.artifacts/e2e/reminders-04-tv-banner.png')

    // the phone comes back to the foreground: its banner, on whatever page is open
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    })
    await waitForText('.notice-banner__text', target.title, 15_000)
    await shot('03-phone-banner')
    // the TV's banner says the same; once read, the notice is never answered again
    await waitUntil(() => Object.values(gw.state().reminders).flatMap((b) => b.notices).every((n) => n.read), 5_000, 'the notice read')
  })

  it('4. a tap on the phone\'s notice opens the programme; 在电视上看 puts the TV on the channel', async () => {
    const message = (await outbox()).messages[0].message
    await shown('.notice-banner__body').first().click()
    await page.waitForFunction((p) => decodeURIComponent(location.hash).includes(p), decodeURIComponent(message.page), { timeout: 10_000 })
    await shown('[data-action="watch-programme"]').first().waitFor({ timeout: 10_000 })
    assert.equal(await shown('.programme-sheet__title').first().textContent(), target.title)
    await shot('05-programme-from-notice')
    await shown('[data-action="watch-programme"]').first().click()
    const box = () => j.stack.settops?.box(LIVING)
    await waitUntil(() => box()?.state.live?.number === channel.number, 8_000, `the TV on channel ${channel.number}`)
  })
})
