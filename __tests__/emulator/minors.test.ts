/** @jest-environment node */
/**
 * The gateway's side of minors' mode over real HTTP: the settings per TV, read by every
 * family member and nobody else; a change and the grant take the TV's lock password with the lock
 * rules (one counter and one 15-minute wait with the locks); the grant once per server day (UTC+8);
 * the day's counted total kept by the gateway (across a restart of the box and of the gateway);
 * the 7-day report; and the attacks: another account, a forged TV, out-of-range totals, a stale token.
 */
import { DEMO, type RunningGateway } from '../../emulator/gateway'
import { userCenter } from '../../src/protocol/contract/userCenter'
import type { MinorsSettings } from '../../src/protocol/minors'
import { defaultMinorsSettings } from '../../src/protocol/minorsSettings'
import { serverDayAdd, serverDayKey } from '../../src/protocol/time'
import { codeOf, realClient, startTestGateway } from './helpers/gateway'
import { rawCall } from './helpers/raw'
import { startSetTops, type SettopTransport } from '../../emulator/settop'
import { h5Play, syncPlayState, type Command } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { readMinors } from '../../src/protocol/tv/minors'
import { senderTopic } from '../../src/protocol/tv/sender'

const LIVING = 'AC3B7F0E1001' // u10001 owner, u10002 member
const BEDROOM = 'AC3B7F0E1002' // u10001's own
const STUDY = 'AC3B7F0E1003' // u10002's own TV
const MIN = 60_000
/** 2026-11-24 HH:MM in Beijing. */
const bj = (hh: number, mm = 0, day = 24) => Date.UTC(2026, 10, day, hh - 8, mm)

let now = bj(15)
let gw: RunningGateway & { dataDir: string }
let owner: ReturnType<typeof realClient>
let member: ReturnType<typeof realClient>
let stranger: ReturnType<typeof realClient>

const on = (patch: Partial<MinorsSettings> = {}): MinorsSettings => ({ ...defaultMinorsSettings('8to16'), enabled: true, ...patch })

beforeEach(async () => {
  now = bj(15)
  gw = await startTestGateway({ now: () => now })
  owner = realClient(gw.url)
  member = realClient(gw.url)
  stranger = realClient(gw.url)
  await owner.login(DEMO.phone)
  await member.login(DEMO.memberPhone)
  await stranger.login(DEMO.noTvPhone)
})

afterEach(async () => {
  await gw.close()
})

const uc = () => owner.api.userCenter
const changes = () => {
  const seen: string[] = []
  gw.directory.onTvChanged?.((mac) => seen.push(mac))
  return seen
}

