/** @jest-environment node */
/**
 * Programme reminders (预约) on the gateway, on a pinned clock moved by the admin clock: the lead time,
 * a schedule shift, a removed programme, a restart between reserving and the lead time (and one between
 * marking sent and WeChat's answer), a late reminder (已开始) and an ended one, minors' mode and the child
 * lock at fire time, a SPEC-only box, and the attacks (another account, a stale token, oversized and
 * forged input). Rules: src/protocol/reminders.ts; the runner: emulator/gateway/reminders.ts.
 */
import fs from 'node:fs'
import { DEMO, type RunningGateway } from '../../emulator/gateway'
import type { TvReminder } from '../../src/protocol/tv/reminder'
import { LOCAL_REMINDER_TEMPLATE_ID, REMINDER_TEMPLATE_KEYS, wechatLength } from '../../src/protocol/reminders'
import { serverDayAdd, serverDayStart } from '../../src/protocol/time'
import type { SubscribeMessage, WechatSender } from '../../emulator/gateway/wechat'
import { codeOf, realClient, startTestGateway, tempDataDir } from './helpers/gateway'
import { simCode } from '../../src/protocol/identity'

let codes = 0

const MIN = 60_000
/** 2025-06-10 12:00 in UTC+8: every time below is from here, whatever the host's clock or zone. */
const BASE = serverDayStart('20250610') + 12 * 60 * MIN
const TOMORROW = serverDayAdd(BASE, 1)

type Gw = RunningGateway & { dataDir: string }
const open: Gw[] = []

async function gateway(opts: Parameters<typeof startTestGateway>[0] = {}): Promise<Gw> {
  const gw = await startTestGateway({ now: () => BASE, ...opts })
  open.push(gw)
  return gw
}

async function close(gw: Gw): Promise<void> {
  await gw.reminders.settled()
  open.splice(open.indexOf(gw), 1)
  await gw.close()
}

afterEach(async () => {
  for (const gw of open.splice(0)) await gw.close()
})

/** Moves the gateway's clock (the admin clock) to `at`: the runner runs at once. */
async function at(gw: Gw, t: number): Promise<void> {
  gw.clock.set(t - BASE)
  await gw.reminders.settled()
}

/** The demo owner (u10001, current TV the living room's AC3B7F0E1001), linked to a WeChat identity like a weapp login. */
async function weappOwner(gw: Gw) {
  const c = realClient(gw.url)
  // a wx.login code issued on the gateway's (pinned) clock
  const id = await c.api.userCenter.getOpenIdUnionId({ code: simCode('owner', gw.clock.now(), `rem${String(++codes).padStart(5, '0')}`) })
  const user = await c.login(DEMO.phone)
  await c.api.userCenter.createUser({ openId: id.openId, unionId: id.unionId, wxTicket: id.wxTicket })
  return { c, uid: user.uid, openId: id.openId }
}

/** A programme of tomorrow on a channel of a group (not a child one unless asked), not the day's first or last. */
function programme(gw: Gw, i = 4, child = false) {
  const channel = gw.catalogue.channels.find((c) => c.child === child)!
  const p = gw.schedule.day(channel, TOMORROW)[i]
  return { channel, p }
}

function banners(gw: Gw): Array<{ mac: string; r: TvReminder }> {
  const seen: Array<{ mac: string; r: TvReminder }> = []
  gw.events.onReminder((mac, r) => seen.push({ mac, r }))
  return seen
}

const outbox = (gw: Gw) => gw.state().wechatOutbox

