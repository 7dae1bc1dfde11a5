import { DevicesStore, type DevicesApi } from '@/stores/app/devicesStore'
import { UserStore } from '@/stores/app/userStore'
import { Session } from '@/stores/app/session'
import { memoryStorage } from '@/platform/memoryStorage'
import { GatewayError, OfflineError } from '@/services/http/types'
import { devices, net } from '@/strings'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

async function setup(list = [device(), device({ familyId: 'f2', mac: '00112233445566', deviceName: '卧室电视', uid: '' , abilityString: '' })], lastFamilyId = '') {
  const user = new UserStore(
    { getPhone: async () => devProvenPhone('13800000000'), mobileLogin: async () => ({ user: userInfo({ lastFamilyId }), token: 't', secret: 's' }) },
    new Session(memoryStorage()),
  )
  await user.login()
  const api: jest.Mocked<DevicesApi> = {
    queryBindDevice: jest.fn(async () => list),
    changeDevice: jest.fn(async ({ familyId }) => userInfo({ lastFamilyId: familyId })),
    changeDeviceName: jest.fn(async ({ familyId, deviceName }) => device({ familyId, deviceName })),
    bindDevice: jest.fn(async ({ mac }) => device({ mac, familyId: 'f3' })),
    wxaUnbindFamily: jest.fn(async () => ({ unbound: true })),
  } as unknown as jest.Mocked<DevicesApi>
  const store = new DevicesStore(api, user)
  await store.load()
  return { store, api, user }
}