describe('settings', () => {
  it('a TV nobody set up reads as off with the defaults, and nothing is written for it', async () => {
    const info = await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })
    expect(info.settings).toEqual(defaultMinorsSettings('8to16'))
    expect(info.today).toMatchObject({ day: '20261124', usedSec: 0, limitSec: 3600, granted: false, reason: '' })
    expect(info.serverTime).toBe(now)
    expect(gw.state().minors[LIVING]).toBeUndefined()
  })

  it('turning it on for the first time sets the 4-digit lock password; every member then reads the same settings', async () => {
    expect(await codeOf(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on() }))).toBe('1001')
    expect(await codeOf(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '12a4' }))).toBe('1001')
    const seen = changes()
    const set = await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ ageGroup: 'under8', dailyLimitMin: 40, curfewStart: '21:30' }), password: '2468' })
    expect(set).toMatchObject({ hasPassword: true, triesLeft: 5, today: { limitSec: 2400, reason: '' } })
    expect(seen).toEqual([LIVING])
    expect(gw.state().locks[LIVING].passwordHash).toBeTruthy()
    expect(JSON.stringify(gw.state())).not.toContain('"2468"')
    // the child lock now takes the same password
    expect(await codeOf(uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '0000' }))).toBe('000')
    expect(await codeOf(uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '0000' }))).toBe('2004')
    const seenByMember = await member.api.userCenter.queryMinorsMode({ uid: 'u10002', mac: LIVING })
    expect(seenByMember.settings).toEqual(set.settings)
    expect(seenByMember.settings).toMatchObject({ enabled: true, ageGroup: 'under8', dailyLimitMin: 40, curfewStart: '21:30', curfewEnd: '06:00' })
  })

  it('any change, turning it off included, takes the password; a member without it reads but cannot change', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const seen = changes()
    expect(await codeOf(member.api.userCenter.minorsModeSetting({ uid: 'u10002', mac: LIVING, settings: on({ dailyLimitMin: 240 }) }))).toBe('2004')
    expect(await codeOf(member.api.userCenter.minorsModeSetting({ uid: 'u10002', mac: LIVING, settings: on({ enabled: false }), password: '1111' }))).toBe('2004')
    expect((await member.api.userCenter.queryMinorsMode({ uid: 'u10002', mac: LIVING })).settings).toMatchObject({ enabled: true, dailyLimitMin: 60 })
    expect(seen).toEqual([])
    // with the password a member may change it
    const off = await member.api.userCenter.minorsModeSetting({ uid: 'u10002', mac: LIVING, settings: on({ enabled: false }), password: '2468' })
    expect(off.settings.enabled).toBe(false)
    expect(off.triesLeft).toBe(5)
    expect(seen).toEqual([LIVING])
  })

  it('5 wrong passwords in a row: a wait with no loosening change (even with the right password), the locks waiting too', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    await uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    // tries count across locks and minors' mode: 2 on the lock, 3 here
    for (let i = 0; i < 2; i++) expect(await codeOf(uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '9999' }))).toBe('2004')
    for (let i = 0; i < 2; i++) expect(await codeOf(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ enabled: false }), password: '9999' }))).toBe('2004')
    expect((await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).triesLeft).toBe(1)
    await expect(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ enabled: false }), password: '9999' })).rejects.toMatchObject({
      code: '2005',
      message: expect.stringContaining('1分钟'),
    })
    expect(await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).toMatchObject({ triesLeft: 0, retryAfterSec: 60, settings: { enabled: true } })
    now += 30_000
    expect(await codeOf(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ enabled: false }), password: '2468' }))).toBe('2005')
    expect(await codeOf(uc().minorsGrant({ uid: 'u10001', mac: LIVING, password: '2468' }))).toBe('2005')
    expect(await codeOf(uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' }))).toBe('2005')
    // a stricter change never waits (and takes no password)
    expect((await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ dailyLimitMin: 30 }) })).settings.dailyLimitMin).toBe(30)
    now += 30_000
    expect((await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ enabled: false }), password: '2468' })).settings.enabled).toBe(false)
  })

  it('turning the child lock off leaves minors\' mode as it was (two separate settings)', async () => {
    await uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ dailyLimitMin: 45 }), password: '2468' })
    await uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' })
    expect((await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).settings).toMatchObject({ enabled: true, dailyLimitMin: 45 })
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ enabled: false }), password: '2468' })
    expect((await uc().queryChildLockInfo({ uid: 'u10001', mac: LIVING })).childLock).toBe(false)
  })
})