describe('the lead time', () => {
  it('fires once at startTime - leadMin on the gateway clock: notice, subscribe message and the TV banner', async () => {
    const gw = await gateway()
    const tv = banners(gw)
    const { c, uid, openId } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    const r = await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    expect(r).toMatchObject({ status: 'upcoming', leadMin: 5, fireAt: p.startTime - 5 * MIN, title: p.title, channelNumber: channel.number })

    await at(gw, p.startTime - 5 * MIN - 1000)
    expect((await c.api.live.queryReminders({ uid })).upcoming.map((x) => x.status)).toEqual(['upcoming'])
    expect(outbox(gw)).toEqual([])
    expect(tv).toEqual([])

    await at(gw, p.startTime - 5 * MIN)
    const list = await c.api.live.queryReminders({ uid })
    expect(list.upcoming).toEqual([])
    expect(list.past).toEqual([expect.objectContaining({ reminderId: r.reminderId, status: 'sent', late: false, wechat: 'sent', tv: 'sent', firedAt: p.startTime - 5 * MIN })])
    expect(list.notices).toEqual([expect.objectContaining({ kind: 'fired', reminderId: r.reminderId, psId: p.psId, late: false })])
    expect(outbox(gw)).toHaveLength(1)
    const msg = outbox(gw)[0]
    expect(msg).toMatchObject({ errcode: 0, message: { touser: openId, template_id: LOCAL_REMINDER_TEMPLATE_ID } })
    expect(msg.message.page).toContain(`psId=${p.psId}`)
    expect(msg.message.data[REMINDER_TEMPLATE_KEYS.title].value).toBe(p.title.length <= 20 ? p.title : expect.stringMatching(/…$/))
    expect(msg.message.data[REMINDER_TEMPLATE_KEYS.note].value).toBe('5分钟后开播，点击在电视上看')
    expect(tv).toEqual([{ mac: 'AC3B7F0E1001', r: expect.objectContaining({ programId: p.psId, channel: channel.number, startsAt: p.startTime, phase: 'ahead', late: false, blocked: null }) }])

    // once: later runs, later clock moves send nothing more
    await at(gw, p.startTime + MIN)
    gw.reminders.run()
    await gw.reminders.settled()
    expect(outbox(gw)).toHaveLength(1)
    expect(tv).toHaveLength(1)
    // the notice is shown once, then read on any phone
    const { notices } = await c.api.live.queryReminders({ uid })
    expect((await c.api.live.readReminderNotices({ uid, noticeIds: notices.map((n) => n.noticeId) })).read).toBe(1)
    expect((await c.api.live.queryReminders({ uid })).notices).toEqual([])
  })

  it('the chosen lead time (1, 5, 10, 30) moves the firing; any other is refused', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    const r = await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, leadMin: 30 })
    expect(r.fireAt).toBe(p.startTime - 30 * MIN)
    expect(await codeOf(c.api.live.setReminderLead({ uid, leadMin: 7 }))).toBe('1001')
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, leadMin: 15 }))).toBe('1001')
    const list = await c.api.live.setReminderLead({ uid, leadMin: 10, reminderId: r.reminderId })
    expect(list.upcoming[0]).toMatchObject({ leadMin: 10, fireAt: p.startTime - 10 * MIN })
    expect(list.leadMin).toBe(5)
    await at(gw, p.startTime - 11 * MIN)
    expect((await c.api.live.queryReminders({ uid })).upcoming).toHaveLength(1)
    await at(gw, p.startTime - 10 * MIN)
    expect((await c.api.live.queryReminders({ uid })).past[0]).toMatchObject({ status: 'sent', leadMin: 10 })
    // the user's lead time applies to new reminders
    expect((await c.api.live.setReminderLead({ uid, leadMin: 1 })).leadMin).toBe(1)
    const next = programme(gw, 6)
    expect((await c.api.live.reserveReminder({ uid, psId: next.p.psId, channelId: next.channel.channelId })).leadMin).toBe(1)
  })
})

