/** @jest-environment node */
/**
 * Guessing a TV's lock password: 5 wrong ones in a row cost nothing, then each wrong one starts a
 * wait that doubles (1 minute, 2, 4, ... at most a day), kept in the state file across a restart and
 * cleared only by the right password or a reset; the owner is told when the waits start. A stricter
 * change (a lock on, minors' mode tightened) never waits and takes no password, so it is no oracle.
 * And what the 7-day report shares: a member's hidden records and records from before the reader
 * joined are left out (the reader's own always shown).
 */
import { DEMO, type RunningGateway } from '../../emulator/gateway'
import { familyOfTv } from '../../emulator/db/state'
import { LOCK_FIRST_WAIT_MS, LOCK_FREE_TRIES, LOCK_MAX_WAIT_MS, lockWaitMs, waitText } from '../../emulator/gateway/handlers/locks'
import type { MinorsSettings } from '../../src/protocol/minors'
import { defaultMinorsSettings, isStricter } from '../../src/protocol/minorsSettings'
import { serverDayKey } from '../../src/protocol/time'
import { codeOf, demoFamily, realClient, startTestGateway, tempDataDir } from './helpers/gateway'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const LIVING = 'AC3B7F0E1001' // u10001 owner, u10002 member
const MIN = 60_000
const DAY = 24 * 60 * MIN
/** 2026-11-24 HH:MM in Beijing. */
const bj = (hh: number, mm = 0) => Date.UTC(2026, 10, 24, hh - 8, mm)
const on = (patch: Partial<MinorsSettings> = {}): MinorsSettings => ({ ...defaultMinorsSettings('8to16'), enabled: true, ...patch })

/** How many guesses the wait rule lets through within `ms`, guessing as fast as it allows. */
function guessesWithin(ms: number): number {
  let t = 0
  let n = 0
  while (t <= ms) {
    n += 1
    t += lockWaitMs(n)
  }
  return n
}

describe('the wait rule', () => {
  it('5 free, then 1 minute doubling, at most a day', () => {
    expect([1, 2, 3, 4].map(lockWaitMs)).toEqual([0, 0, 0, 0])
    expect(LOCK_FREE_TRIES).toBe(5)
    expect([5, 6, 7, 8].map(lockWaitMs)).toEqual([1, 2, 4, 8].map((m) => m * LOCK_FIRST_WAIT_MS))
    expect(lockWaitMs(15)).toBe(1024 * MIN)
    expect(lockWaitMs(16)).toBe(LOCK_MAX_WAIT_MS)
    expect(lockWaitMs(10_000)).toBe(DAY)
  })

  it('lets a guesser through 15 times in the first day and once a day after (the figures in docs/operator.md)', () => {
    expect(guessesWithin(DAY - 1)).toBe(15)
    expect(guessesWithin(2 * DAY - 1) - guessesWithin(DAY - 1)).toBe(1)
    expect(guessesWithin(31 * DAY - 1) - guessesWithin(30 * DAY - 1)).toBe(1)
    // a year: 379 of the 10,000 4-digit PINs tried (before: 5 every 15 minutes, 480 a day)
    expect(guessesWithin(365 * DAY - 1)).toBe(379)
  })

  it('says a wait in minutes up to an hour, then in hours', () => {
    expect(waitText(30_000)).toBe('1分钟')
    expect(waitText(60 * MIN)).toBe('60分钟')
    expect(waitText(128 * MIN)).toBe('2小时8分钟')
    expect(waitText(DAY)).toBe('24小时')
  })
})

describe('stricter minors\' settings', () => {
  it('on after off, or a smaller total, a covering curfew, the reminder kept: stricter; anything looser is not', () => {
    const base = on({ dailyLimitMin: 60, curfewStart: '22:00', curfewEnd: '06:00' })
    expect(isStricter({ ...base, enabled: false }, base)).toBe(true)
    expect(isStricter(base, base)).toBe(true)
    expect(isStricter(base, { ...base, dailyLimitMin: 45 })).toBe(true)
    expect(isStricter(base, { ...base, curfewStart: '21:00', curfewEnd: '07:00' })).toBe(true)
    expect(isStricter(base, { ...base, enabled: false })).toBe(false)
    expect(isStricter(base, { ...base, dailyLimitMin: 61 })).toBe(false)
    expect(isStricter(base, { ...base, curfewStart: '23:00' })).toBe(false)
    expect(isStricter(base, { ...base, curfewEnd: '05:59' })).toBe(false)
    // a curfew moved (the same length elsewhere) frees the old minutes
    expect(isStricter(base, { ...base, curfewStart: '20:00', curfewEnd: '04:00' })).toBe(false)
    expect(isStricter(base, { ...base, restReminder: false })).toBe(false)
    expect(isStricter({ ...base, restReminder: false }, base)).toBe(true)
    expect(isStricter(base, { ...base, ageGroup: 'under8' })).toBe(false)
  })
})

