import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import { device } from '../stores/fixtures'

describe('My TVs page', () => {
  const unbind = jest.fn(async () => ({ unbound: true }))
  let members = [
    { uid: 'u1', nickName: '小明', phone: '138****0000', faceImg: '', role: 'owner' },
    { uid: 'u2', nickName: '家里人', phone: '138****0001', faceImg: '', role: 'member' },
  ]
  const deleteMember = jest.fn(async ({ memberUid }: { memberUid: string }) => {
    members = members.filter((m) => m.uid !== memberUid)
    return { deleted: true }
  })
  const addMember = jest.fn(async ({ phone }: { phone: string }) => {
    const m = { uid: 'u9', nickName: '奶奶', phone, faceImg: '', role: 'member' }
    members = [...members, m]
    return m
  })
  const bind = jest.fn(async ({ mac }: { mac: string }) => device({ mac, familyId: 'f9', deviceName: '新电视' }))

  beforeAll(async () => {
    const services = installLoggedIn({
      userCenter: {
        queryBindDevice: async () => [device(), device({ familyId: 'f2', mac: 'AABBCCDDEE02', deviceName: '卧室电视' })],
        wxaUnbindFamily: unbind,
        bindDevice: bind,
        getBindUserList: async () => ({ list: members }),
        deleteFamilyMember: deleteMember,
        familyMember: addMember,
      },
    } as never)
    await createTaroApp('pages/my-tv/my-tv')
    await services.root.start()
  })

  it('lists the bound TVs, the current one first-class, with their macs formatted', async () => {
    await until(() => textsOf('.device__name').length === 2, 'device list')
    expect(textsOf('.device__name')).toEqual(['客厅电视', '卧室电视'])
    expect(textsOf('.device--current .device__name')).toEqual(['客厅电视'])
    expect(textsOf('.device__meta')).toEqual(['MAC AA:BB:CC:DD:EE:F1', 'MAC AA:BB:CC:DD:EE:02'])
  })

  it('unbind asks first, naming the TV; cancel keeps it', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' } as never)
    const second = topPage().querySelectorAll('.device')[1]
    ;(second.querySelector('.action-btn--danger') as HTMLElement).click()
    await until(() => modal.mock.calls.length === 1, 'confirm')
    expect(modal.mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('卧室电视') })
    await new Promise((r) => setTimeout(r, 20))
    expect(unbind).not.toHaveBeenCalled()
    expect(textsOf('.device__name')).toHaveLength(2)
  })

  it('confirmed unbind removes the TV once the gateway agreed', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' } as never)
    const second = topPage().querySelectorAll('.device')[1]
    ;(second.querySelector('.action-btn--danger') as HTMLElement).click()
    await until(() => textsOf('.device__name').length === 1, 'list without the TV')
    expect(unbind).toHaveBeenCalledWith({ uid: 'u1', familyId: 'f2' })
  })

  it('the bind button stays disabled until a mac and the pairing code are typed', async () => {
    const submit = topPage().querySelector('.bind-form__submit') as HTMLElement
    expect(submit.classList.contains('action-btn--disabled')).toBe(true)
    submit.click()
    await new Promise((r) => setTimeout(r, 20))
    expect(bind).not.toHaveBeenCalled()
  })

  it('bind sends the mac, the name and the pairing code the TV shows; the form clears after success', async () => {
    const type = (i: number, value: string) => {
      const input = topPage().querySelectorAll('.bind-form__input input')[i] as HTMLInputElement
      input.value = value
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    expect(topPage().querySelector('.bind-form__code input')?.getAttribute('placeholder')).toContain('配对码')
    // no scan button on H5 (Taro.scanCode is WeChat's)
    expect(topPage().querySelector('.bind-form__scan')).toBeNull()
    type(0, 'AC:3B:7F:0E:10:01')
    type(1, '客厅')
    type(2, '12345678')
    await until(() => !topPage().querySelector('.bind-form__submit')?.classList.contains('action-btn--disabled'), 'submit enabled')
    ;(topPage().querySelector('.bind-form__submit') as HTMLElement).click()
    await until(() => bind.mock.calls.length === 1, 'bindDevice called')
    expect(bind).toHaveBeenCalledWith(expect.objectContaining({ uid: 'u1', mac: 'AC3B7F0E1001', deviceName: '客厅', pairCode: '12345678' }))
    await until(() => (topPage().querySelector('.bind-form__code') as HTMLElement & { value?: string }).getAttribute('value') === '', 'form cleared')
  })

  it('family members of a TV: owner and members marked; the owner removes a member after a confirm', async () => {
    const first = topPage().querySelectorAll('.device')[0]
    ;(first.querySelector('.device__family') as HTMLElement).click()
    await until(() => textsOf('.family__member').length === 2, 'members')
    expect([...topPage().querySelectorAll('.family__member')].map((e) => [e.getAttribute('data-member'), e.getAttribute('data-role')])).toEqual([
      ['u1', 'owner'],
      ['u2', 'member'],
    ])
    expect(textsOf('.family__role')).toEqual(['管理员', '成员'])
    expect(textsOf('.family__name')[0]).toContain('（我）')
    // the owner has no remove button on themself
    expect(topPage().querySelectorAll('.family__remove')).toHaveLength(1)
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' } as never)
    ;(topPage().querySelector('.family__remove') as HTMLElement).click()
    await until(() => textsOf('.family__member').length === 1, 'member removed')
    expect(deleteMember).toHaveBeenCalledWith({ uid: 'u1', familyId: 'f1', memberUid: 'u2' })
  })
})