describe('the schedule changes', () => {
  it('a programme moved later moves its reminder: nothing at the old lead time, one at the new', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    const moved = gw.schedule.move(p.psId, 15 * MIN)
    expect(moved.startTime).toBe(p.startTime + 15 * MIN)
    // the schedule the app reads says so too, without gaps
    const day = (await realClient(gw.url).api.live.getAllProgramlist({ channelId: channel.channelId, date: TOMORROW })).list
    for (let i = 1; i < day.length; i++) expect(day[i].startTime).toBe(day[i - 1].endTime)
    expect((await c.api.live.queryReminders({ uid })).upcoming[0]).toMatchObject({ startTime: p.startTime + 15 * MIN, fireAt: p.startTime + 10 * MIN })

    await at(gw, p.startTime - 5 * MIN)
    expect(outbox(gw)).toEqual([])
    await at(gw, p.startTime + 10 * MIN)
    expect(outbox(gw)).toHaveLength(1)
    expect((await c.api.live.queryReminders({ uid })).past[0]).toMatchObject({ status: 'sent', late: false, startTime: p.startTime + 15 * MIN })
  })

  it('a programme taken off cancels its reminder and the user is told; nothing is sent at its time', async () => {
    const gw = await gateway()
    const tv = banners(gw)
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    const r = await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    gw.schedule.remove(p.psId)
    const list = await c.api.live.queryReminders({ uid })
    expect(list.upcoming).toEqual([])
    expect(list.past).toEqual([expect.objectContaining({ reminderId: r.reminderId, status: 'removed' })])
    expect(list.notices).toEqual([expect.objectContaining({ kind: 'removed', reminderId: r.reminderId, title: p.title })])
    await at(gw, p.startTime)
    expect(outbox(gw)).toEqual([])
    expect(tv).toEqual([])
    // and it cannot be reserved again
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId }))).toBe('1003')
    // the TV says the programme before it is on air then (it runs on), as the app's schedule does
    const before = gw.schedule.day(channel, TOMORROW).find((x) => x.endTime === p.endTime)!
    expect(gw.directory.onAirTitle?.(channel.channelId, p.startTime + MIN)).toBe(before.title)
    expect((await c.api.live.psdetail({ psId: p.psId }).catch((e: { code: string }) => e.code))).toBe('1003')
  })
})

describe('a restart', () => {
  it('between reserving and the lead time loses nothing and sends once', async () => {
    const dataDir = tempDataDir()
    const sent: SubscribeMessage[] = []
    const local = await gateway({ dataDir })
    const { c, uid } = await weappOwner(local)
    const { channel, p } = programme(local)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    await close(local)

    // the operator's sender (the seam) records every call
    const sender: WechatSender = { templateId: 'tpl-op', send: async (m) => (sent.push(m), { errcode: 0, errmsg: 'ok' }) }
    const gw2 = await gateway({ dataDir, wechatSender: sender })
    await at(gw2, p.startTime - 5 * MIN)
    expect(sent).toHaveLength(1)
    expect(sent[0].template_id).toBe('tpl-op')
    await close(gw2)

    const gw3 = await gateway({ dataDir, wechatSender: sender, now: () => BASE })
    await at(gw3, p.startTime - 4 * MIN)
    gw3.reminders.run()
    await gw3.reminders.settled()
    expect(sent).toHaveLength(1)
    const file = JSON.parse(fs.readFileSync(`${dataDir}/gateway-state.json`, 'utf8'))
    expect(file.reminders[uid].list[0]).toMatchObject({ status: 'sent', wechat: 'sent' })
  })

  it('between marking it sent and WeChat answering never sends it twice (the notice is kept)', async () => {
    const dataDir = tempDataDir()
    const calls: SubscribeMessage[] = []
    const hanging: WechatSender = { templateId: 'tpl-op', send: (m) => (calls.push(m), new Promise(() => undefined)) }
    const gw = await gateway({ dataDir, wechatSender: hanging })
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    gw.clock.set(p.startTime - 5 * MIN - BASE)
    expect(calls).toHaveLength(1)
    // the gateway stops before WeChat answers (its pending send is dropped with it)
    open.splice(open.indexOf(gw), 1)
    await gw.close()

    const again: SubscribeMessage[] = []
    const gw2 = await gateway({ dataDir, wechatSender: { templateId: 'tpl-op', send: async (m) => (again.push(m), { errcode: 0, errmsg: 'ok' }) } })
    await at(gw2, p.startTime)
    expect(again).toEqual([])
    const c2 = realClient(gw2.url)
    await c2.login(DEMO.phone)
    const list = await c2.api.live.queryReminders({ uid })
    expect(list.past[0]).toMatchObject({ status: 'sent', wechat: 'pending' })
    expect(list.notices).toEqual([expect.objectContaining({ kind: 'fired' })])
  })
})

