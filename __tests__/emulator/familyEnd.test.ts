/** @jest-environment node */
/**
 * A TV's minors' mode, password and locks belong to the family bound to it. Unbinding the TV ends the
 * family; while the mode or a lock is on that takes the TV's password (2007 without it, 2004 wrong),
 * and nothing changes before. A family ended that way leaves the TV clean for the next household: no
 * password, no lock, the mode off, today's count gone. Only the owner sets a TV's first password.
 */
import type { RunningGateway } from '../../emulator/gateway'
import { familyOfTv } from '../../emulator/db/state'
import { defaultMinorsSettings } from '../../src/protocol/minorsSettings'
import { serverDayKey } from '../../src/protocol/time'
import { codeOf, demoFamily, realClient, startTestGateway } from './helpers/gateway'

const LIVING = 'AC3B7F0E1001'
const FREE = 'AC3B7F0E1004'
let gw: RunningGateway
let owner: ReturnType<typeof realClient>
let member: ReturnType<typeof realClient>
let now = Date.UTC(2026, 10, 24, 6, 0) // 14:00 in Beijing

beforeEach(async () => {
  now = Date.UTC(2026, 10, 24, 6, 0)
  gw = await startTestGateway({ now: () => now })
  ;({ owner, member } = await demoFamily(gw.url))
})

afterEach(async () => {
  await gw.close()
})

const famOf = (mac: string) => familyOfTv(gw.state(), mac)?.familyId ?? ''
const on = () => ({ ...defaultMinorsSettings(), enabled: true })
/** A free account that bound the free TV (its owner): the code the TV shows, as a bind by code needs. */
async function freeOwner(phone: string) {
  const c = realClient(gw.url)
  const { uid } = await c.login(phone)
  const dev = await c.api.userCenter.bindDevice({ uid, mac: FREE, pairCode: gw.directory.pairingCode?.(FREE) })
  return { c, uid, familyId: dev.familyId }
}

