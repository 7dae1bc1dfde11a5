/**
 * Programme reminders on the phone, without UI: the list and the gateway's clock, 预约 and its cancel
 * shown at once and taken back with the gateway's reason, what the user is told by where the notice
 * goes (a refused WeChat subscription keeps the reminder in the app), the cap checked before WeChat is
 * asked, cancel-all, the lead time, each notice shown once and marked read, the asks planned at the
 * lead time on the gateway's clock (fake timers), an answer for a user who left ignored, and nothing
 * left after logout (the operator app's planned notices included).
 */
import { RemindersStore, REMINDER_POLL_MS, REMINDER_DUE_RETRY_MS, type RemindersDeps, type ReminderProgramme } from '@/features/reminders/store/remindersStore'
import { appNoticeOf, bannerOf } from '@/features/reminders/notices'
import type { Reminder, ReminderList, ReminderNotice } from '@/protocol/contract/reminders'
import { REMINDERS_UPCOMING_MAX } from '@/protocol/reminders'
import { childChannelId } from '@/config'
import { GatewayError } from '@/services/http/types'
import { reminders as t } from '@/strings/reminders'
import { beijingAt } from '../helpers/clock'

const MIN = 60_000
/** The gateway's clock runs an hour ahead of the phone's: every wait must be measured on the gateway's. */
const SKEW = 60 * MIN
const GATEWAY_NOW = beijingAt('20261124', 19, 0)
const PHONE_NOW = GATEWAY_NOW - SKEW

function programme(i: number, startsInMin = 30 + i * 10): ReminderProgramme {
  const startTime = GATEWAY_NOW + startsInMin * MIN
  return { psId: `ch1-20261124-${i}`, channelId: 'ch1', title: `节目${i}`, startTime, endTime: startTime + 30 * MIN }
}

/** An in-memory gateway of the lvps/reminder entries: one user's book, its clock and its notices. */
function fakeGateway() {
  const g = {
    /** The gateway's clock: the (fake) time plus the skew. */
    get now() {
      return Date.now() + SKEW
    },
    leadMin: 5,
    upcoming: [] as Reminder[],
    past: [] as Reminder[],
    notices: [] as ReminderNotice[],
    seq: 0,
    calls: [] as Array<{ name: string; req: Record<string, unknown> }>,
    fail: null as null | { name: string; error: Error },
  }
  const list = (): ReminderList => ({
    serverTime: g.now,
    leadMin: g.leadMin,
    max: REMINDERS_UPCOMING_MAX,
    templateId: 'tmpl-from-gateway',
    upcoming: [...g.upcoming].sort((a, b) => a.fireAt - b.fireAt),
    past: [...g.past],
    notices: [...g.notices],
  })
  const entry = <Req extends Record<string, unknown>, Res>(name: string, fn: (req: Req) => Res) => async (req: Req): Promise<Res> => {
    g.calls.push({ name, req })
    if (g.fail?.name === name) throw g.fail.error
    return fn(req)
  }
  const reminderOf = (p: ReminderProgramme, subscribed: boolean): Reminder => ({
    reminderId: `r${++g.seq}`,
    psId: p.psId,
    channelId: p.channelId,
    channelName: 'CCTV-5 体育',
    channelNumber: 5,
    title: p.title,
    date: '20261124',
    startTime: p.startTime,
    endTime: p.endTime,
    leadMin: g.leadMin,
    fireAt: p.startTime - g.leadMin * MIN,
    autoSwitch: false,
    subscribed,
    status: 'upcoming',
    createdAt: g.now,
  })
  const api: RemindersDeps['api'] = {
    queryReminders: entry('queryReminders', () => list()),
    reserveReminder: entry('reserveReminder', (req: { psId: string; channelId: string; subscribed?: boolean; autoSwitch?: boolean }) => {
      const p = programmes.get(req.psId)
      if (!p) throw new GatewayError('server', '1003', '节目不存在', 'lvps/reminder/reserve')
      // as the gateway does: a reserve of a programme already reserved changes that reminder in place
      const existing = g.upcoming.find((x) => x.psId === p.psId)
      const r = existing ? { ...existing, ...(req.autoSwitch !== undefined ? { autoSwitch: req.autoSwitch } : {}) } : { ...reminderOf(p, req.subscribed === true), autoSwitch: req.autoSwitch === true }
      g.upcoming = [...g.upcoming.filter((x) => x.psId !== p.psId), r]
      return r
    }),
    cancelReminder: entry('cancelReminder', (req: { reminderId?: string }) => {
      const before = g.upcoming.length
      g.upcoming = g.upcoming.filter((r) => r.reminderId !== req.reminderId)
      return { cancelled: before - g.upcoming.length }
    }),
    cancelAllReminders: entry('cancelAllReminders', () => {
      const n = g.upcoming.length
      g.upcoming = []
      return { cancelled: n }
    }),
    readReminderNotices: entry('readReminderNotices', (req: { noticeIds: string[] }) => {
      const before = g.notices.length
      g.notices = g.notices.filter((n) => !req.noticeIds.includes(n.noticeId))
      return { read: before - g.notices.length }
    }),
    setReminderLead: entry('setReminderLead', (req: { leadMin: number }) => {
      g.leadMin = req.leadMin
      g.upcoming = g.upcoming.map((r) => ({ ...r, leadMin: req.leadMin, fireAt: r.startTime - req.leadMin * MIN }))
      return list()
    }),
  } as unknown as RemindersDeps['api']
  const programmes = new Map<string, ReminderProgramme>()
  return { g, api, programmes, called: (name: string) => g.calls.filter((c) => c.name === name) }
}