describe('late and ended', () => {
  it('the gateway down at the lead time: back while the programme is on, it fires once and says 已开始', async () => {
    const dataDir = tempDataDir()
    const gw = await gateway({ dataDir })
    const tv = banners(gw)
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true, autoSwitch: true })
    await close(gw)

    const late = p.startTime + 10 * MIN
    // as in the stack: the boxes listen before the runner's first run
    const gw2 = await gateway({ dataDir, now: () => late, deferReminders: true })
    const tv2 = banners(gw2)
    gw2.reminders.run()
    await gw2.reminders.settled()
    expect(tv).toEqual([])
    expect(gw2.state().reminders[uid].list[0]).toMatchObject({ status: 'sent', late: true, firedAt: late, startAsked: true })
    expect(gw2.state().reminders[uid].notices[0]).toMatchObject({ kind: 'fired', late: true })
    expect(gw2.state().wechatOutbox.map((m) => [m.errcode, m.message.data[REMINDER_TEMPLATE_KEYS.note].value])).toEqual([[0, '节目已开始，点击在电视上看']])
    // 到点自动切换 asks once: the late banner is that question
    expect(tv2).toEqual([{ mac: 'AC3B7F0E1001', r: expect.objectContaining({ late: true, phase: 'ahead' }) }])
  })

  it('back after the programme ended: missed, nothing sent, no notice', async () => {
    const dataDir = tempDataDir()
    const gw = await gateway({ dataDir })
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    await close(gw)
    const gw2 = await gateway({ dataDir, now: () => p.endTime })
    // the gateway alone runs its reminders at start
    await new Promise((resolve) => setImmediate(resolve))
    await gw2.reminders.settled()
    expect(gw2.state().reminders[uid].list[0]).toMatchObject({ status: 'missed' })
    expect(gw2.state().reminders[uid].list[0].firedAt).toBeUndefined()
    expect(gw2.state().reminders[uid].notices).toEqual([])
    expect(gw2.state().wechatOutbox).toEqual([])
  })

  it('a programme that has ended cannot be reserved (2009)', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const channel = gw.catalogue.channels.find((x) => !x.child)!
    const ended = gw.schedule.day(channel, serverDayAdd(BASE, 0)).find((x) => x.endTime <= BASE)!
    await expect(c.api.live.reserveReminder({ uid, psId: ended.psId, channelId: channel.channelId })).rejects.toMatchObject({ code: '2009', message: expect.stringContaining('已经结束') })
  })

  it('autoSwitch asks the TV again at the start, once, and never switches by itself', async () => {
    const gw = await gateway()
    const tv = banners(gw)
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, autoSwitch: true })
    await at(gw, p.startTime - 5 * MIN)
    await at(gw, p.startTime)
    await at(gw, p.startTime + MIN)
    expect(tv.map((x) => x.r.phase)).toEqual(['ahead', 'start'])
  })
})