describe('over HTTP', () => {
  let now = bj(15)
  let gw: RunningGateway & { dataDir: string }
  let owner: ReturnType<typeof realClient>
  let child: ReturnType<typeof realClient>

  beforeEach(async () => {
    now = bj(15)
    gw = await startTestGateway({ now: () => now, dataDir: tempDataDir() })
    owner = realClient(gw.url)
    child = realClient(gw.url)
    await owner.login(DEMO.phone)
    await child.login(DEMO.memberPhone)
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
  })
  afterEach(async () => {
    await gw.close()
  })

  const guess = (password: string) => codeOf(child.api.userCenter.childLockSetting({ uid: 'u10002', mac: LIVING, lock: false, password }))

  it('the waits grow, survive a restart, and the owner is told (one notice, its count kept current)', async () => {
    for (let i = 0; i < 4; i++) expect(await guess('0000')).toBe('2004')
    expect(await owner.api.userCenter.queryNotice({ uid: 'u10001' })).toEqual({ list: [] })
    expect(await guess('0001')).toBe('2005')
    const told = (await owner.api.userCenter.queryNotice({ uid: 'u10001' })).list
    expect(told).toEqual([expect.objectContaining({ kind: 'pinGuessed', deviceName: '客厅电视', count: 5 })])
    // the member who guessed is told nothing
    expect((await child.api.userCenter.queryNotice({ uid: 'u10002' })).list).toEqual([])
    now += MIN
    expect(await guess('0002')).toBe('2005')
    expect((await child.api.userCenter.queryChildLockInfo({ uid: 'u10002', mac: LIVING })).retryAfterSec).toBe(120)
    // the gateway restarts: the count and the wait stay
    const dataDir = gw.dataDir
    await gw.close()
    gw = await startTestGateway({ now: () => now, dataDir })
    owner = realClient(gw.url)
    child = realClient(gw.url)
    await owner.login(DEMO.phone)
    await child.login(DEMO.memberPhone)
    expect(gw.state().locks[LIVING]).toMatchObject({ failedTries: 6, waitUntil: now + 2 * MIN })
    expect(await guess('2468')).toBe('2005')
    now += 2 * MIN
    expect(await guess('0003')).toBe('2005')
    expect((await owner.api.userCenter.queryChildLockInfo({ uid: 'u10001', mac: LIVING })).retryAfterSec).toBe(240)
    const list = (await owner.api.userCenter.queryNotice({ uid: 'u10001' })).list
    expect(list).toEqual([expect.objectContaining({ kind: 'pinGuessed', count: 7 })])
    // the right password after the wait ends it all
    now += 4 * MIN
    expect(await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' })).toMatchObject({ childLock: false, triesLeft: 5 })
    expect(gw.state().locks[LIVING]).toMatchObject({ failedTries: 0, waitUntil: 0 })
  })

  it('during a wait a lock turns on and minors\' mode tightens, without the password; a password sent with them is not judged', async () => {
    await owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ dailyLimitMin: 60 }), password: '2468' })
    for (let i = 0; i < 5; i++) await guess('0000')
    const tries = gw.state().locks[LIVING].failedTries
    expect((await owner.api.userCenter.globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true })).globalLock).toBe(true)
    expect((await owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ dailyLimitMin: 30 }) })).settings.dailyLimitMin).toBe(30)
    // a guess riding on a stricter change: taken, never judged (no oracle, no count)
    expect((await child.api.userCenter.minorsModeSetting({ uid: 'u10002', mac: LIVING, settings: on({ dailyLimitMin: 25 }), password: '1234' })).settings.dailyLimitMin).toBe(25)
    expect(gw.state().locks[LIVING].failedTries).toBe(tries)
    // looser waits
    expect(await codeOf(owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on({ dailyLimitMin: 90 }), password: '2468' }))).toBe('2005')
    expect(await codeOf(owner.api.userCenter.minorsGrant({ uid: 'u10001', mac: LIVING, password: '2468' }))).toBe('2005')
    // a looser change without the password is judged like any other
    now += MIN
    expect(await codeOf(child.api.userCenter.minorsModeSetting({ uid: 'u10002', mac: LIVING, settings: on({ dailyLimitMin: 240 }), password: '1111' }))).toBe('2005')
    expect(gw.state().locks[LIVING].failedTries).toBe(tries + 1)
  })
})