describe('attacks', () => {
  it('another account reads nothing and changes nothing; a forged or unknown TV is refused the same way', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const s = stranger.api.userCenter
    expect(await codeOf(s.queryMinorsMode({ uid: 'u10003', mac: LIVING }))).toBe('1004')
    expect(await codeOf(s.minorsModeSetting({ uid: 'u10003', mac: LIVING, settings: on({ enabled: false }), password: '2468' }))).toBe('1004')
    expect(await codeOf(s.minorsGrant({ uid: 'u10003', mac: LIVING, password: '2468' }))).toBe('1004')
    expect(await codeOf(s.minorsReport({ uid: 'u10003', mac: LIVING }))).toBe('1004')
    // someone else's uid with one's own token
    expect(await codeOf(s.queryMinorsMode({ uid: 'u10001', mac: LIVING }))).toBe('1004')
    // the member's own TV is not the owner's; an unknown and a malformed mac are no TV
    expect(await codeOf(uc().queryMinorsMode({ uid: 'u10001', mac: STUDY }))).toBe('1004')
    expect(await codeOf(uc().minorsModeSetting({ uid: 'u10001', mac: 'AC3B7F0E9999', settings: on(), password: '2468' }))).toBe('1004')
    expect(await codeOf(uc().minorsReport({ uid: 'u10001', mac: '__proto__' }))).toBe('1004')
    expect((await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).settings.enabled).toBe(true)
    expect(gw.state().locks[LIVING].failedTries).toBe(0)
  })

  it('out-of-range totals and curfews are refused with the reason, and nothing is stored', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const before = JSON.stringify(gw.state().minors[LIVING])
    for (const dailyLimitMin of [14, 241, 0, -60, 30.5, 1e9]) {
      await expect(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ dailyLimitMin }), password: '2468' })).rejects.toMatchObject({
        code: '1001',
        message: expect.stringContaining('15分钟到4小时'),
      })
    }
    for (const [curfewStart, curfewEnd] of [['22:00', '22:00'], ['25:00', '06:00'], ['22:00', '6点']]) {
      expect(await codeOf(uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ curfewStart, curfewEnd }), password: '2468' }))).toBe('1001')
    }
    // fields of the wrong type never reach the handler: the contract refuses them
    const { session } = owner
    const raw = await rawCall(gw.url, userCenter.minorsModeSetting, JSON.stringify({ uid: 'u10001', mac: LIVING, password: '2468', settings: { ...on(), dailyLimitMin: '999' } }), session)
    expect(raw.body?.resultCode).toBe('1001')
    const adult = await rawCall(gw.url, userCenter.minorsModeSetting, JSON.stringify({ uid: 'u10001', mac: LIVING, password: '2468', settings: { ...on(), ageGroup: 'adult' } }), session)
    expect(adult.body?.resultCode).toBe('1001')
    expect(JSON.stringify(gw.state().minors[LIVING])).toBe(before)
    // a refused shape counts no password try
    expect(gw.state().locks[LIVING].failedTries).toBe(0)
  })

  it('a stale token changes nothing: after logout the old session is refused', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const old = { ...owner.session }
    await uc().logout({ uid: 'u10001' })
    const res = await rawCall(gw.url, userCenter.minorsModeSetting, JSON.stringify({ uid: 'u10001', mac: LIVING, password: '2468', settings: on({ enabled: false }) }), old)
    expect(['401', '4011']).toContain(res.body?.resultCode)
    const grant = await rawCall(gw.url, userCenter.minorsGrant, JSON.stringify({ uid: 'u10001', mac: LIVING, password: '2468' }), old)
    expect(['401', '4011']).toContain(grant.body?.resultCode)
    expect(gw.state().minors[LIVING].settings.enabled).toBe(true)
    expect(Object.keys(gw.state().minors[LIVING].days).every((d) => gw.state().minors[LIVING].days[d].grantSec === 0)).toBe(true)
  })
})

describe('the grant', () => {
  it('15 more minutes today with the password, once per server day; the box hears of it; another Beijing day allows another', async () => {
    expect(await codeOf(uc().minorsGrant({ uid: 'u10001', mac: LIVING, password: '2468' }))).toBe('1003') // mode off
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const seen = changes()
    expect(await codeOf(member.api.userCenter.minorsGrant({ uid: 'u10002', mac: LIVING, password: '1111' }))).toBe('2004')
    const granted = await member.api.userCenter.minorsGrant({ uid: 'u10002', mac: LIVING, password: '2468' })
    expect(granted.today).toMatchObject({ limitSec: 3600 + 900, granted: true })
    expect(seen).toEqual([LIVING])
    expect(await codeOf(uc().minorsGrant({ uid: 'u10001', mac: LIVING, password: '2468' }))).toBe('2002')
    // 23:59 Beijing is still the same day; 00:00 is the next
    now = bj(23, 59)
    expect(await codeOf(uc().minorsGrant({ uid: 'u10001', mac: LIVING, password: '2468' }))).toBe('2002')
    now = bj(0, 0, 25)
    const next = await uc().minorsGrant({ uid: 'u10001', mac: LIVING, password: '2468' })
    expect(next.today).toMatchObject({ day: '20261125', limitSec: 4500, granted: true })
  })
})

