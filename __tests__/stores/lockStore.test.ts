/**
 * The app's lock rules (LockStore): the password is asked when the TV has none (on) and
 * always to turn a lock off; a malformed one never reaches the gateway; a wrong one says the tries
 * left; the lockout says how long and refuses locally until it ends; the owner's reset confirms the
 * phone through the bridge first; a refused change keeps the state; the TV's own state is uploaded
 * only when it differs.
 */
import { LOCK_REPORT_QUIET_MS, LockStore, realtimePhoneCheck, type LockApi } from '@/features/locks/store/lockStore'
import type { TvTarget as LockTarget } from '@/stores/app/types'
import type { LockState } from '@/protocol/contract/models'
import { GatewayError } from '@/services/http/types'
import { locks as t } from '@/strings/locks'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const MAC = 'AABBCCDDEEF1'

function state(over: Partial<LockState> = {}): LockState {
  return { mac: MAC, childLock: false, globalLock: false, updatedAt: 1, hasPassword: true, triesLeft: 5, retryAfterSec: 0, isOwner: true, ...over }
}

function refused(code: string, message = 'x') {
  return new GatewayError('server', code, message, 'p')
}

function setup(initial: LockState = state(), opts: { phone?: string | null; target?: LockTarget | null } = {}) {
  let now = 1_000_000
  let server = initial
  const api = {
    queryChildLockInfo: jest.fn(async () => server),
    queryGlobalLockInfo: jest.fn(async () => server),
    childLockSetting: jest.fn(async ({ lock }: { lock: boolean }) => (server = { ...server, childLock: lock })),
    globalLockSetting: jest.fn(async ({ lock }: { lock: boolean }) => (server = { ...server, globalLock: lock })),
    uploadLockState: jest.fn(async (s: { childLock: boolean; globalLock: boolean }) => (server = { ...server, ...s })),
    resetLockPassword: jest.fn(async () => (server = { ...server, retryAfterSec: 0, triesLeft: 5 })),
  }
  const target = opts.target === undefined ? { uid: 'u1', mac: MAC } : opts.target
  const getPhone = jest.fn(async () => (opts.phone === undefined ? devProvenPhone('13800000000') : opts.phone ? devProvenPhone(opts.phone) : null))
  const store = new LockStore(api as unknown as LockApi, () => target, getPhone, () => now)
  return {
    store,
    api,
    getPhone,
    setServer: (s: Partial<LockState>) => (server = { ...server, ...s }),
    advance: (ms: number) => (now += ms),
  }
}

