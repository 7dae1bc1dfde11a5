/**
 * Family members per TV (FamilyStore), the removed member's notice (DevicesStore), and
 * the screen mode (ScreenStore). Every change happens only after the gateway said yes.
 */
import { FamilyStore, type FamilyApi } from '@/features/devices/store/familyStore'
import { ScreenStore, type ScreenApi } from '@/features/locks/store/screenStore'
import { DevicesStore, type DevicesApi } from '@/stores/app/devicesStore'
import { UserStore } from '@/stores/app/userStore'
import { Session } from '@/stores/app/session'
import { memoryStorage } from '@/platform/memoryStorage'
import type { Device, FamilyMember, Invitation } from '@/protocol/contract/models'
import { GatewayError } from '@/services/http/types'
import { devices as dv } from '@/strings'
import { family as t, screenMode as s, locks as l } from '@/strings/locks'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const owner: FamilyMember = { uid: 'u1', nickName: '小明', phone: '138****0000', faceImg: '', role: 'owner' }
const member: FamilyMember = { uid: 'u2', nickName: '家里人', phone: '138****0001', faceImg: '', role: 'member' }
const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  code: 'c1', familyId: 'f1', deviceName: '客厅电视', ownerNickName: '小明', ownerPhone: '138****0000', expiresAt: 1, status: 'open', ...over,
})

async function setup(me = 'u1', list: Device[] = [device()]) {
  const user = new UserStore({ getPhone: async () => devProvenPhone('13800000000'), mobileLogin: async () => ({ user: userInfo({ uid: me }), token: 't', secret: 's' }) }, new Session(memoryStorage()))
  await user.login()
  let bound = list
  const devicesApi = {
    queryBindDevice: jest.fn(async () => bound),
    wxaUnbindFamily: jest.fn(async () => ({ unbound: true })),
  }
  const devices = new DevicesStore(devicesApi as unknown as DevicesApi, user)
  await devices.load()
  let members = [owner, member]
  const api = {
    getBindUserList: jest.fn(async () => ({ list: members })),
    queryCustInfoByCustId: jest.fn(async ({ custId }: { custId: string }) => ({ custId, custName: '张**', phone: '138****0000', broadbandAccount: 'gz1@169', city: '广州市' })),
    familyMember: jest.fn(async ({ phone }: { phone: string }) => {
      const m = { uid: 'u9', nickName: '奶奶', phone, faceImg: '', role: 'member' as const }
      members = [...members, m]
      return m
    }),
    deleteFamilyMember: jest.fn(async () => ({ deleted: true })),
    createInvitation: jest.fn(async () => invitation()),
    queryInvitation: jest.fn(async () => invitation({ familyId: 'f7', deviceName: '父母家' })),
    acceptInvitation: jest.fn(async () => {
      bound = [...bound, device({ familyId: 'f7', deviceName: '父母家', mac: 'AABBCCDDEE07' })]
      return bound[bound.length - 1]
    }),
  }
  const family = new FamilyStore(api as unknown as FamilyApi, () => user.user?.uid ?? '', devices)
  return { family, api, devices, devicesApi, setBound: (d: Device[]) => (bound = d) }
}

describe('FamilyStore', () => {
  it('lists who is bound to a TV, owner and members marked, and the line\'s customer record', async () => {
    const { family, api } = await setup()
    await family.open(device({ custId: 'c100' }))
    expect(api.getBindUserList).toHaveBeenCalledWith({ uid: 'u1', familyId: 'f1' })
    expect(family.members.value?.map((m) => [m.uid, m.role])).toEqual([['u1', 'owner'], ['u2', 'member']])
    expect(family.isOwner).toBe(true)
    expect(family.cust.value?.custName).toBe('张**')
  })

  it('a member is not the owner', async () => {
    const { family } = await setup('u2')
    await family.open(device())
    expect(family.isOwner).toBe(false)
  })

  it('adds by phone (11 digits, checked before any call) and the list shows the new member', async () => {
    const { family, api } = await setup()
    await family.open(device())
    expect(await family.addByPhone('1380000')).toEqual({ ok: false, message: t.phoneInvalid })
    expect(api.familyMember).not.toHaveBeenCalled()
    expect(await family.addByPhone('137 0000 0009')).toEqual({ ok: true, message: t.added })
    expect(api.familyMember).toHaveBeenCalledWith({ uid: 'u1', familyId: 'f1', phone: '13700000009' })
    expect(family.members.value?.map((m) => m.uid)).toEqual(['u1', 'u2', 'u9'])
  })

  it('a refused removal keeps the member; an accepted one drops them', async () => {
    const { family, api } = await setup()
    await family.open(device())
    api.deleteFamilyMember.mockRejectedValueOnce(new GatewayError('server', '1004', '只有管理员可以移除其他成员', 'p'))
    expect(await family.remove(member)).toEqual({ ok: false, message: '只有管理员可以移除其他成员' })
    expect(family.members.value).toHaveLength(2)
    expect(await family.remove(member)).toEqual({ ok: true, message: t.removed })
    expect(family.members.value?.map((m) => m.uid)).toEqual(['u1'])
  })

  it('a member leaves: the TV leaves their list', async () => {
    const { family, devices, devicesApi } = await setup('u2', [device({ uid: 'u2' })])
    await family.open(devices.devices[0])
    expect(await family.leave(devices.devices[0])).toEqual({ ok: true, message: t.left })
    expect(devicesApi.wxaUnbindFamily).toHaveBeenCalledWith({ uid: 'u2', familyId: 'f1' })
    expect(devices.devices).toEqual([])
    expect(family.familyId).toBe('')
  })

  it('invitations: the owner creates one; an opened one shows whose TV, accepting adds the TV to the list', async () => {
    const { family, api, devices } = await setup()
    await family.open(device())
    expect((await family.createInvitation()).ok).toBe(true)
    expect(family.invitation?.code).toBe('c1')
    await family.loadIncoming('c7')
    expect(family.incoming.value).toMatchObject({ deviceName: '父母家', ownerNickName: '小明' })
    expect(api.acceptInvitation).not.toHaveBeenCalled()
    expect(await family.acceptIncoming()).toEqual({ ok: true, message: t.joined('父母家') })
    expect(api.acceptInvitation).toHaveBeenCalledWith({ uid: 'u1', code: 'c1' })
    expect(devices.devices.map((d) => d.familyId)).toEqual(['f1', 'f7'])
  })

  it('an expired invitation is not accepted', async () => {
    const { family, api } = await setup()
    api.queryInvitation.mockResolvedValueOnce(invitation({ status: 'expired' }))
    await family.loadIncoming('old')
    expect(await family.acceptIncoming()).toEqual({ ok: false, message: t.invitationExpired })
    expect(api.acceptInvitation).not.toHaveBeenCalled()
  })
})