describe('DevicesStore', () => {
  it('current device: the one whose familyId equals lastFamilyId', async () => {
    const { store } = await setup(undefined, 'f2')
    expect(store.current?.familyId).toBe('f2')
  })

  it('current device: else the first', async () => {
    expect((await setup(undefined, 'nope')).store.current?.familyId).toBe('f1')
    expect((await setup(undefined, '')).store.current?.familyId).toBe('f1')
  })

  it('curMac is the current mac formatted: last 12, uppercase, colon pairs', async () => {
    const { store } = await setup([device({ mac: 'xx00aabbccddeeff' })])
    expect(store.curMac).toBe('AA:BB:CC:DD:EE:FF')
  })

  it('login state is true when the current device has abilityString or uid', async () => {
    expect((await setup([device({ uid: 'u', abilityString: '' })])).store.isLoggedIn).toBe(true)
    expect((await setup([device({ uid: '', abilityString: 'x' })])).store.isLoggedIn).toBe(true)
    expect((await setup([device({ uid: '', abilityString: '' })])).store.isLoggedIn).toBe(false)
    expect((await setup([])).store.isLoggedIn).toBe(false)
  })

  it('switching the current TV goes through changeDevice and then follows lastFamilyId', async () => {
    const { store, api, user } = await setup()
    const res = await store.switchTo(store.devices[1])
    expect(res.ok).toBe(true)
    expect(api.changeDevice).toHaveBeenCalledWith({ uid: 'u1', familyId: 'f2' })
    expect(user.user?.lastFamilyId).toBe('f2')
    expect(store.current?.familyId).toBe('f2')
  })

  it('a failed switch keeps the current TV and says so', async () => {
    const { store, api } = await setup()
    api.changeDevice.mockRejectedValueOnce(new Error('设备不存在'))
    const res = await store.switchTo(store.devices[1])
    expect(res).toEqual({ ok: false, message: '设备不存在' })
    expect(store.current?.familyId).toBe('f1')
  })

  it('rename validates the name, then updates the list only after the gateway agreed', async () => {
    const { store, api } = await setup()
    expect((await store.rename(store.devices[0], '   ')).ok).toBe(false)
    expect((await store.rename(store.devices[0], '一二三四五六七八九十一二三四五六七')).message).toBe('电视名称最多16个字')
    expect(api.changeDeviceName).not.toHaveBeenCalled()
    expect((await store.rename(store.devices[0], ' 书房 ')).ok).toBe(true)
    expect(store.devices[0].deviceName).toBe('书房')
  })

  it('bind checks the mac and reloads the list', async () => {
    const { store, api } = await setup()
    expect((await store.bind('12:34')).message).toBe('请输入电视的MAC地址（12位）')
    expect((await store.bind('aa:bb:cc:dd:ee:99', '新电视', '12345678')).ok).toBe(true)
    expect(api.bindDevice).toHaveBeenCalledWith({ uid: 'u1', mac: 'aabbccddee99', deviceName: '新电视', pairCode: '12345678' })
    expect(api.queryBindDevice).toHaveBeenCalledTimes(2)
  })

  it('bind always asks for the pairing code the TV shows (presence at the TV), checks its form first, and says what the gateway refused', async () => {
    const { store, api } = await setup()
    expect(await store.bind('aa:bb:cc:dd:ee:98', '', '12a45')).toEqual({ ok: false, message: '配对码是电视上显示的8位数字' })
    // a MAC alone binds nothing, owned TV or not: the app does not even ask
    expect(await store.bind('aa:bb:cc:dd:ee:98')).toEqual({ ok: false, message: devices.pairCodeNeeded })
    expect(api.bindDevice).not.toHaveBeenCalled()
    api.bindDevice.mockRejectedValueOnce(new GatewayError('server', '1005', '配对码不正确或已过期', 'mc/user/bindDevice'))
    expect(await store.bind('aa:bb:cc:dd:ee:98', '', '87654321')).toEqual({ ok: false, message: '配对码不正确或已过期' })
    expect(api.bindDevice).toHaveBeenLastCalledWith({ uid: 'u1', mac: 'aabbccddee98', pairCode: '87654321' })
    expect((await store.bind('aa:bb:cc:dd:ee:98', '', ' 12345678 ')).ok).toBe(true)
    expect(api.bindDevice).toHaveBeenLastCalledWith({ uid: 'u1', mac: 'aabbccddee98', pairCode: '12345678' })
  })

  it('unbind removes the TV only when the gateway says it is unbound', async () => {
    const { store, api } = await setup()
    api.wxaUnbindFamily.mockResolvedValueOnce({ unbound: false })
    expect((await store.unbind(store.devices[1])).ok).toBe(false)
    expect(store.devices).toHaveLength(2)
    expect((await store.unbind(store.devices[1])).ok).toBe(true)
    expect(store.devices.map((d) => d.familyId)).toEqual(['f1'])
  })

  it('an unbind the gateway wants the lock password for asks for it, then goes with it; nothing leaves the list before', async () => {
    const { store, api } = await setup()
    api.wxaUnbindFamily.mockRejectedValueOnce(new GatewayError('server', '2007', '需要锁密码', 'mc/user/wxaUnbindFamily'))
    const asked = await store.unbind(store.devices[0])
    expect(asked).toEqual({ ok: false, needsPassword: true, message: '需要锁密码' })
    expect(store.devices).toHaveLength(2)
    // a wrong one: the gateway's words (tries left), still asking
    api.wxaUnbindFamily.mockRejectedValueOnce(new GatewayError('server', '2004', '锁密码错误，还可以再试4次', 'mc/user/wxaUnbindFamily'))
    expect(await store.unbind(store.devices[0], '1111')).toEqual({ ok: false, needsPassword: true, message: '锁密码错误，还可以再试4次' })
    // not 4 digits: not sent
    expect(await store.unbind(store.devices[0], '12')).toMatchObject({ ok: false, needsPassword: true, message: devices.unbindPasswordInvalid })
    expect(api.wxaUnbindFamily).toHaveBeenCalledTimes(2)
    expect((await store.unbind(store.devices[0], '2468')).ok).toBe(true)
    expect(api.wxaUnbindFamily).toHaveBeenLastCalledWith({ uid: 'u1', familyId: 'f1', password: '2468' })
    expect(store.devices.map((d) => d.familyId)).toEqual(['f2'])
  })

  it('another refusal of an unbind does not ask for a password', async () => {
    const { store, api } = await setup()
    api.wxaUnbindFamily.mockRejectedValueOnce(new GatewayError('server', '1003', '没有找到', 'mc/user/wxaUnbindFamily'))
    expect(await store.unbind(store.devices[0])).toEqual({ ok: false, message: '没有找到' })
    expect(api.wxaUnbindFamily).toHaveBeenLastCalledWith({ uid: 'u1', familyId: 'f1' })
  })

  it('a list answered by a network failure is offline, not "no TV bound"', async () => {
    const { store, api } = await setup()
    api.queryBindDevice.mockRejectedValueOnce(new OfflineError(net.networkError, 'mc/user/queryBindDevice'))
    await store.load()
    expect(store.list.status).toBe('offline')
    expect(store.devices).toHaveLength(2)
  })
})