describe('what the TV may do at fire time', () => {
  it("minors' curfew: the banner and the notice say why, and offer no switch", async () => {
    const gw = await gateway()
    const tv = banners(gw)
    const { c, uid } = await weappOwner(gw)
    await c.api.userCenter.minorsModeSetting({
      uid,
      mac: 'AC3B7F0E1001',
      settings: { enabled: true, ageGroup: '8to16', dailyLimitMin: 60, curfewStart: '22:00', curfewEnd: '06:00', restReminder: true },
      password: '1357',
    })
    const channel = gw.catalogue.channels.find((x) => !x.child)!
    const night = gw.schedule.day(channel, TOMORROW).find((x) => x.startTime - 5 * MIN >= serverDayStart(TOMORROW) + 22 * 60 * MIN)!
    await c.api.live.reserveReminder({ uid, psId: night.psId, channelId: channel.channelId })
    await at(gw, night.startTime - 5 * MIN)
    expect(tv[0].r.blocked).toBe('curfew')
    expect((await c.api.live.queryReminders({ uid })).notices[0]).toMatchObject({ kind: 'fired', blocked: 'curfew' })
  })

  it("minors' day total used up, or the child lock turned on after reserving: the reason, no switch offered", async () => {
    const gw = await gateway()
    const tv = banners(gw)
    const { c, uid } = await weappOwner(gw)
    // two programmes of tomorrow outside the curfew set below (23:30-05:00)
    const channel = gw.catalogue.channels.find((x) => !x.child)!
    const day = gw.schedule.day(channel, TOMORROW).filter((x) => x.startTime - 5 * MIN >= serverDayStart(TOMORROW) + 6 * 60 * MIN)
    const [a, b] = [{ channel, p: day[0] }, { channel, p: day[2] }]
    await c.api.live.reserveReminder({ uid, psId: a.p.psId, channelId: a.channel.channelId })
    await c.api.live.reserveReminder({ uid, psId: b.p.psId, channelId: b.channel.channelId })
    await c.api.userCenter.minorsModeSetting({
      uid,
      mac: 'AC3B7F0E1001',
      settings: { enabled: true, ageGroup: '8to16', dailyLimitMin: 15, curfewStart: '23:30', curfewEnd: '05:00', restReminder: true },
      password: '1357',
    })
    // by then the box counted the day's 15 minutes
    await at(gw, a.p.startTime - 6 * MIN)
    gw.directory.addMinorsUsage?.('AC3B7F0E1001', { day: TOMORROW, sec: 15 * 60, kind: 'live', title: 'x', startedAt: a.p.startTime - 30 * MIN })
    await at(gw, a.p.startTime - 5 * MIN)
    expect(tv.map((x) => x.r.blocked)).toEqual(['total'])
    // minors' mode off, but the child lock on now, and the channel is not a child one
    await c.api.userCenter.minorsModeSetting({
      uid,
      mac: 'AC3B7F0E1001',
      settings: { enabled: false, ageGroup: '8to16', dailyLimitMin: 15, curfewStart: '23:30', curfewEnd: '05:00', restReminder: true },
      password: '1357',
    })
    await c.api.userCenter.childLockSetting({ uid, mac: 'AC3B7F0E1001', lock: true, password: '1357' })
    await at(gw, b.p.startTime - 5 * MIN)
    expect(tv.map((x) => x.r.blocked)).toEqual(['total', 'child'])
    expect((await c.api.live.queryReminders({ uid })).notices.map((n) => n.blocked)).toEqual(['total', 'child'])
  })

  it('a SPEC-only box (no REMINDER in its abilityString) is never sent the banner; the phone still is', async () => {
    const gw = await gateway()
    const tv = banners(gw)
    const { c, uid } = await weappOwner(gw)
    // the owner binds the SPEC-only 会议室电视 and makes it current
    const mac = 'AC3B7F0E1006'
    expect(gw.catalogue.tvs.find((t) => t.mac === mac)?.abilityString).not.toContain('REMINDER')
    const d = await c.api.userCenter.bindDevice({ uid, mac, deviceName: '会议室', pairCode: gw.directory.pairingCode?.(mac) })
    await c.api.userCenter.changeDevice({ uid, familyId: d.familyId })
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    await at(gw, p.startTime - 5 * MIN)
    expect(tv).toEqual([])
    expect((await c.api.live.queryReminders({ uid })).past[0]).toMatchObject({ status: 'sent', tv: 'none', wechat: 'sent' })
  })
})