describe("the day's counted total", () => {
  it('the box writes what it counted; the gateway keeps it per server day, through a gateway restart', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const add = gw.directory.addMinorsUsage!
    add(LIVING, { day: '20261124', sec: 1200, startedAt: bj(14), kind: 'vod', title: '长安', programId: 'p1' })
    add(LIVING, { day: '20261124', sec: 900, startedAt: bj(14, 20), kind: 'vod', title: '长安', programId: 'p1' }) // contiguous: one viewing
    add(LIVING, { day: '20261124', sec: 300, startedAt: bj(14, 35), kind: 'live', title: 'CCTV-1' })
    expect(gw.directory.minorsOf!(LIVING, '20261124')).toMatchObject({ usedSec: 2400, grantSec: 0 })
    expect((await member.api.userCenter.queryMinorsMode({ uid: 'u10002', mac: LIVING })).today).toMatchObject({ usedSec: 2400, limitSec: 3600, reason: '' })
    add(LIVING, { day: '20261124', sec: 1200, startedAt: bj(14, 40), kind: 'live', title: 'CCTV-1' })
    expect((await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).today).toMatchObject({ usedSec: 3600, reason: 'total' })

    const dataDir = gw.dataDir
    await gw.close()
    gw = await startTestGateway({ now: () => now, dataDir })
    owner = realClient(gw.url)
    await owner.login(DEMO.phone)
    expect((await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).today).toMatchObject({ usedSec: 3600, reason: 'total' })
    expect(gw.directory.minorsOf!(LIVING, '20261124')).toMatchObject({ usedSec: 3600 })
  })

  it('counts only while the mode is on, never a future day, never more than a day has', async () => {
    const add = gw.directory.addMinorsUsage!
    add(LIVING, { day: '20261124', sec: 600, startedAt: bj(14), kind: 'vod', title: 'x' })
    expect(gw.state().minors[LIVING]).toBeUndefined()
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    add(LIVING, { day: '20261125', sec: 600, startedAt: bj(14, 0, 25), kind: 'vod', title: 'x' })
    add(LIVING, { day: '20261124', sec: -5, startedAt: bj(14), kind: 'vod', title: 'x' })
    add(LIVING, { day: '20261124', sec: Number.NaN, startedAt: bj(14), kind: 'vod', title: 'x' })
    expect(gw.directory.minorsOf!(LIVING, '20261124')?.usedSec).toBe(0)
    add(LIVING, { day: '20261124', sec: 1e9, startedAt: bj(14), kind: 'vod', title: 'y'.repeat(10_000) })
    expect(gw.directory.minorsOf!(LIVING, '20261124')?.usedSec).toBe(86_400)
    expect(gw.state().minors[LIVING].days['20261124'].watched[0].title).toHaveLength(64)
    expect(gw.state().minors[LIVING].days['20261125']).toBeUndefined()
  })
})