describe('unbinding a TV whose minors\' mode or a lock is on', () => {
  it('without the password: 2007, and the family, the mode, the locks and today\'s count stay as they were', async () => {
    await owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: true })
    gw.directory.addMinorsUsage!(LIVING, { day: serverDayKey(now), sec: 1200, startedAt: now - 1_200_000, kind: 'vod', title: '长安', programId: 'p1' })
    const familyId = famOf(LIVING)
    const before = JSON.stringify({ f: gw.state().families[familyId], l: gw.state().locks[LIVING], m: gw.state().minors[LIVING] })
    await expect(owner.api.userCenter.wxaUnbindFamily({ uid: 'u10001', familyId })).rejects.toMatchObject({ code: '2007', message: expect.stringContaining('锁密码') })
    expect(await codeOf(owner.api.userCenter.wxaUnbindFamily({ uid: 'u10001', familyId, password: '' }))).toBe('2007')
    expect(JSON.stringify({ f: gw.state().families[familyId], l: gw.state().locks[LIVING], m: gw.state().minors[LIVING] })).toBe(before)
    // a wrong password counts like any other wrong password of this TV
    expect(await codeOf(owner.api.userCenter.wxaUnbindFamily({ uid: 'u10001', familyId, password: '1111' }))).toBe('2004')
    expect(gw.state().locks[LIVING].failedTries).toBe(1)
    expect(gw.state().families[familyId]).toBeDefined()
  })

  it('with the password: the family ends and the TV is clean (no password, no lock, the mode off, no count); the box is told', async () => {
    await owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    await owner.api.userCenter.globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true })
    gw.directory.addMinorsUsage!(LIVING, { day: serverDayKey(now), sec: 1200, startedAt: now - 1_200_000, kind: 'vod', title: '长安', programId: 'p1' })
    const told: string[] = []
    gw.directory.onTvChanged?.((mac) => told.push(mac))
    expect(await owner.api.userCenter.wxaUnbindFamily({ uid: 'u10001', familyId: famOf(LIVING), password: '2468' })).toEqual({ unbound: true })
    expect(familyOfTv(gw.state(), LIVING)).toBeUndefined()
    expect(gw.state().locks[LIVING]).toMatchObject({ childLock: false, globalLock: false, failedTries: 0, waitUntil: 0 })
    expect(gw.state().locks[LIVING].passwordHash).toBeUndefined()
    expect(gw.state().minors[LIVING]).toBeUndefined()
    expect(gw.directory.locksOf(LIVING)).toEqual({ childLock: false, globalLock: false })
    expect(gw.directory.minorsOf!(LIVING, serverDayKey(now))).toBeUndefined()
    expect(told).toEqual([LIVING])
    // the next household: nothing of the last one
    const next = realClient(gw.url)
    const { uid } = await next.login('13700004201')
    await next.api.userCenter.bindDevice({ uid, mac: LIVING, pairCode: gw.directory.pairingCode?.(LIVING) })
    expect(await next.api.userCenter.queryGlobalLockInfo({ uid, mac: LIVING })).toMatchObject({ childLock: false, globalLock: false, hasPassword: false, isOwner: true })
    const mode = await next.api.userCenter.queryMinorsMode({ uid, mac: LIVING })
    expect(mode.settings.enabled).toBe(false)
    expect(mode.today.usedSec).toBe(0)
    // and it sets its own password
    expect((await next.api.userCenter.childLockSetting({ uid, mac: LIVING, lock: true, password: '9753' })).hasPassword).toBe(true)
  })

  it('a free account that locked a TV with its own password and unbinds it leaves nothing for the next household', async () => {
    const a = await freeOwner('13700004202')
    await a.c.api.userCenter.globalLockSetting({ uid: a.uid, mac: FREE, lock: true, password: '1357' })
    expect(await codeOf(a.c.api.userCenter.wxaUnbindFamily({ uid: a.uid, familyId: a.familyId }))).toBe('2007')
    await a.c.api.userCenter.wxaUnbindFamily({ uid: a.uid, familyId: a.familyId, password: '1357' })
    const b = await freeOwner('13700004203')
    expect(await b.c.api.userCenter.queryGlobalLockInfo({ uid: b.uid, mac: FREE })).toMatchObject({ globalLock: false, hasPassword: false })
  })

  it('a member leaving needs no password and changes nothing of the TV', async () => {
    await owner.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: LIVING, settings: on(), password: '2468' })
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: true })
    const hash = gw.state().locks[LIVING].passwordHash
    expect(await member.api.userCenter.wxaUnbindFamily({ uid: 'u10002', familyId: famOf(LIVING) })).toEqual({ unbound: true })
    expect(gw.state().locks[LIVING]).toMatchObject({ childLock: true, passwordHash: hash })
    expect(gw.state().minors[LIVING].settings.enabled).toBe(true)
  })

  it('a TV with nothing on unbinds without a password, and its password goes with the family', async () => {
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' })
    expect(await owner.api.userCenter.wxaUnbindFamily({ uid: 'u10001', familyId: famOf(LIVING) })).toEqual({ unbound: true })
    expect(gw.state().locks[LIVING].passwordHash).toBeUndefined()
  })
})

describe("a TV's first password", () => {
  it('a member cannot set it (lock or minors\' mode): 1004, nothing set; once the owner has, a member turns a lock on', async () => {
    expect(await codeOf(member.api.userCenter.childLockSetting({ uid: 'u10002', mac: LIVING, lock: true, password: '1111' }))).toBe('1004')
    expect(await codeOf(member.api.userCenter.globalLockSetting({ uid: 'u10002', mac: LIVING, lock: true, password: '1111' }))).toBe('1004')
    expect(await codeOf(member.api.userCenter.minorsModeSetting({ uid: 'u10002', mac: LIVING, settings: on(), password: '1111' }))).toBe('1004')
    expect(gw.state().locks[LIVING]).toMatchObject({ childLock: false, globalLock: false })
    expect(gw.state().locks[LIVING].passwordHash).toBeUndefined()
    expect(gw.state().minors[LIVING]?.settings.enabled ?? false).toBe(false)
    await owner.api.userCenter.childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    expect((await member.api.userCenter.globalLockSetting({ uid: 'u10002', mac: LIVING, lock: true })).globalLock).toBe(true)
  })
})
