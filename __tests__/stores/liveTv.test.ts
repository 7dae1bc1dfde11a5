/**
 * Live TV on the phone: a channel is switched with digit keys then OK, each sent only after the reply
 * to the previous one, stopped on a missing reply; what the user is told comes from the box's reply;
 * remote presses follow the same rule; the live list follows the gateway's clock (next programme moves
 * up, across midnight too); child mode shows child groups only; the schedule's days are UTC+8 days
 * whatever the host's time zone.
 */
import { TvStore } from '@/stores/app/tvStore'
import type { TvLink, TvLinkListener } from '@/services/tv/link'
import type { TvMode, TvPlayState } from '@/protocol/tv/messages'
import { KeyQueue, sendKeysInOrder, type KeyPort } from '@/services/tv/keySequence'
import { LiveStore, advanceChannel, type LiveApi } from '@/features/live/store/liveStore'
import { progressOf } from '@/stores/kit/progress'
import { ScheduleModel, whenOf } from '@/features/live/models/scheduleModel'
import { childChannelId } from '@/config'
import { serverDayStart } from '@/protocol/time'
import { tv as t } from '@/strings'
import { unusedTvLink } from '../helpers/testServices'
import { device } from './fixtures'

const MIN = 60_000
const mode = (content: Record<string, unknown>): TvMode => ({ type: 87, content: { currentEPGVersion: 1, ...content } })
const play = (p: Partial<TvPlayState>) => ({ power: true, volume: 20, muted: false, screen: 1, menuOpen: false, focus: 0, playing: null, lastKey: null, ...p })