describe('the family ends (a binding is a family instance)', () => {
  it("a member leaving keeps the TV's minors' mode; the owner unbinding ends the family, and its settings and days go with it", async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    gw.directory.addMinorsUsage!(LIVING, { day: '20261124', sec: 1200, startedAt: bj(14), kind: 'vod', title: '长安', programId: 'p1' })
    const familyId = Object.values(gw.state().families).find((f) => f.mac === LIVING)!.familyId
    await member.api.userCenter.wxaUnbindFamily({ uid: 'u10002', familyId })
    expect(gw.state().minors[LIVING]).toMatchObject({ settings: { enabled: true }, days: { '20261124': { usedSec: 1200 } } })
    const seen = changes()
    // the end of the family ends the mode: that takes the TV's password (nothing changes without it)
    expect(await codeOf(uc().wxaUnbindFamily({ uid: 'u10001', familyId }))).toBe('2007')
    expect(gw.state().minors[LIVING]).toMatchObject({ settings: { enabled: true } })
    await uc().wxaUnbindFamily({ uid: 'u10001', familyId, password: '2468' })
    expect(gw.state().minors[LIVING]).toBeUndefined()
    expect(gw.directory.minorsOf!(LIVING, '20261124')).toBeUndefined()
    expect(seen).toEqual([LIVING])
    // whoever binds the TV next is another family: the mode reads as off, the report shows nobody's viewing
    await member.api.userCenter.bindDevice({ uid: 'u10002', mac: LIVING, pairCode: gw.directory.pairingCode?.(LIVING) })
    expect((await member.api.userCenter.queryMinorsMode({ uid: 'u10002', mac: LIVING })).settings.enabled).toBe(false)
    const report = await member.api.userCenter.minorsReport({ uid: 'u10002', mac: LIVING })
    expect(report.days.flatMap((d) => d.watched.filter((w) => w.source === 'box'))).toEqual([])
    expect(report.days.reduce((sum, d) => sum + d.usedSec, 0)).toBe(0)
  })
})