describe('WeChat', () => {
  it('without an accepted subscription WeChat refuses (43101); the in-app notice still arrives', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: false })
    await at(gw, p.startTime - 5 * MIN)
    expect(outbox(gw).map((m) => m.errcode)).toEqual([43101])
    const list = await c.api.live.queryReminders({ uid })
    expect(list.past[0]).toMatchObject({ status: 'sent', wechat: 'refused' })
    expect(list.notices).toEqual([expect.objectContaining({ kind: 'fired' })])
  })

  it('one acceptance is one message: two reminders, one accepted, one message', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const a = programme(gw, 4)
    const b = programme(gw, 5)
    await c.api.live.reserveReminder({ uid, psId: a.p.psId, channelId: a.channel.channelId, subscribed: true })
    await c.api.live.reserveReminder({ uid, psId: b.p.psId, channelId: b.channel.channelId })
    await at(gw, a.p.startTime - 5 * MIN)
    await at(gw, b.p.startTime - 5 * MIN)
    expect(outbox(gw).map((m) => m.errcode)).toEqual([0, 43101])
  })

  it('a user without a WeChat identity (H5) gets the notice and no subscribe message', async () => {
    const gw = await gateway()
    const c = realClient(gw.url)
    const { uid } = await c.login(DEMO.phone)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    await at(gw, p.startTime - 5 * MIN)
    expect(outbox(gw)).toEqual([])
    expect((await c.api.live.queryReminders({ uid })).past[0]).toMatchObject({ wechat: 'none' })
  })

  it('the admin route lists the outbox with the admin token only', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed: true })
    await at(gw, p.startTime - 5 * MIN)
    const url = `${gw.url}__emulator/wechat/subscribe-messages`
    expect((await fetch(url)).status).toBe(401)
    const body = (await (await fetch(url, { headers: { 'x-emulator-admin-token': gw.adminToken } })).json()) as { messages: Array<{ message: SubscribeMessage }>; refused: unknown[] }
    expect(body.messages).toHaveLength(1)
    expect(body.refused).toEqual([])
    for (const v of Object.values(body.messages[0].message.data)) expect(wechatLength(v.value)).toBeLessThanOrEqual(20)
  })
})