describe('LockStore', () => {
  it('loads the current TV\'s locks', async () => {
    const { store, api } = setup(state({ childLock: true }))
    await store.load()
    expect(api.queryChildLockInfo).toHaveBeenCalledWith({ uid: 'u1', mac: MAC })
    expect(store.state?.childLock).toBe(true)
  })

  it('turning a lock on with a password set sends none; the first lock on needs 4 digits and sends them', async () => {
    const { store, api } = setup(state({ hasPassword: true }))
    await store.load()
    expect(await store.set('childLock', true)).toEqual({ ok: true, message: t.turnedOn(t.childLock) })
    expect(api.childLockSetting).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, lock: true })

    const fresh = setup(state({ hasPassword: false }))
    await fresh.store.load()
    expect(fresh.store.needsNewPassword).toBe(true)
    expect(await fresh.store.set('globalLock', true, '12')).toEqual({ ok: false, message: t.passwordInvalid })
    expect(fresh.api.globalLockSetting).not.toHaveBeenCalled()
    expect((await fresh.store.set('globalLock', true, '2468')).ok).toBe(true)
    expect(fresh.api.globalLockSetting).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, lock: true, password: '2468' })
  })

  it('turning a lock off always needs the password', async () => {
    const { store, api } = setup(state({ childLock: true }))
    await store.load()
    expect(await store.set('childLock', false)).toEqual({ ok: false, message: t.passwordInvalid })
    expect(api.childLockSetting).not.toHaveBeenCalled()
    expect(await store.set('childLock', false, '2468')).toEqual({ ok: true, message: t.turnedOff(t.childLock) })
    expect(api.childLockSetting).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, lock: false, password: '2468' })
    expect(store.state?.childLock).toBe(false)
  })

  it('a wrong password is a refused change: the lock stays on and the tries left are told', async () => {
    const { store, api, setServer } = setup(state({ globalLock: true }))
    await store.load()
    api.globalLockSetting.mockImplementationOnce(async () => {
      setServer({ triesLeft: 3 })
      throw refused('2004')
    })
    expect(await store.set('globalLock', false, '1111')).toEqual({ ok: false, message: t.wrongPassword(3) })
    expect(store.state?.globalLock).toBe(true)
    expect(store.busy).toBe(false)
  })

  it('the lockout says how long, refuses locally while it lasts, and ends on time', async () => {
    const { store, api, setServer, advance } = setup(state({ childLock: true }))
    await store.load()
    api.childLockSetting.mockImplementationOnce(async () => {
      setServer({ triesLeft: 0, retryAfterSec: 900 })
      throw refused('2005')
    })
    expect(await store.set('childLock', false, '9999')).toEqual({ ok: false, message: t.waiting(15) })
    expect(store.waitMinutes).toBe(15)
    advance(10 * 60_000 + 1)
    store.tick()
    expect(store.waitMinutes).toBe(5)
    api.childLockSetting.mockClear()
    expect(await store.set('childLock', false, '2468')).toEqual({ ok: false, message: t.waiting(5) })
    expect(api.childLockSetting).not.toHaveBeenCalled()
    advance(5 * 60_000)
    expect(store.waitMinutes).toBe(0)
    setServer({ retryAfterSec: 0, triesLeft: 5 })
    expect((await store.set('childLock', false, '2468')).ok).toBe(true)
  })

  it('a lockout already running when the page opens is shown from the lock info', async () => {
    const { store } = setup(state({ childLock: true, retryAfterSec: 125, triesLeft: 0 }))
    await store.load()
    expect(store.waitMinutes).toBe(3)
  })

  it('a forgotten password: the owner confirms the phone through the bridge, then the new one is set', async () => {
    const { store, api, getPhone } = setup(state({ globalLock: true, retryAfterSec: 600 }))
    await store.load()
    // WeChat hands the getPhoneNumber button's code to the bridge
    expect(await store.resetPassword('1357', 'phonecode-1')).toEqual({ ok: true, message: t.resetDone })
    expect(getPhone).toHaveBeenCalledWith('phonecode-1')
    // the proof goes, never a bare phone number
    expect(api.resetLockPassword).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, phoneProof: expect.stringMatching(/^sim-phone:13800000000:\d{13}-/), password: '1357' })
    expect((api.resetLockPassword.mock.calls[0] as unknown[])[0]).not.toHaveProperty('phone')
    expect(store.waitMinutes).toBe(0)
  })

  it('a phone from the bridge without a proof resets nothing', async () => {
    const { store, api, getPhone } = setup(state())
    await store.load()
    getPhone.mockResolvedValueOnce({ phone: '13800000000', phoneProof: '' })
    expect(await store.resetPassword('1357')).toEqual({ ok: false, message: t.resetPhoneFailed })
    expect(api.resetLockPassword).not.toHaveBeenCalled()
  })

  it("WeChat's real-time phone check: its code goes on; the quota used up (errno 1400001), a refusal or nothing says why", () => {
    expect(realtimePhoneCheck({ code: 'rt-1', errMsg: 'getRealtimePhoneNumber:ok' })).toEqual({ ok: true, code: 'rt-1' })
    expect(realtimePhoneCheck({ errno: 1400001, errMsg: 'getRealtimePhoneNumber:fail no quota' })).toEqual({ ok: false, message: t.realtimeQuota })
    expect(t.realtimeQuota).toMatch(/次数已用完/)
    expect(realtimePhoneCheck({ errMsg: 'getRealtimePhoneNumber:fail user deny' })).toEqual({ ok: false, message: t.realtimeDenied })
    expect(realtimePhoneCheck({ errMsg: 'getRealtimePhoneNumber:fail' })).toEqual({ ok: false, message: t.resetPhoneFailed })
    expect(realtimePhoneCheck(undefined)).toEqual({ ok: false, message: t.resetPhoneFailed })
  })

  it('a reset is refused for a member, without a phone from the bridge, or with a malformed password', async () => {
    const member = setup(state({ isOwner: false }))
    await member.store.load()
    expect(await member.store.resetPassword('1357')).toEqual({ ok: false, message: t.forgotOwnerOnly })
    const noPhone = setup(state(), { phone: null })
    await noPhone.store.load()
    expect(await noPhone.store.resetPassword('1357')).toEqual({ ok: false, message: t.resetPhoneFailed })
    expect(noPhone.api.resetLockPassword).not.toHaveBeenCalled()
    expect(await noPhone.store.resetPassword('13a7')).toEqual({ ok: false, message: t.passwordInvalid })
  })

  it('without a TV nothing is sent', async () => {
    const { store, api } = setup(state(), { target: null })
    await store.load()
    expect(await store.set('childLock', true, '1234')).toEqual({ ok: false, message: t.needTv })
    expect(api.queryChildLockInfo).not.toHaveBeenCalled()
  })

  it('uploads the lock state the TV showed only when it differs from the gateway\'s', async () => {
    const { store, api } = setup(state())
    await store.load()
    await store.reportTvState(MAC, { childLock: false, globalLock: false })
    expect(api.uploadLockState).not.toHaveBeenCalled()
    await store.reportTvState('OTHERMAC0000', { childLock: true, globalLock: false })
    expect(api.uploadLockState).not.toHaveBeenCalled()
    await store.reportTvState(MAC, { childLock: true, globalLock: false })
    expect(api.uploadLockState).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, childLock: true, globalLock: false })
    expect(store.state?.childLock).toBe(true)
  })

  it('a TV report of the state before this phone\'s own change is not sent back (LOCK_REPORT_QUIET_MS); a later one is', async () => {
    const { store, api, advance } = setup(state())
    await store.load()
    expect((await store.set('childLock', true)).ok).toBe(true)
    expect((await store.set('childLock', false, '1234')).ok).toBe(true)
    // the TV's answer to the first change arrives after the second: it would lock again
    await store.reportTvState(MAC, { childLock: true, globalLock: false })
    expect(api.uploadLockState).not.toHaveBeenCalled()
    expect(store.state?.childLock).toBe(false)
    advance(LOCK_REPORT_QUIET_MS)
    await store.reportTvState(MAC, { childLock: true, globalLock: false })
    expect(api.uploadLockState).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, childLock: true, globalLock: false })
  })

  it('a change whose answer was lost is read back: done if the gateway has it, otherwise not done with the reason', async () => {
    const { store, api, setServer } = setup(state())
    await store.load()
    api.childLockSetting.mockImplementationOnce(async () => {
      setServer({ childLock: true })
      throw new GatewayError('badResponse', 'decrypt', '服务返回的数据有误，请稍后重试', 'p')
    })
    expect(await store.set('childLock', true)).toEqual({ ok: true, message: expect.any(String) })
    expect(store.state?.childLock).toBe(true)
    api.childLockSetting.mockRejectedValueOnce(new GatewayError('http', '503', '服务异常，请稍后重试', 'p'))
    expect(await store.set('childLock', false, '1234')).toEqual({ ok: false, message: '服务异常，请稍后重试' })
    expect(store.state?.childLock).toBe(true)
  })
})

describe('the wait message', () => {
  it('says minutes up to an hour, then hours (the wait grows to a day)', () => {
    expect(t.waiting(15)).toContain('15分钟后再试')
    expect(t.waiting(60)).toContain('60分钟后再试')
    expect(t.waiting(128)).toContain('2小时8分钟后再试')
    expect(t.waiting(1440)).toContain('24小时后再试')
  })
})