describe('the 7-day report', () => {
  it("the 7 server days up to today, oldest first: minutes, totals, and what was watched when (the box's counts and this TV's records)", async () => {
    // the bedroom TV: the demo's seeded records are all on the living-room TV
    await uc().minorsModeSetting({ uid: 'u10001', mac: BEDROOM, settings: on(), password: '2468' })
    const add = gw.directory.addMinorsUsage!
    const program = gw.catalogue.programs[3]
    const other = gw.catalogue.programs[5]
    // two days ago in Beijing (the box counted 25 minutes of a program)
    add(BEDROOM, { day: serverDayAdd(now, -2), sec: 1500, startedAt: bj(19, 0, 22), kind: 'vod', title: program.title, programId: program.programId })
    // today: live TV, and a program the box played (its record exists as well: listed once)
    add(BEDROOM, { day: '20261124', sec: 600, startedAt: bj(10), kind: 'live', title: 'CCTV-5 体育' })
    add(BEDROOM, { day: '20261124', sec: 300, startedAt: bj(11), kind: 'vod', title: program.title, programId: program.programId })
    gw.directory.recordPlay?.({ mac: BEDROOM, uid: 'u10001', programId: program.programId, episodeIndex: 1, positionSec: 300 })
    // a record on this TV the box did not count (mode off then, or another box)
    now = bj(12)
    gw.directory.recordPlay?.({ mac: BEDROOM, uid: 'u10001', programId: other.programId, episodeIndex: 2, positionSec: 10 })
    // a record of another TV is not this TV's
    gw.directory.recordPlay?.({ mac: LIVING, uid: 'u10001', programId: gw.catalogue.programs[7].programId, episodeIndex: 1 })
    await uc().minorsGrant({ uid: 'u10001', mac: BEDROOM, password: '2468' })

    const { days, serverTime } = await uc().minorsReport({ uid: 'u10001', mac: BEDROOM })
    expect(serverTime).toBe(now)
    expect(days.map((d) => d.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map((i) => serverDayAdd(now, i)))
    expect(days[6].day).toBe(serverDayKey(now))
    expect(days[4]).toMatchObject({ usedSec: 1500, limitSec: 3600, granted: false })
    expect(days[4].watched).toEqual([{ kind: 'vod', title: program.title, programId: program.programId, startedAt: bj(19, 0, 22), sec: 1500, source: 'box' }])
    expect(days[5]).toMatchObject({ usedSec: 0, limitSec: 0, watched: [] })
    expect(days[6]).toMatchObject({ usedSec: 900, limitSec: 4500, granted: true })
    expect(days[6].watched.map((w) => [w.kind, w.title, w.source, w.sec])).toEqual([
      ['live', 'CCTV-5 体育', 'box', 600],
      ['vod', program.title, 'box', 300],
      ['vod', other.title, 'record', 0],
    ])
  })
})

describe("the stack's box over the gateway", () => {
  it('counts to the gateway on the stack clock, stops at the total, and takes a grant from the gateway at once', async () => {
    await uc().minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const creds = await owner.api.jarvis.jarvisLogin({ uid: 'u10001', phone: DEMO.phone, abilityString: '' })
    const published: Array<Record<string, any>> = [] // eslint-disable-line @typescript-eslint/no-explicit-any
    let deliver: (topic: string, payload: Uint8Array) => void = () => undefined
    const transport: SettopTransport = {
      subscribe: async (_f, onMessage) => {
        deliver = onMessage
      },
      publish: (_topic, payload) => void published.push(JSON.parse(String(payload))),
      close: async () => undefined,
    }
    const tops = await startSetTops({ directory: gw.directory, transport })
    const tvTopic = `tvc/tv/${LIVING}`
    // the phone publishes on its user's way in, which names the sender to the box
    const wayIn = senderTopic(tvTopic, 'u10001')
    let seq = 0
    const send = async (cmd: Command) => {
      const sequenceId = ++seq
      deliver(wayIn, Buffer.from(JSON.stringify(buildEnvelope({
        sequenceId, jarvisId: creds.cid, bananaId: LIVING, type: cmd.type, content: cmd.content(String(sequenceId)),
        from: { nickname: '妈妈', topic: creds.clientTopic[0], uid: 'u10001' }, to: [{ jid: LIVING, mac: LIVING, nickname: '客厅电视', topic: tvTopic, uid: 'u10001' }],
      }))))
      await new Promise((r) => setImmediate(r))
      return published.find((m) => m.sequenceId === sequenceId)
    }
    try {
      const program = gw.catalogue.programs.find((p) => p.h5Play)!
      const { appName: _a, ...payload } = program.h5Play!
      const first = await send(h5Play({ ...payload, params: JSON.stringify({ programId: program.programId }) }))
      expect(readMinors(first?.actionData.content)).toEqual({ usedSec: 0, limitSec: 3600, reason: null })
      gw.clock.set(gw.clock.offsetMs + 61 * MIN)
      expect(tops.box(LIVING)?.state.playing).toBeNull()
      expect((await uc().queryMinorsMode({ uid: 'u10001', mac: LIVING })).today).toMatchObject({ usedSec: 3600, reason: 'total' })
      expect(readMinors((await send(syncPlayState()))?.actionData.content)).toMatchObject({ usedSec: 3600, reason: 'total' })
      const refused = await send(h5Play({ ...payload, params: JSON.stringify({ programId: program.programId }) }))
      expect(readMinors(refused?.actionData.content)).toMatchObject({ reason: 'total', refused: true })
      const before = published.length
      await member.api.userCenter.minorsGrant({ uid: 'u10002', mac: LIVING, password: '2468' })
      await new Promise((r) => setImmediate(r))
      // the box heard it at once and told its phone
      expect(readMinors(published.slice(before).at(-1)?.actionData.content)).toEqual({ usedSec: 3600, limitSec: 4500, reason: null })
      const again = await send(h5Play({ ...payload, params: JSON.stringify({ programId: program.programId }) }))
      expect(readMinors(again?.actionData.content)).toEqual({ usedSec: 3600, limitSec: 4500, reason: null })
      expect(tops.box(LIVING)?.state.playing).not.toBeNull()
    } finally {
      await tops.close()
    }
  })
})