describe('only the caller\'s own reminders', () => {
  it('another account: its uid is 1004, its ids are 1003, and nothing of it changes', async () => {
    const gw = await gateway()
    const owner = await weappOwner(gw)
    const other = realClient(gw.url)
    const o = await other.login(DEMO.memberPhone)
    const { channel, p } = programme(gw)
    const mine = await owner.c.api.live.reserveReminder({ uid: owner.uid, psId: p.psId, channelId: channel.channelId })
    expect(await codeOf(other.api.live.queryReminders({ uid: owner.uid }))).toBe('1004')
    expect(await codeOf(other.api.live.reserveReminder({ uid: owner.uid, psId: p.psId, channelId: channel.channelId }))).toBe('1004')
    expect(await codeOf(other.api.live.cancelAllReminders({ uid: owner.uid }))).toBe('1004')
    expect(await codeOf(other.api.live.cancelReminder({ uid: o.uid, reminderId: mine.reminderId }))).toBe('1003')
    expect(await codeOf(other.api.live.setReminderLead({ uid: o.uid, leadMin: 30, reminderId: mine.reminderId }))).toBe('1003')
    expect(await other.api.live.cancelAllReminders({ uid: o.uid })).toEqual({ cancelled: 0 })
    expect((await owner.c.api.live.queryReminders({ uid: owner.uid })).upcoming).toEqual([expect.objectContaining({ reminderId: mine.reminderId, leadMin: 5 })])
  })

  it('a stale token is refused (401 after expiry, 4011 after logout)', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const token = c.session.token
    gw.tokens.expireAll()
    const res = await fetch(`${gw.url}lvps/reminder/list`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'UCS-TOKEN': token }, body: JSON.stringify({ data: 'x'.repeat(24) }) })
    expect(((await res.json()) as { resultCode: string }).resultCode).toBe('401')
    const after = realClient(gw.url)
    await after.login(DEMO.phone)
    await after.api.userCenter.logout({ uid })
    const gone = await fetch(`${gw.url}lvps/reminder/list`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'UCS-TOKEN': after.session.token }, body: JSON.stringify({ data: 'x'.repeat(24) }) })
    expect(['401', '4011']).toContain(((await gone.json()) as { resultCode: string }).resultCode)
  })

  it('oversized and forged input is refused before anything is stored', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const { channel, p } = programme(gw)
    const other = gw.catalogue.channels.find((x) => !x.child && x.channelId !== channel.channelId)!
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: 'x'.repeat(49), channelId: channel.channelId }))).toBe('1001')
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: p.psId, channelId: 'c'.repeat(41) }))).toBe('1001')
    expect(await codeOf(c.api.live.readReminderNotices({ uid, noticeIds: Array.from({ length: 51 }, (_, i) => `rn-${i}`) }))).toBe('1001')
    // a psId of another channel, an invented one, a day outside the schedule, an unknown reminder id
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: p.psId, channelId: other.channelId }))).toBe('1003')
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: `${channel.channelId}_${TOMORROW}_999`, channelId: channel.channelId }))).toBe('1003')
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: `${channel.channelId}_${serverDayAdd(BASE, 5)}_3`, channelId: channel.channelId }))).toBe('1003')
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: '__proto__', channelId: channel.channelId }))).toBe('1003')
    expect(await codeOf(c.api.live.cancelReminder({ uid, reminderId: 'rm-1' }))).toBe('1003')
    expect(await codeOf(c.api.live.cancelReminder({ uid }))).toBe('1001')
    expect(gw.state().reminders[uid]?.list ?? []).toEqual([])
  })

  it('child mode: no reminder of a programme a child may not watch, even from a forged request', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const adult = programme(gw, 4, false)
    const kids = programme(gw, 4, true)
    // the child channel asked for (the app in child mode)
    await expect(c.api.live.reserveReminder({ uid, psId: adult.p.psId, channelId: adult.channel.channelId, serviceChannelId: 'tvc-child' })).rejects.toMatchObject({ code: '2010', message: expect.stringContaining('儿童') })
    // the TV under child lock, and a request that leaves the child channel out
    await c.api.userCenter.childLockSetting({ uid, mac: 'AC3B7F0E1001', lock: true, password: '2468' })
    expect(await codeOf(c.api.live.reserveReminder({ uid, psId: adult.p.psId, channelId: adult.channel.channelId }))).toBe('2010')
    expect((await c.api.live.reserveReminder({ uid, psId: kids.p.psId, channelId: kids.channel.channelId })).status).toBe('upcoming')
    expect(gw.state().reminders[uid].list.map((r) => r.psId)).toEqual([kids.p.psId])
  })

  it('at most 50 upcoming per user (2008), cancel and cancel-all free places', async () => {
    const gw = await gateway()
    const { c, uid } = await weappOwner(gw)
    const all = gw.catalogue.channels.filter((x) => !x.child).flatMap((ch) => gw.schedule.day(ch, TOMORROW).slice(1, -1).map((p) => ({ ch, p })))
    for (const { ch, p } of all.slice(0, 50)) await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: ch.channelId })
    const extra = all[50]
    await expect(c.api.live.reserveReminder({ uid, psId: extra.p.psId, channelId: extra.ch.channelId })).rejects.toMatchObject({ code: '2008', message: expect.stringContaining('50') })
    // reserving one already reserved is no new place
    expect((await c.api.live.reserveReminder({ uid, psId: all[0].p.psId, channelId: all[0].ch.channelId, leadMin: 10 })).leadMin).toBe(10)
    expect(await c.api.live.cancelReminder({ uid, psId: all[1].p.psId })).toEqual({ cancelled: 1 })
    expect((await c.api.live.reserveReminder({ uid, psId: extra.p.psId, channelId: extra.ch.channelId })).status).toBe('upcoming')
    const list = await c.api.live.queryReminders({ uid })
    expect(list.upcoming).toHaveLength(50)
    for (let i = 1; i < list.upcoming.length; i++) expect(list.upcoming[i].startTime).toBeGreaterThanOrEqual(list.upcoming[i - 1].startTime)
    expect(await c.api.live.cancelAllReminders({ uid })).toEqual({ cancelled: 50 })
    expect((await c.api.live.queryReminders({ uid })).upcoming).toEqual([])
  })
})