describe('a reset of the lock password', () => {
  let now = bj(15)
  let gw: RunningGateway
  beforeEach(async () => {
    now = bj(15)
    gw = await startTestGateway({ now: () => now })
  })
  afterEach(async () => {
    await gw.close()
  })

  it("needs a fresh, single-use proof of the owner's phone; ends the wait; tells every member and the TV", async () => {
    const { owner, member } = await demoFamily(gw.url)
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    for (let i = 0; i < 5; i++) await codeOf(member.api.userCenter.childLockSetting({ uid: 'u10002', mac: LIVING, lock: false, password: '0000' }))
    const resets: string[] = []
    gw.events.onLockPasswordReset((mac) => resets.push(mac))
    const reset = (phoneProof?: string, password = '1357') => codeOf(owner.api.userCenter.resetLockPassword({ uid: 'u10001', mac: LIVING, password, ...(phoneProof === undefined ? {} : { phoneProof }) }))
    // proofs are minted and judged on the real clock (the bridge's), whatever the emulator's clock says
    const fresh = devProvenPhone(DEMO.phone).phoneProof
    // none, a forged one, another phone's, an old one: refused, nothing changed, nobody told
    expect(await reset()).toBe('3004')
    expect(await reset('sim-phone:13800000000:abc')).toBe('3001')
    expect(await reset(devProvenPhone(DEMO.memberPhone).phoneProof)).toBe('3001')
    expect(await reset(devProvenPhone(DEMO.phone, Date.now() - 6 * MIN).phoneProof)).toBe('3003')
    // a malformed new password does not use the proof up
    expect(await reset(fresh, '12')).toBe('1001')
    expect(gw.state().locks[LIVING]).toMatchObject({ failedTries: 5, waitUntil: now + MIN })
    expect(resets).toEqual([])
    expect(await reset(fresh)).toBe('000')
    expect(gw.state().locks[LIVING]).toMatchObject({ failedTries: 0, waitUntil: 0 })
    expect(resets).toEqual([LIVING])
    // once only
    expect(await reset(fresh, '9753')).toBe('3002')
    for (const [c, uid] of [[owner, 'u10001'], [member, 'u10002']] as const) {
      expect((await c.api.userCenter.queryNotice({ uid })).list).toContainEqual(expect.objectContaining({ kind: 'pinReset', deviceName: '客厅电视' }))
    }
    expect((await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '1357' })).childLock).toBe(false)
  })
})

describe('the 7-day report shares only what the family shares', () => {
  let now = bj(15)
  let gw: RunningGateway
  beforeEach(async () => {
    now = bj(15)
    gw = await startTestGateway({ now: () => now })
  })
  afterEach(async () => {
    await gw.close()
  })

  it("a hidden member's records and records from before the reader joined are left out; the reader's own always shown", async () => {
    const { owner, member } = await demoFamily(gw.url)
    await owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    const [p1, p2, p3, p4] = gw.catalogue.programs.slice(40, 44).map((p) => p.programId)
    // 10:00: the owner watched p1 and the box counted it; 11:00: the member (who hides later) watched p2
    now = bj(10)
    gw.directory.recordPlay?.({ mac: LIVING, uid: 'u10001', programId: p1, episodeIndex: 1 })
    gw.directory.addMinorsUsage!(LIVING, { day: serverDayKey(now), sec: 600, startedAt: now, kind: 'vod', title: 'p1', programId: p1 })
    now = bj(11)
    gw.directory.recordPlay?.({ mac: LIVING, uid: 'u10002', programId: p2, episodeIndex: 1 })
    // 12:00 a newcomer joins; 13:00 they watch p3, the owner p4
    now = bj(12)
    const fam = familyOfTv(gw.state(), LIVING)!
    const guest = realClient(gw.url)
    const g = await guest.login('13700004301')
    await owner.api.userCenter.familyMember({ uid: 'u10001', familyId: fam.familyId, phone: '13700004301' })
    now = bj(13)
    gw.directory.recordPlay?.({ mac: LIVING, uid: g.uid, programId: p3, episodeIndex: 1 })
    gw.directory.recordPlay?.({ mac: LIVING, uid: 'u10001', programId: p4, episodeIndex: 1 })
    await member.api.userCenter.presenceSetting({ uid: 'u10002', familyId: fam.familyId, hidden: true })

    const programsFor = async (c: ReturnType<typeof realClient>, uid: string) => {
      const { days } = await c.api.userCenter.minorsReport({ uid, mac: LIVING })
      // the programs of this case (the demo's seeded records of the day aside)
      return days.at(-1)!.watched.filter((w) => [p1, p2, p3, p4].includes(w.programId ?? '')).map((w) => `${w.source}:${w.programId}`).sort()
    }
    // the newcomer: nothing from before 12:00 (neither the box's p1 nor the owner's), nothing of the hidden member
    expect(await programsFor(guest, g.uid)).toEqual([`record:${p3}`, `record:${p4}`].sort())
    // the owner: everyone's since they joined, but not the hidden member's
    expect(await programsFor(owner, 'u10001')).toEqual([`box:${p1}`, `record:${p3}`, `record:${p4}`].sort())
    // the hidden member sees their own
    expect(await programsFor(member, 'u10002')).toContain(`record:${p2}`)
    // the minutes counted stay for everyone (the mode runs on them)
    expect((await guest.api.userCenter.minorsReport({ uid: g.uid, mac: LIVING })).days.at(-1)!.usedSec).toBe(600)
  })
})
