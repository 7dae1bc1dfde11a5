/** @jest-environment node */
/**
 * Live schedules and the gateway's server day in UTC+8, whatever the host's time zone.
 * Schedules: 7 days a channel, programmes of 20-120 minutes with no gaps or overlaps, a programme
 * crossing midnight belongs to the day it starts on; channelList's on-air and next follow the gateway
 * clock (`serverTime`); days outside today -3 .. +3 are 1003; child mode sees child groups only.
 */
import { serverDayAdd, serverDayKey, serverDayStart, serverHhmm, DAY_MS, isDayKey, serverDayOffset, dayParts } from '../../src/protocol/time'
import { generateCatalogue } from '../../emulator/data/catalogue'
import { onAirAt, programmesOf } from '../../emulator/data/live'
import { childChannelId } from '../../emulator/config'
import { codeOf, realClient, startTestGateway } from './helpers/gateway'

const MIN = 60_000
const cat = generateCatalogue('http://127.0.0.1:1/')

/** Runs `fn` with the process in another time zone (Node applies TZ changes at once). */
function inZone<T>(tz: string, fn: () => T): T {
  const before = process.env.TZ
  process.env.TZ = tz
  try {
    return fn()
  } finally {
    if (before === undefined) delete process.env.TZ
    else process.env.TZ = before
  }
}

describe('server time in UTC+8', () => {
  // 2026-11-23 17:30 UTC = 2026-11-24 01:30 in Beijing, still the 23rd in New York and Los Angeles
  const instant = Date.UTC(2026, 10, 23, 17, 30)

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati', 'Europe/London'])('the day and clock face are UTC+8 under TZ=%s', (tz) => {
    inZone(tz, () => {
      expect(serverDayKey(instant)).toBe('20261124')
      expect(serverHhmm(instant)).toBe('01:30')
      expect(serverDayStart('20261124')).toBe(Date.UTC(2026, 10, 23, 16, 0))
      expect(serverDayAdd(instant, -3)).toBe('20261121')
      expect(serverDayAdd(instant, 3)).toBe('20261127')
      expect(serverDayOffset(instant, '20261123')).toBe(-1)
      expect(dayParts('20261124')).toEqual({ month: 11, day: 24, weekday: 2 })
    })
  })

  it('day keys are real calendar days', () => {
    expect(isDayKey('20261124')).toBe(true)
    expect(isDayKey('20260229')).toBe(false)
    expect(isDayKey('2026112')).toBe(false)
    expect(isDayKey('20261324')).toBe(false)
    expect(serverDayAdd(Date.UTC(2026, 11, 31, 12), 1)).toBe('20270101')
  })
})