function makeStore(opts: Partial<RemindersDeps> & { uid?: () => string } = {}) {
  const gw = fakeGateway()
  const shown: ReminderNotice[] = []
  const planned: Array<{ upcoming: Reminder[]; skew: number }> = []
  let child = false
  const store = new RemindersStore({
    api: gw.api,
    uid: () => 'u1',
    childMode: () => child,
    timers: { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    channel: 'wechat',
    templateId: 'tmpl-from-config',
    notify: (n) => shown.push(n),
    plan: (upcoming, skew) => planned.push({ upcoming, skew }),
    ...opts,
  })
  for (let i = 1; i <= 3; i++) gw.programmes.set(programme(i).psId, programme(i))
  return { store, gw, shown, planned, setChild: (on: boolean) => (child = on) }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

beforeEach(() => jest.useFakeTimers({ now: PHONE_NOW }))
afterEach(() => jest.useRealTimers())

describe('the list and the gateway clock', () => {
  it('loads the reminders, reserved by psId, and measures time on the gateway clock (not the phone\'s)', async () => {
    const { store, gw } = makeStore()
    await gw.api.reserveReminder({ uid: 'u1', psId: programme(1).psId, channelId: 'ch1' })
    await store.load()
    expect(store.upcoming.map((r) => r.psId)).toEqual([programme(1).psId])
    expect(store.isReserved(programme(1).psId)).toBe(true)
    expect(store.isReserved(programme(2).psId)).toBe(false)
    expect(store.serverNow()).toBe(GATEWAY_NOW)
    // starts in 10 minutes on the gateway's clock, 70 on the phone's: it has not started, so 预约
    expect(store.reservable({ startTime: GATEWAY_NOW + 10 * MIN })).toBe(true)
    // started 10 minutes ago on the gateway's clock, though the phone's says it is 50 minutes off
    expect(store.reservable({ startTime: GATEWAY_NOW - 10 * MIN })).toBe(false)
    expect(store.templateId).toBe('tmpl-from-gateway')
  })

  it('asks WeChat for the build\'s template until the gateway named its own', () => {
    const { store } = makeStore()
    expect(store.templateId).toBe('tmpl-from-config')
  })
})

describe('预约', () => {
  it('shows reserved at once, then the gateway\'s reminder among the upcoming, soonest first', async () => {
    const { store, gw } = makeStore()
    await store.load()
    await store.reserve(programme(2))
    let answer!: (a: 'accept') => void
    const asked = new Promise<'accept'>((r) => (answer = r))
    const done = store.reserve(programme(1), asked)
    expect(store.isReserved(programme(1).psId)).toBe(true)
    expect(store.isPending(programme(1).psId)).toBe(true)
    answer('accept')
    const res = await done
    expect(res).toEqual({ ok: true, message: t.reservedWechat(5) })
    expect(store.isPending(programme(1).psId)).toBe(false)
    expect(store.upcoming.map((r) => r.psId)).toEqual([programme(1).psId, programme(2).psId])
    expect(gw.called('reserveReminder')[1].req).toMatchObject({ uid: 'u1', psId: programme(1).psId, channelId: 'ch1', subscribed: true })
  })

  it('a refused WeChat subscription still reserves, in the app, and says so', async () => {
    const { store, gw } = makeStore()
    await store.load()
    const res = await store.reserve(programme(1), Promise.resolve('reject'))
    expect(res).toEqual({ ok: true, message: t.reservedNoWechat(5) })
    expect(store.isReserved(programme(1).psId)).toBe(true)
    expect(gw.called('reserveReminder')[0].req.subscribed).toBeUndefined()
    expect(store.upcoming[0].subscribed).toBe(false)
  })

  it('H5: tells where the notice goes, the operator app or the app itself', async () => {
    const inApp = makeStore({ channel: 'inApp' })
    await inApp.store.load()
    expect((await inApp.store.reserve(programme(1))).message).toBe(t.reservedInApp(5))
    const app = makeStore({ channel: 'app' })
    await app.store.load()
    expect((await app.store.reserve(programme(1))).message).toBe(t.reservedApp(5))
  })

  it('refused by the gateway: shown unreserved again, with the gateway\'s reason', async () => {
    const { store, gw } = makeStore()
    await store.load()
    gw.g.fail = { name: 'reserveReminder', error: new GatewayError('server', '2010', '这个节目不适合儿童观看，不能预约', 'p') }
    const done = store.reserve(programme(1))
    expect(store.isReserved(programme(1).psId)).toBe(true)
    const res = await done
    expect(res).toEqual({ ok: false, message: t.reserveFailed('这个节目不适合儿童观看，不能预约') })
    expect(store.isReserved(programme(1).psId)).toBe(false)
    expect(store.upcoming).toEqual([])
  })

  it('offline: taken back with the network message, nothing half-written', async () => {
    const { store, gw } = makeStore()
    await store.load()
    gw.g.fail = { name: 'reserveReminder', error: new Error('网络连接错误，请稍后重试') }
    const res = await store.reserve(programme(1))
    expect(res.ok).toBe(false)
    expect(res.message).toContain('网络连接错误')
    expect(store.isReserved(programme(1).psId)).toBe(false)
    expect(store.isPending(programme(1).psId)).toBe(false)
  })

  it('at the cap of 50 upcoming: refused before anything is asked (no WeChat acceptance spent)', async () => {
    const { store, gw } = makeStore()
    gw.g.upcoming = Array.from({ length: REMINDERS_UPCOMING_MAX }, (_, i) => ({
      ...programme(100 + i),
      reminderId: `x${i}`, channelName: 'c', channelNumber: 1, date: '20261124', leadMin: 5, fireAt: GATEWAY_NOW + (60 + i) * MIN, autoSwitch: false, subscribed: false, status: 'upcoming' as const, createdAt: 0,
    }))
    await store.load()
    expect(store.atCap).toBe(true)
    expect(store.refusal(programme(1))).toBe(t.atCap(REMINDERS_UPCOMING_MAX))
    const res = await store.reserve(programme(1))
    expect(res).toEqual({ ok: false, message: t.atCap(REMINDERS_UPCOMING_MAX) })
    expect(gw.called('reserveReminder')).toHaveLength(0)
    // one fewer: the cap is lifted
    await store.cancel(gw.g.upcoming[0].psId)
    expect(store.refusal(programme(1))).toBeNull()
  })

  it('a programme that has started (on the gateway\'s clock) is not reserved', async () => {
    const { store, gw } = makeStore()
    await store.load()
    const started = programme(9, -1)
    expect(store.refusal(started)).toBe(t.ended)
    expect((await store.reserve(started)).ok).toBe(false)
    expect(gw.called('reserveReminder')).toHaveLength(0)
  })

  it('child mode: the reservation goes with the child channel (the gateway refuses an adult programme)', async () => {
    const { store, gw, setChild } = makeStore()
    await store.load()
    setChild(true)
    await store.reserve(programme(1))
    expect(gw.called('reserveReminder')[0].req).toMatchObject({ serviceChannelId: childChannelId })
  })

  it('one tap at a time per programme; nobody logged in: nothing is sent', async () => {
    const { store, gw } = makeStore()
    await store.load()
    const first = store.reserve(programme(1))
    expect(await store.reserve(programme(1))).toEqual({ ok: false, message: t.busy })
    await first
    const out = makeStore({ uid: () => '' })
    expect(await out.store.reserve(programme(1))).toEqual({ ok: false, message: t.needLogin })
    expect(out.gw.called('reserveReminder')).toHaveLength(0)
    expect(gw.called('reserveReminder')).toHaveLength(1)
  })
})

describe('cancel, cancel-all and the lead time', () => {
  async function withTwo() {
    const s = makeStore()
    await s.store.load()
    await s.store.reserve(programme(1))
    await s.store.reserve(programme(2))
    s.gw.g.past = [{ ...s.gw.g.upcoming[0], reminderId: 'old', psId: 'old', status: 'sent' }]
    await s.store.load()
    return s
  }

  it('cancel: gone at once; the gateway\'s refusal brings it back with why', async () => {
    const { store, gw } = await withTwo()
    gw.g.fail = { name: 'cancelReminder', error: new GatewayError('server', '9999', '服务维护中', 'p') }
    const done = store.cancel(programme(1).psId)
    expect(store.isReserved(programme(1).psId)).toBe(false)
    expect(store.upcoming.map((r) => r.psId)).toEqual([programme(2).psId])
    expect(await done).toEqual({ ok: false, message: t.cancelFailed('服务维护中') })
    expect(store.isReserved(programme(1).psId)).toBe(true)
    gw.g.fail = null
    expect(await store.cancel(programme(1).psId)).toEqual({ ok: true, message: t.cancelled })
    expect(gw.called('cancelReminder').at(-1)?.req).toEqual({ uid: 'u1', reminderId: 'r1' })
    expect(store.upcoming.map((r) => r.psId)).toEqual([programme(2).psId])
  })

  it('cancel-all: every upcoming one goes, the past ones stay', async () => {
    const { store } = await withTwo()
    expect(await store.cancelAll()).toEqual({ ok: true, message: t.cancelledAll(2) })
    expect(store.upcoming).toEqual([])
    expect(store.past.map((r) => r.reminderId)).toEqual(['old'])
  })

  it('cancel-all refused: nothing changed, and why', async () => {
    const { store, gw } = await withTwo()
    gw.g.fail = { name: 'cancelAllReminders', error: new GatewayError('server', '9999', '服务维护中', 'p') }
    expect(await store.cancelAll()).toEqual({ ok: false, message: t.cancelFailed('服务维护中') })
    expect(store.upcoming).toHaveLength(2)
    expect(store.busy).toBe(false)
  })

  it('the lead time: 5 by default, shown at once when chosen, the reminders follow; refused: back to what it was', async () => {
    const { store, gw } = await withTwo()
    expect(store.leadMin).toBe(5)
    const done = store.setLead(10)
    expect(store.leadMin).toBe(10)
    expect(await done).toEqual({ ok: true, message: t.leadSaved(10) })
    expect(store.upcoming.map((r) => r.fireAt)).toEqual([programme(1).startTime - 10 * MIN, programme(2).startTime - 10 * MIN])
    gw.g.fail = { name: 'setReminderLead', error: new GatewayError('server', '1001', '提醒时间只能是1、5、10或30分钟', 'p') }
    const refused = store.setLead(30)
    expect(store.leadMin).toBe(30)
    expect(await refused).toEqual({ ok: false, message: t.leadFailed('提醒时间只能是1、5、10或30分钟') })
    expect(store.leadMin).toBe(10)
  })
})

describe('到点自动切换', () => {
  it('on for one upcoming reminder: shown at once, sent as the same reserve; refused: back off, with why', async () => {
    const s = makeStore()
    await s.store.load()
    await s.store.reserve(programme(1))
    const id = s.gw.g.upcoming[0].reminderId
    const done = s.store.setAutoSwitch(programme(1).psId, true)
    expect(s.store.upcoming[0].autoSwitch).toBe(true)
    expect(await done).toEqual({ ok: true, message: t.autoSwitchOn })
    expect(s.gw.called('reserveReminder').at(-1)?.req).toEqual({ uid: 'u1', psId: programme(1).psId, channelId: 'ch1', autoSwitch: true })
    // the same reminder, changed in place: nothing added
    expect(s.gw.g.upcoming.map((r) => [r.reminderId, r.autoSwitch])).toEqual([[id, true]])
    s.gw.g.fail = { name: 'reserveReminder', error: new GatewayError('server', '9999', '服务维护中', 'p') }
    const refused = s.store.setAutoSwitch(programme(1).psId, false)
    expect(s.store.upcoming[0].autoSwitch).toBe(false)
    expect(await refused).toEqual({ ok: false, message: t.autoSwitchFailed('服务维护中') })
    expect(s.store.upcoming[0].autoSwitch).toBe(true)
    expect(s.store.isPending(programme(1).psId)).toBe(false)
  })

  it('only for a reminder of the list, one change at a time; in child mode with the child channel', async () => {
    const s = makeStore()
    await s.store.load()
    expect(await s.store.setAutoSwitch('not-reserved', true)).toEqual({ ok: false, message: t.autoSwitchFailed(t.failedWhy) })
    await s.store.reserve(programme(1))
    s.setChild(true)
    const first = s.store.setAutoSwitch(programme(1).psId, true)
    expect(await s.store.setAutoSwitch(programme(1).psId, false)).toEqual({ ok: false, message: t.busy })
    await first
    expect(s.gw.called('reserveReminder').at(-1)?.req).toMatchObject({ autoSwitch: true, serviceChannelId: expect.any(String) })
  })
})

describe('notices', () => {
  const notice = (id: string, kind: 'fired' | 'removed', extra: Partial<ReminderNotice> = {}): ReminderNotice => ({
    noticeId: id, kind, reminderId: 'r1', psId: programme(1).psId, channelId: 'ch1', channelName: 'CCTV-5 体育', channelNumber: 5, title: '中超', date: '20261124', startTime: GATEWAY_NOW + 5 * MIN, createdAt: GATEWAY_NOW, ...extra,
  })

  it('each notice is shown once and marked read; one whose read failed is not shown twice', async () => {
    const { store, gw, shown } = makeStore()
    gw.g.notices = [notice('n1', 'fired'), notice('n2', 'removed')]
    gw.g.fail = { name: 'readReminderNotices', error: new Error('网络连接错误，请稍后重试') }
    await store.load()
    await flush()
    expect(shown.map((n) => n.noticeId)).toEqual(['n1', 'n2'])
    expect(gw.called('readReminderNotices')[0].req).toEqual({ uid: 'u1', noticeIds: ['n1', 'n2'] })
    // the read failed: the gateway answers them again, the phone does not show them again
    await store.load()
    await flush()
    expect(shown).toHaveLength(2)
    gw.g.fail = null
    await store.load()
    await flush()
    expect(gw.g.notices).toEqual([])
    expect(shown).toHaveLength(2)
    // a removed programme's notice stays for 我的预约 until dismissed
    expect(store.removed.map((n) => n.noticeId)).toEqual(['n2'])
    store.dismissRemoved('n2')
    expect(store.removed).toEqual([])
  })

  it('the banner: 即将开始 or 已开始, why the TV offers no switch, and a tap opens the programme (a removed one, 我的预约)', () => {
    const soon = bannerOf(notice('n1', 'fired'))
    expect(soon.text).toBe(t.bannerSoon('19:05', '05 CCTV-5 体育', '中超'))
    expect(soon.title).toBe(t.bannerTitle)
    expect(soon.open).toBeDefined()
    expect(bannerOf(notice('n1', 'fired', { late: true })).text).toBe(t.bannerStarted('19:05', '05 CCTV-5 体育', '中超'))
    expect(bannerOf(notice('n1', 'fired', { blocked: 'curfew' })).title).toContain(t.blocked.curfew)
    const removed = bannerOf(notice('n2', 'removed'))
    expect(removed.text).toBe(t.bannerRemoved('中超'))
    expect(removed.action).toBe(t.bannerList)
    expect(removed.open).toBeDefined()
  })
})

describe('asking on time (fake timers)', () => {
  it('asks at the soonest reminder\'s lead time on the gateway clock, at most every minute while any is upcoming', async () => {
    const { store, gw } = makeStore()
    gw.programmes.set('soon', { psId: 'soon', channelId: 'ch1', title: '中超', startTime: GATEWAY_NOW + 8 * MIN, endTime: GATEWAY_NOW + 100 * MIN })
    await store.reserve({ psId: 'soon', channelId: 'ch1', title: '中超', startTime: GATEWAY_NOW + 8 * MIN, endTime: GATEWAY_NOW + 100 * MIN })
    store.start()
    await flush()
    const asks = () => gw.called('queryReminders').length
    const before = asks()
    // fires at start - 5 min = 3 minutes from now on the gateway's clock (an hour and 3 minutes on the
    // phone's): asked every minute meanwhile, then just after it
    await jest.advanceTimersByTimeAsync(REMINDER_POLL_MS)
    await flush()
    expect(asks()).toBe(before + 1)
    await jest.advanceTimersByTimeAsync(REMINDER_POLL_MS + 59_000)
    await flush()
    expect(asks()).toBe(before + 2)
    await jest.advanceTimersByTimeAsync(2_000)
    await flush()
    expect(asks()).toBe(before + 3)
    // the gateway has not sent it yet (its clock did not move): asked again shortly
    await jest.advanceTimersByTimeAsync(REMINDER_DUE_RETRY_MS)
    await flush()
    expect(asks()).toBe(before + 4)
    // sent: nothing upcoming, nothing more asked until the app comes back to the foreground
    gw.g.past = gw.g.upcoming.map((r) => ({ ...r, status: 'sent' as const }))
    gw.g.upcoming = []
    await jest.advanceTimersByTimeAsync(REMINDER_DUE_RETRY_MS)
    await flush()
    const settled = asks()
    await jest.advanceTimersByTimeAsync(10 * REMINDER_POLL_MS)
    await flush()
    expect(asks()).toBe(settled)
  })

  it('a reminder hours away: asked every minute all the same (the gateway\'s clock may move)', async () => {
    const { store, gw } = makeStore()
    await store.reserve(programme(3, 300))
    store.start()
    await flush()
    const n = gw.called('queryReminders').length
    await jest.advanceTimersByTimeAsync(REMINDER_POLL_MS)
    await flush()
    expect(gw.called('queryReminders').length).toBe(n + 1)
    store.stop()
    await jest.advanceTimersByTimeAsync(5 * REMINDER_POLL_MS)
    await flush()
    expect(gw.called('queryReminders').length).toBe(n + 1)
  })
})

describe('users', () => {
  it('an answer that arrives after its user left is not shown to the next one', async () => {
    let uid = 'u1'
    const { store, gw, shown } = makeStore({ uid: () => uid })
    gw.g.notices = [{ noticeId: 'n1', kind: 'fired', reminderId: 'r1', psId: 'p', channelId: 'ch1', channelName: 'c', channelNumber: 1, title: 't', date: '20261124', startTime: GATEWAY_NOW, createdAt: GATEWAY_NOW }]
    const loading = store.load()
    uid = 'u2'
    store.reset()
    await loading
    expect(shown).toEqual([])
    expect(store.upcoming).toEqual([])
  })

  it('logout: nothing of the user stays, and the operator app drops its planned notices', async () => {
    const { store, planned } = makeStore()
    await store.load()
    await store.reserve(programme(1))
    expect(planned.at(-1)?.upcoming.map((r) => r.psId)).toEqual([programme(1).psId])
    expect(planned.at(-1)?.skew).toBe(SKEW)
    store.reset()
    expect(store.upcoming).toEqual([])
    expect(store.isReserved(programme(1).psId)).toBe(false)
    expect(planned.at(-1)?.upcoming).toEqual([])
  })

  it('the operator app\'s notice is due at the lead time on the phone\'s clock and opens the programme', async () => {
    const { store } = makeStore()
    await store.load()
    await store.reserve(programme(1))
    const r = store.upcoming[0]
    const item = appNoticeOf(r, SKEW)
    expect(item.at).toBe(r.fireAt - SKEW)
    expect(item.url).toBe(`#/subpackages/pages/live-channel/live-channel?channelId=ch1&date=20261124&psId=${encodeURIComponent(r.psId)}`)
    expect(item.title).toBe(t.appNoticeTitle('节目1'))
  })
})