describe('DevicesStore: a TV the user was removed from', () => {
  it('leaves the list on the next refresh, and the store says why', async () => {
    const { devices, setBound } = await setup('u1', [device(), device({ familyId: 'f2', deviceName: '卧室电视', mac: 'AABBCCDDEE02' })])
    expect(devices.notice).toBe('')
    setBound([device({ familyId: 'f2', deviceName: '卧室电视', mac: 'AABBCCDDEE02' })])
    await devices.load()
    expect(devices.devices.map((d) => d.familyId)).toEqual(['f2'])
    expect(devices.notice).toBe(dv.lostTv('客厅电视'))
    devices.dismissNotice()
    expect(devices.notice).toBe('')
  })

  it('a TV the user unbound here gives no notice', async () => {
    const { devices, setBound } = await setup('u1', [device(), device({ familyId: 'f2', mac: 'AABBCCDDEE02' })])
    await devices.unbind(devices.devices[0])
    setBound([device({ familyId: 'f2', mac: 'AABBCCDDEE02' })])
    await devices.load()
    expect(devices.notice).toBe('')
  })
})

describe('ScreenStore', () => {
  function screen(target: { uid: string; mac: string } | null = { uid: 'u1', mac: 'AABBCCDDEEF1' }) {
    const api = {
      getScreenOption: jest.fn(async () => ({ mac: 'AABBCCDDEEF1', mode: 'remote' as const, quality: 'auto' as const, autoPlayNext: true })),
      setScreenOption: jest.fn(async (r: { mac: string; mode: 'remote' | 'mirror'; quality: 'auto' | 'hd' | 'sd'; autoPlayNext: boolean }) => ({ mac: r.mac, mode: r.mode, quality: r.quality, autoPlayNext: r.autoPlayNext })),
    }
    return { store: new ScreenStore(api as unknown as ScreenApi, () => target), api }
  }

  it('shows the current option; a choice is applied once the gateway confirms it', async () => {
    const { store, api } = screen()
    await store.load()
    expect(store.current).toMatchObject({ mode: 'remote', quality: 'auto' })
    expect(await store.choose({ mode: 'mirror' })).toEqual({ ok: true, message: s.applied })
    expect(api.setScreenOption).toHaveBeenCalledWith({ uid: 'u1', mac: 'AABBCCDDEEF1', mode: 'mirror', quality: 'auto', autoPlayNext: true })
    expect(store.current?.mode).toBe('mirror')
  })

  it('an answer that is not the choice is not applied; a refusal keeps the current option', async () => {
    const { store, api } = screen()
    await store.load()
    api.setScreenOption.mockResolvedValueOnce({ mac: 'AABBCCDDEEF1', mode: 'remote', quality: 'auto', autoPlayNext: true })
    expect((await store.choose({ quality: 'hd' })).ok).toBe(false)
    api.setScreenOption.mockRejectedValueOnce(new GatewayError('server', '1004', '这台电视没有绑定到您的账号', 'p'))
    expect(await store.choose({ quality: 'hd' })).toEqual({ ok: false, message: '这台电视没有绑定到您的账号' })
    expect(store.current?.quality).toBe('auto')
  })

  it('knows when the TV reported the option (type 87 screenOption)', () => {
    const opt = { mode: 'mirror' as const, quality: 'hd' as const, autoPlayNext: false }
    expect(ScreenStore.reportedBy({ screenOption: { ...opt } }, opt)).toBe(true)
    expect(ScreenStore.reportedBy({ screenOption: { ...opt, quality: 'sd' } }, opt)).toBe(false)
    expect(ScreenStore.reportedBy({}, opt)).toBe(false)
  })

  it('without a TV nothing is sent', async () => {
    const { store, api } = screen(null)
    await store.load()
    expect(await store.choose({ mode: 'mirror' })).toEqual({ ok: false, message: l.needTv })
    expect(api.getScreenOption).not.toHaveBeenCalled()
  })
})