describe('generated schedules', () => {
  const today = '20261124'
  const days = [-3, -2, -1, 0, 1, 2, 3].map((o) => serverDayAdd(serverDayStart(today), o))

  it('the catalogue has at least 4 groups (one a child group) and 40 channels, each with a logo', () => {
    expect(cat.assortments.length).toBeGreaterThanOrEqual(4)
    expect(cat.assortments.some((a) => a.child)).toBe(true)
    expect(cat.channels.length).toBeGreaterThanOrEqual(40)
    for (const c of cat.channels) expect(c.logo).toMatch(/logos\/ch\d+\.svg$/)
    expect(new Set(cat.channels.map((c) => c.number)).size).toBe(cat.channels.length)
  })

  it('every day of every channel: 20-120 minute programmes, no gaps, no overlaps, the next day continuing at the end', () => {
    for (const c of cat.channels) {
      for (const d of days) {
        const list = programmesOf(c, d)
        const next = programmesOf(c, serverDayAdd(serverDayStart(d), 1))
        expect(list[0].startTime).toBeGreaterThanOrEqual(serverDayStart(d))
        expect(list[0].startTime).toBeLessThan(serverDayStart(d) + 36 * MIN)
        list.forEach((p, i) => {
          expect(p.endTime - p.startTime).toBeGreaterThanOrEqual(20 * MIN)
          expect(p.endTime - p.startTime).toBeLessThanOrEqual(120 * MIN)
          expect(serverDayKey(p.startTime)).toBe(d) // every programme starts on its own day
          if (i > 0) expect(p.startTime).toBe(list[i - 1].endTime)
          expect(p.psId).toBe(`${c.channelId}_${d}_${i}`)
        })
        expect(list[list.length - 1].endTime).toBe(next[0].startTime)
      }
    }
  })

  it('a programme crossing midnight is listed whole on the day it starts, and on no other', () => {
    let crossings = 0
    for (const c of cat.channels) {
      for (const d of days) {
        const last = programmesOf(c, d).at(-1)!
        const midnight = serverDayStart(d) + DAY_MS
        if (last.endTime > midnight) {
          crossings++
          expect(programmesOf(c, serverDayAdd(midnight, 0)).some((p) => p.psId === last.psId || p.startTime < midnight)).toBe(false)
        }
      }
    }
    expect(crossings).toBeGreaterThan(0)
  })

  it('the same channel and day always give the same schedule; child channels air child shows only', () => {
    const c = cat.channels[0]
    expect(programmesOf(c, today)).toEqual(programmesOf(c, today))
    const adult = new Set(cat.channels.filter((x) => !x.child).flatMap((x) => programmesOf(x, today).map((p) => p.title.split('：')[0])))
    for (const kid of cat.channels.filter((x) => x.child)) {
      for (const p of programmesOf(kid, today)) expect(['新闻联播', '午夜剧场', '黄金剧场', '周末电影', '焦点访谈']).not.toContain(p.title.split('：')[0])
    }
    expect(adult.has('新闻联播') || adult.has('焦点访谈')).toBe(true)
  })

  it('on air: the programme containing the instant, the next is the one after (across midnight too)', () => {
    const c = cat.channels[3]
    const d = today
    const last = programmesOf(c, d).at(-1)!
    const { current, next } = onAirAt(c, last.startTime + MIN)
    expect(current).toEqual(last)
    expect(next).toEqual(programmesOf(c, serverDayAdd(serverDayStart(d), 1))[0])
    // just after midnight, the programme that started yesterday is still on air
    const midnight = serverDayStart(d) + DAY_MS
    if (last.endTime > midnight) expect(onAirAt(c, midnight + 1).current).toEqual(last)
  })
})