/** A TV store over a fake link: every key sent is recorded; the test answers (or not) as the box would. */
async function connectedStore() {
  let listener!: TvLinkListener
  const sent: Array<{ key: string; seq: number }> = []
  let seq = 100
  class FakeLink {
    constructor(_deps: unknown, l: TvLinkListener) {
      listener = l
    }
    setTarget() {}
    sendKey(key: string) {
      sent.push({ key, seq: ++seq })
      return { ok: true as const, sequenceId: seq }
    }
    dispose() {}
  }
  const store = new TvStore({ ...unusedTvLink, loadLink: async () => FakeLink as unknown as typeof TvLink })
  store.setDevice(device(), { uid: 'u1', phone: '13800000000', nickName: '小明' })
  await new Promise((r) => setTimeout(r, 0))
  listener.state('online', null)
  const answer = (content: Record<string, unknown>) => listener.mode(mode(content), String(sent[sent.length - 1].seq))
  return { store, sent, answer, listener: () => listener }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

afterEach(() => jest.useRealTimers())

describe('switching a channel with key events', () => {
  it('sends one key per reply: the next digit only after the previous one was answered, then OK', async () => {
    const { store, sent, answer } = await connectedStore()
    const done = store.switchChannel({ number: 12, name: '湖南卫视' })
    await flush()
    expect(sent.map((s) => s.key)).toEqual(['digit1'])
    await flush()
    expect(sent).toHaveLength(1) // nothing more until the reply
    answer({ playState: play({ liveEntry: '1' }) })
    await flush()
    expect(sent.map((s) => s.key)).toEqual(['digit1', 'digit2'])
    answer({ playState: play({ liveEntry: '12' }) })
    await flush()
    expect(sent.map((s) => s.key)).toEqual(['digit1', 'digit2', 'ok'])
    answer({ playState: play({ playing: { package: 'tvc.live', loadUrl: 'x' }, live: { channelId: 'ch12', number: 12, name: '湖南卫视', title: '新闻' }, liveEntry: '' }) })
    await expect(done).resolves.toEqual({ ok: true, message: t.switched('湖南卫视') })
    expect(store.nowPlaying).toBe(t.playingLive('湖南卫视', '新闻'))
  })

  it('a missing reply stops the sequence: nothing more is sent, and the user is told it did not finish', async () => {
    const { store, sent, answer } = await connectedStore()
    jest.useFakeTimers()
    const done = store.switchChannel({ number: 12, name: '湖南卫视' })
    await flush()
    answer({ playState: play({ liveEntry: '1' }) })
    await flush()
    expect(sent.map((s) => s.key)).toEqual(['digit1', 'digit2'])
    jest.advanceTimersByTime(800) // no reply to digit2
    await expect(done).resolves.toEqual({ ok: false, message: t.switchUnfinished })
    jest.advanceTimersByTime(5000)
    await flush()
    expect(sent.map((s) => s.key)).toEqual(['digit1', 'digit2'])
  })

  it('the box refusing says why: no such channel, or child mode', async () => {
    const { store, answer } = await connectedStore()
    const refuse = async (n: number, reason: 'noChannel' | 'child') => {
      const done = store.switchChannel({ number: n, name: 'x' })
      for (let i = 0; i < String(n).length + 1; i++) {
        await flush()
        answer({ playState: play({ liveRefused: { number: n, reason } }) })
      }
      return done
    }
    await expect(refuse(7, 'child')).resolves.toEqual({ ok: false, message: t.switchChildOnly })
    await expect(refuse(77, 'noChannel')).resolves.toEqual({ ok: false, message: t.switchNoChannel(77) })
  })

  it('under global lock nothing is sent; a box that reports no live state (a real box) is told "sent"', async () => {
    const { store, sent, listener, answer } = await connectedStore()
    listener().mode(mode({ globalLock: true }))
    await expect(store.switchChannel({ number: 1, name: 'CCTV-1' })).resolves.toEqual({ ok: false, message: t.globalLocked })
    await expect(store.pressKey('channelUp')).resolves.toMatchObject({ ok: false, reason: 'locked' })
    expect(sent).toEqual([])
    listener().mode(mode({ globalLock: false }))
    const done = store.switchChannel({ number: 1, name: 'CCTV-1' })
    await flush()
    answer({ playState: play({}) })
    await flush()
    answer({ playState: play({}) })
    await expect(done).resolves.toEqual({ ok: true, message: t.switchSent })
  })
})

describe('KeyQueue: remote presses in order, one per reply', () => {
  function port(replies: Map<number, TvMode | null>) {
    const sent: string[] = []
    let seq = 0
    const waiters = new Map<number, (m: TvMode | null) => void>()
    const p: KeyPort = {
      send: (key) => {
        sent.push(key)
        return { ok: true, sequenceId: ++seq }
      },
      replyTo: (id, ms) =>
        new Promise((resolve) => {
          if (replies.has(id)) return resolve(replies.get(id) ?? null)
          waiters.set(id, resolve)
          setTimeout(() => resolve(null), ms)
        }),
    }
    return { p, sent, reply: (id: number) => waiters.get(id)?.(mode({})) }
  }

  it('a second press waits for the reply to the first; a missing reply drops the presses still waiting', async () => {
    jest.useFakeTimers()
    const { p, sent, reply } = port(new Map())
    const q = new KeyQueue(p, 800)
    const a = q.run(['volumeUp'])
    const b = q.run(['volumeUp'])
    const c = q.run(['volumeUp'])
    await flush()
    expect(sent).toEqual(['volumeUp'])
    reply(1)
    await expect(a).resolves.toMatchObject({ ok: true })
    await flush()
    expect(sent).toEqual(['volumeUp', 'volumeUp'])
    jest.advanceTimersByTime(800) // press 2 unanswered
    await expect(b).resolves.toMatchObject({ ok: false, reason: 'noReply' })
    await expect(c).resolves.toMatchObject({ ok: false, reason: 'noReply', sent: 0 })
    expect(sent).toHaveLength(2)
    // a press after that is sent again
    const d = q.run(['mute'])
    await flush()
    expect(sent).toEqual(['volumeUp', 'volumeUp', 'mute'])
    reply(3)
    await expect(d).resolves.toMatchObject({ ok: true })
  })

  it('presses beyond the limit are refused at once (busy), never queued without bound', async () => {
    const { p } = port(new Map())
    const q = new KeyQueue(p, 800, 2)
    void q.run(['up'])
    void q.run(['up'])
    await expect(q.run(['up'])).resolves.toEqual({ ok: false, reason: 'busy', message: t.keysBusy, sent: 0 })
  })

  it('an offline send stops at once with its own message', async () => {
    const p: KeyPort = { send: () => ({ ok: false, reason: 'offline', message: t.offlineCannotSend }), replyTo: async () => null }
    await expect(sendKeysInOrder(p, ['digit1', 'ok'], 800)).resolves.toEqual({ ok: false, reason: 'offline', message: t.offlineCannotSend, sent: 0 })
  })
})

describe('the live list on the gateway clock', () => {
  const day = serverDayStart('20261124')
  const prog = (i: number, from: number, to: number) => ({ psId: `ch01_20261124_${i}`, channelId: 'ch01', title: `节目${i}`, startTime: day + from * MIN, endTime: day + to * MIN })

  function liveApi(serverTime: () => number, overrides: Partial<LiveApi> = {}) {
    const calls: Array<Record<string, unknown>> = []
    const api = {
      getOpenNewAssortment: jest.fn(async (req: { serviceChannelId?: string } = {}) => {
        calls.push({ groups: req })
        const all = [
          { assortmentId: 'a1', name: '央视', child: false },
          { assortmentId: 'a4', name: '少儿', child: true },
        ]
        // a gateway that forgot to filter: the app still never shows an adult group in child mode
        return { list: all }
      }),
      channelList: jest.fn(async (req: { assortmentId: string; serviceChannelId?: string }) => {
        calls.push({ channels: req })
        const now = serverTime()
        const list = [prog(0, 0, 60), prog(1, 60, 90), prog(2, 90, 150), prog(3, 150, 200)]
        const i = list.findIndex((p) => p.startTime <= now && now < p.endTime)
        return { serverTime: now, list: [{ channelId: 'ch01', name: 'CCTV-1', number: 1, logo: '', current: list[i], next: list[i + 1] }] }
      }),
      getAllProgramlist: jest.fn(),
      psdetail: jest.fn(),
      ...overrides,
    }
    return { api: api as unknown as LiveApi, calls }
  }

  function fakeTimers(start: number) {
    let now = start
    const pending: Array<{ at: number; fn: () => void; id: number }> = []
    let id = 0
    return {
      timers: {
        now: () => now,
        setTimeout: (fn: () => void, ms: number) => {
          pending.push({ at: now + ms, fn, id: ++id })
          return id
        },
        clearTimeout: (h: unknown) => {
          const i = pending.findIndex((p) => p.id === h)
          if (i >= 0) pending.splice(i, 1)
        },
      },
      advance(ms: number) {
        now += ms
        for (;;) {
          pending.sort((a, b) => a.at - b.at)
          const next = pending[0]
          if (!next || next.at > now) break
          pending.shift()
          next.fn()
        }
      },
      pendingCount: () => pending.length,
    }
  }

  it('on air is worked out on the gateway clock, not the phone clock; the next moves up when the programme ends', async () => {
    // the phone clock is 5 hours wrong; the gateway says 00:30 (programme 0 on air until 01:00)
    const phone = fakeTimers(day - 5 * 3600_000)
    const gatewayNow = () => phone.timers.now() + 5 * 3600_000 + 30 * MIN
    const { api } = liveApi(gatewayNow)
    const live = new LiveStore(api, phone.timers)
    await live.load(false)
    live.start()
    expect(live.channels[0].current?.title).toBe('节目0')
    expect(live.channels[0].next?.title).toBe('节目1')
    expect(progressOf(live.channels[0].current!, live.now)).toBeCloseTo(0.5, 2)
    phone.advance(30 * MIN) // 01:00 on the gateway clock: programme 0 ends
    expect(live.channels[0].current?.title).toBe('节目1')
    await flush()
    live.stop()
  })

  it('advanceChannel: the next moves up at the end (across midnight too), nothing is invented after it', () => {
    const beforeMidnight = { startTime: day - 30 * MIN, endTime: day + 15 * MIN, psId: 'a', channelId: 'c', title: '午夜剧场' }
    const after = { startTime: day + 15 * MIN, endTime: day + 60 * MIN, psId: 'b', channelId: 'c', title: '新闻' }
    const c = { channelId: 'c', name: 'n', number: 1, logo: '', current: beforeMidnight, next: after }
    expect(advanceChannel(c, day + 5 * MIN)).toBe(c) // after midnight, the programme of yesterday is still on
    expect(advanceChannel(c, day + 15 * MIN)).toEqual({ ...c, current: after, next: undefined })
    expect(advanceChannel(c, day + 61 * MIN)).toEqual({ ...c, current: undefined, next: undefined })
  })

  it('child mode asks with the child channel and shows child groups only', async () => {
    const { api, calls } = liveApi(() => day)
    const live = new LiveStore(api, fakeTimers(day).timers)
    await live.load(true)
    expect(calls[0]).toEqual({ groups: { serviceChannelId: childChannelId } })
    expect(live.groups.value?.map((g) => g.name)).toEqual(['少儿'])
    expect(calls[1]).toEqual({ channels: { assortmentId: 'a4', serviceChannelId: childChannelId } })
    await live.load(false)
    expect(live.groups.value?.map((g) => g.name)).toEqual(['央视', '少儿'])
  })

  it('selecting a group loads its channels once and tells the tracker', async () => {
    const views: string[] = []
    const { api } = liveApi(() => day)
    const live = new LiveStore(api, fakeTimers(day).timers, (g) => views.push(g.name))
    await live.load(false)
    await live.selectGroup(1)
    await live.selectGroup(0)
    await live.selectGroup(1)
    expect(views).toEqual(['少儿', '央视', '少儿'])
    expect((api.channelList as jest.Mock).mock.calls).toHaveLength(2)
  })
})

describe('the schedule model', () => {
  it('days are today -3 .. +3 in UTC+8 under another host time zone; on air and past follow the gateway clock', async () => {
    const before = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    try {
      // the gateway says 2026-11-24 00:20 in Beijing (still the 23rd in Los Angeles)
      const serverTime = serverDayStart('20261124') + 20 * MIN
      const list = [
        { psId: 'p0', channelId: 'ch01', title: '午夜剧场', startTime: serverTime - 40 * MIN, endTime: serverTime - 5 * MIN },
        { psId: 'p1', channelId: 'ch01', title: '新闻', startTime: serverTime - 5 * MIN, endTime: serverTime + 25 * MIN },
        { psId: 'p2', channelId: 'ch01', title: '天气', startTime: serverTime + 25 * MIN, endTime: serverTime + 60 * MIN },
      ]
      const getAllProgramlist = jest.fn(async () => ({ channelId: 'ch01', channelName: 'CCTV-1 综合', channelNumber: 1, logo: '', date: '20261124', serverTime, list }))
      let phoneNow = serverTime - 3 * 3600_000 // a phone clock 3 h slow
      const m = new ScheduleModel({ getAllProgramlist, psdetail: jest.fn() } as never, 'ch01', '', () => false, { now: () => phoneNow })
      await m.load()
      // the phone guessed the 23rd; the gateway's serverTime says the 24th: that day is shown
      expect(getAllProgramlist.mock.calls.map((c) => (c as unknown as [{ date: string }])[0].date)).toEqual(['20261123', '20261124'])
      expect(m.date).toBe('20261124')
      expect(m.days.map((d) => d.key)).toEqual(['20261121', '20261122', '20261123', '20261124', '20261125', '20261126', '20261127'])
      expect(m.channel).toEqual({ name: 'CCTV-1 综合', number: 1, logo: '' })
      expect(m.onAir?.psId).toBe('p1')
      expect(list.map((p) => whenOf(p, m.now))).toEqual(['past', 'onAir', 'later'])
      phoneNow += 25 * MIN
      m.tick()
      expect(m.onAir?.psId).toBe('p2')
      expect(m.dayOffset).toBe(0)
    } finally {
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
  })

  describe('just after midnight, before today\'s first programme: the one on air started yesterday', () => {
    // 2026-11-24 in Beijing: yesterday's last programme runs 23:20 - 00:10, today's list starts at 00:10
    const midnight = serverDayStart('20261124')
    const days: Record<string, Array<{ psId: string; channelId: string; title: string; startTime: number; endTime: number }>> = {
      '20261123': [
        { psId: 'y0', channelId: 'ch01', title: '新闻', startTime: midnight - 120 * MIN, endTime: midnight - 40 * MIN },
        { psId: 'y1', channelId: 'ch01', title: '财经报道', startTime: midnight - 40 * MIN, endTime: midnight + 10 * MIN },
      ],
      '20261124': [
        { psId: 't0', channelId: 'ch01', title: '体育新闻', startTime: midnight + 10 * MIN, endTime: midnight + 100 * MIN },
        { psId: 't1', channelId: 'ch01', title: '天气预报', startTime: midnight + 100 * MIN, endTime: midnight + 190 * MIN },
      ],
    }
    const at = (serverTime: number, failYesterday = false) =>
      jest.fn(async ({ date }: { date: string }) => {
        if (failYesterday && date === '20261123') throw new Error('网络不给力')
        return { channelId: 'ch01', channelName: 'CCTV-1 综合', channelNumber: 1, logo: '', date, serverTime, list: days[date] }
      })
    const datesAsked = (api: jest.Mock) => api.mock.calls.map((c) => (c as unknown as [{ date: string }])[0].date)

    it('opened without a day at 00:05, it shows yesterday, where the programme on air is listed', async () => {
      const api = at(midnight + 5 * MIN)
      const m = new ScheduleModel({ getAllProgramlist: api, psdetail: jest.fn() } as never, 'ch01', '', () => false, { now: () => midnight + 5 * MIN })
      await m.load()
      expect(datesAsked(api)).toEqual(['20261124', '20261123'])
      expect(m.date).toBe('20261123')
      expect(m.dayOffset).toBe(-1)
      expect(m.onAir?.psId).toBe('y1')
    })

    it('at 00:10, when today\'s first programme is on, today stays', async () => {
      const api = at(midnight + 10 * MIN)
      const m = new ScheduleModel({ getAllProgramlist: api, psdetail: jest.fn() } as never, 'ch01', '', () => false, { now: () => midnight + 10 * MIN })
      await m.load()
      expect(datesAsked(api)).toEqual(['20261124'])
      expect(m.onAir?.psId).toBe('t0')
    })

    it('a day asked for (the link, a tapped tab) is shown as asked, even at 00:05', async () => {
      const api = at(midnight + 5 * MIN)
      const m = new ScheduleModel({ getAllProgramlist: api, psdetail: jest.fn() } as never, 'ch01', '20261124', () => false, { now: () => midnight + 5 * MIN })
      await m.load()
      await m.load('20261124')
      expect(datesAsked(api)).toEqual(['20261124', '20261124'])
      expect(m.date).toBe('20261124')
    })

    it('yesterday failing to load, today stays on screen as it was answered', async () => {
      const api = at(midnight + 5 * MIN, true)
      const m = new ScheduleModel({ getAllProgramlist: api, psdetail: jest.fn() } as never, 'ch01', '', () => false, { now: () => midnight + 5 * MIN })
      await m.load()
      expect(datesAsked(api)).toEqual(['20261124', '20261123'])
      expect(m.date).toBe('20261124')
      expect(m.list.status).toBe('ready')
      expect(m.list.value?.map((p) => p.psId)).toEqual(['t0', 't1'])
    })

    it('yesterday without a programme on air (a gap in the operator\'s lists) leaves today', async () => {
      const saved = days['20261123']
      days['20261123'] = saved.slice(0, 1)
      try {
        const api = at(midnight + 5 * MIN)
        const m = new ScheduleModel({ getAllProgramlist: api, psdetail: jest.fn() } as never, 'ch01', '', () => false, { now: () => midnight + 5 * MIN })
        await m.load()
        expect(m.date).toBe('20261124')
        expect(m.list.value?.map((p) => p.psId)).toEqual(['t0', 't1'])
      } finally {
        days['20261123'] = saved
      }
    })

    it('a day tapped while yesterday is asked is not replaced by yesterday\'s answer', async () => {
      let release: () => void = () => undefined
      const held = new Promise<void>((r) => (release = r))
      const inner = at(midnight + 5 * MIN)
      const api = jest.fn(async (q: { date: string }) => {
        if (q.date === '20261123') await held
        return inner(q)
      })
      const m = new ScheduleModel({ getAllProgramlist: api, psdetail: jest.fn() } as never, 'ch01', '', () => false, { now: () => midnight + 5 * MIN })
      const first = m.load()
      await new Promise((r) => setTimeout(r, 0))
      await m.load('20261124')
      release()
      await first
      expect(m.date).toBe('20261124')
      expect(m.list.value?.map((p) => p.psId)).toEqual(['t0', 't1'])
    })
  })

  it('in child mode the schedule is asked with the child channel', async () => {
    const getAllProgramlist = jest.fn(async () => ({ channelId: 'ch39', channelName: '卡酷少儿', channelNumber: 39, logo: '', date: '20261124', serverTime: 1, list: [] }))
    const m = new ScheduleModel({ getAllProgramlist, psdetail: jest.fn() } as never, 'ch39', '20261124', () => true)
    await m.load()
    expect(getAllProgramlist).toHaveBeenCalledWith({ channelId: 'ch39', date: '20261124', serviceChannelId: childChannelId })
  })
})