describe('live gateway', () => {
  // a moving clock the test controls: 2026-11-24 19:58 in Beijing
  let nowMs = serverDayStart('20261124') + (19 * 60 + 58) * MIN
  let gw: Awaited<ReturnType<typeof startTestGateway>>
  let c: ReturnType<typeof realClient>

  beforeAll(async () => {
    gw = await startTestGateway({ now: () => nowMs })
    c = realClient(gw.url)
  })
  afterAll(() => gw.close())

  it('groups carry child; child mode gets child groups only, and the adult groups are 1004 to it', async () => {
    const all = await c.api.live.getOpenNewAssortment()
    expect(all.list.map((g) => g.child)).toContain(true)
    expect(all.list.map((g) => g.child)).toContain(false)
    const child = await c.api.live.getOpenNewAssortment({ serviceChannelId: childChannelId })
    expect(child.list.length).toBeGreaterThan(0)
    expect(child.list.every((g) => g.child)).toBe(true)
    const adult = all.list.find((g) => !g.child)!
    expect(await codeOf(c.api.live.channelList({ assortmentId: adult.assortmentId, serviceChannelId: childChannelId }))).toBe('1004')
    const adultChannel = cat.channels.find((x) => !x.child)!
    expect(await codeOf(c.api.live.getAllProgramlist({ channelId: adultChannel.channelId, date: '20261124', serviceChannelId: childChannelId }))).toBe('1004')
  })

  it('channelList: serverTime, the programme on air by the gateway clock and the next; moving the clock moves them', async () => {
    const group = (await c.api.live.getOpenNewAssortment()).list[0]
    const first = await c.api.live.channelList({ assortmentId: group.assortmentId })
    expect(first.serverTime).toBe(nowMs)
    expect(first.list.length).toBeGreaterThanOrEqual(8)
    for (const ch of first.list) {
      expect(ch.current!.startTime).toBeLessThanOrEqual(nowMs)
      expect(ch.current!.endTime).toBeGreaterThan(nowMs)
      expect(ch.next!.startTime).toBe(ch.current!.endTime)
    }
    const ch = first.list[0]
    nowMs = ch.current!.endTime
    const later = await c.api.live.channelList({ assortmentId: group.assortmentId })
    expect(later.serverTime).toBe(nowMs)
    expect(later.list[0].current).toEqual(ch.next)
  })

  it('getAllProgramlist answers today -3 .. +3 in server days; other days are 1003, malformed dates 1001', async () => {
    const ch = cat.channels[0]
    for (let o = -3; o <= 3; o++) {
      const date = serverDayAdd(nowMs, o)
      const res = await c.api.live.getAllProgramlist({ channelId: ch.channelId, date })
      expect(res.date).toBe(date)
      expect(res.serverTime).toBe(nowMs)
      expect(res.list).toEqual(programmesOf(ch, date))
    }
    expect(await codeOf(c.api.live.getAllProgramlist({ channelId: ch.channelId, date: serverDayAdd(nowMs, -4) }))).toBe('1003')
    expect(await codeOf(c.api.live.getAllProgramlist({ channelId: ch.channelId, date: serverDayAdd(nowMs, 4) }))).toBe('1003')
    expect(await codeOf(c.api.live.getAllProgramlist({ channelId: ch.channelId, date: '20261331' }))).toBe('1001')
    expect(await codeOf(c.api.live.getAllProgramlist({ channelId: 'ch999', date: serverDayKey(nowMs) }))).toBe('1003')
  })

  it('psdetail: title, times, description and a poster the gateway serves', async () => {
    const ch = cat.channels[0]
    const p = programmesOf(ch, serverDayKey(nowMs))[2]
    const d = await c.api.live.psdetail({ psId: p.psId })
    expect(d).toMatchObject({ psId: p.psId, title: p.title, startTime: p.startTime, endTime: p.endTime, channelName: ch.name, channelNumber: ch.number })
    expect(d.description).toContain(p.title)
    const img = await fetch(new URL(new URL(d.poster).pathname, gw.url))
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await img.text()).toContain(ch.name.split(' ')[0])
    expect(await codeOf(c.api.live.psdetail({ psId: `${ch.channelId}_${serverDayAdd(nowMs, 5)}_0` }))).toBe('1003')
    expect(await codeOf(c.api.live.psdetail({ psId: 'nope' }))).toBe('1003')
  })
})

describe('sign-in follows the server day in UTC+8 under another host time zone', () => {
  it('under TZ=America/Los_Angeles a new Beijing day is a new sign-in day, though the host day is the same', async () => {
    const before = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    // 2026-11-24 23:50 Beijing = 2026-11-24 07:50 in Los Angeles
    let nowMs = serverDayStart('20261124') + (23 * 60 + 50) * MIN
    const gw = await startTestGateway({ now: () => nowMs })
    try {
      const c = realClient(gw.url)
      const uid = (await c.login()).uid
      await c.api.activity.receiveReward({ userId: uid, kind: 'sign' })
      expect((await c.api.activity.signInfo({ userId: uid })).signedToday).toBe(true)
      // 20 minutes later: 00:10 on the 25th in Beijing, still 08:10 on the 24th in Los Angeles
      nowMs += 20 * MIN
      expect(new Date(nowMs).getDate()).toBe(new Date(nowMs - 20 * MIN).getDate()) // the host's day did not change
      expect((await c.api.activity.signInfo({ userId: uid })).signedToday).toBe(false)
      expect(await codeOf(c.api.activity.receiveReward({ userId: uid, kind: 'sign' }))).toBe('000')
      expect((await c.api.activity.signInfo({ userId: uid })).continuousDays).toBe(2)
    } finally {
      await gw.close()
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
  })
})
