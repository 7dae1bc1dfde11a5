/**
 * The spending side of the points centre, page by page: the centre's prize entries, the
 * catalogue (cost, stock, standing), the detail (refusal in words; a physical prize sends the user to
 * the address form and back, then the exchange resumes and happens once), the address form
 * (inline validation, a failed save keeps what was typed, leaving asks first), my prizes and coupons,
 * the share page (copy the link outside the app; a friend joins).
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import { beijingAt } from '../helpers/clock'
import { GatewayError } from '@/services/http/types'
import type { Address, Award, Coupon, Prize } from '@/protocol/contract/models'

const prizes: Prize[] = [
  { prizeId: 'p1', name: '7天视频会员', image: 'a.svg', points: 300, stock: 10, kind: 'vip' },
  { prizeId: 'p2', name: '蓝牙耳机', image: 'b.svg', points: 4000, stock: 3, kind: 'physical' },
  { prizeId: 'p3', name: '智能手环', image: 'c.svg', points: 100, stock: 0, kind: 'physical' },
  { prizeId: 'p4', name: '保护套', image: 'd.svg', points: 200, stock: 5, kind: 'physical' },
]

const click = (sel: string, i = 0) => (topPage().querySelectorAll(sel)[i] as HTMLElement).click()
const type = (sel: string, value: string) => {
  const el = topPage().querySelector(sel) as HTMLElement
  el.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  el.dispatchEvent(new CustomEvent('blur', { detail: { value }, bubbles: true }))
}
const modalOnce = (confirm: boolean) => jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm, cancel: !confirm } as never)
/** What the last modal said. */
const lastModal = () => (Taro.showModal as unknown as jest.Mock).mock.calls.at(-1)?.[0] as { title: string; content: string }
const modalCount = () => (Taro.showModal as unknown as jest.Mock).mock.calls?.length ?? 0

describe('prizes, address and share pages', () => {
  let balance = 1000
  let failNextSave = false
  const awards: Award[] = []
  const addresses: Address[] = []
  const coupons: Coupon[] = [
    { couponId: 'c1', name: '影视会员5元券', amount: 5, expireAt: Date.now() + 86_400_000, status: 'unused' },
    { couponId: 'c2', name: '话费10元券', amount: 10, expireAt: Date.now() - 86_400_000, status: 'expired' },
    { couponId: 'c3', name: '话费5元券', amount: 5, expireAt: Date.now(), status: 'used' },
  ]
  const award = jest.fn(async ({ prizeId, addressId }: { prizeId: string; addressId?: string }) => {
    const p = prizes.find((x) => x.prizeId === prizeId)!
    if (balance < p.points) throw new GatewayError('server', '2001', '积分不足', 'v2/activity/prize/award')
    balance -= p.points
    p.stock -= 1
    const a: Award = { awardId: `aw-${prizeId}`, prizeId, name: p.name, image: p.image, points: p.points, createdAt: beijingAt('20261123', 9, 30), status: p.kind === 'physical' ? 'pending' : 'issued', ...(addressId ? { addressId } : {}) }
    awards.unshift(a)
    return { award: a, totalPoints: balance }
  })
  const saveAddress = jest.fn(async (req: Omit<Address, 'addressId'> & { uid: string; addressId?: string }) => {
    if (failNextSave) {
      failNextSave = false
      throw new GatewayError('server', '9999', '服务维护中', 'v5.0/user/save/address')
    }
    const { uid: _u, addressId, ...fields } = req
    void _u
    const a: Address = { addressId: addressId ?? `ad${addresses.length + 1}`, ...fields, isDefault: fields.isDefault || addresses.length === 0 }
    if (a.isDefault) addresses.forEach((x) => (x.isDefault = false))
    const i = addresses.findIndex((x) => x.addressId === a.addressId)
    if (i >= 0) addresses[i] = a
    else addresses.push(a)
    return a
  })
  const participate = jest.fn(async () => ({ participated: true, firstTime: true, coupon: coupons[0] }))

  beforeAll(async () => {
    const services = installLoggedIn({
      userCenter: {
        queryAddress: async () => ({ list: [...addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)) }),
        saveAddress,
      },
      activity: {
        userInfo: async () => ({ userId: 'u1', points: balance, todayPoints: 0, signDays: 0 }),
        signInfo: async () => ({ signedToday: false, continuousDays: 0, week: [] }),
        taskInfoByTaskClass: async () => ({}),
      },
      valueAdded: {
        prize: async () => ({ list: prizes.map((p) => ({ ...p })), awards: [...awards] }),
        prizeDetail: async ({ prizeId }: { prizeId: string }) => ({ ...prizes.find((p) => p.prizeId === prizeId)!, description: '奖品说明文字', rules: '每个账号每种奖品限兑1次' }),
        award,
        coupon: async () => ({ list: coupons }),
        inquiry: async () => ({ list: [{ productId: 'vod', name: '影视VIP', price: 25, ordered: true, expireAt: 1 }] }),
        participate,
      },
    } as never)
    await createTaroApp('subpackages4/pages/activity-index/activity-index')
    await services.root.start()
  })

  it('the points centre has the prize entries; the catalogue shows cost, stock and what the user can afford', async () => {
    await until(() => textsOf('.points-entries--prizes .points-entries__item').length === 3, 'prize entries')
    expect(textsOf('.points-entries--prizes .points-entries__item')).toEqual(['积分兑换', '我的奖品', '邀请好友'])
    click('[data-entry="exchange"]')
    await until(() => textsOf('.prize-card__name').length === 4, 'catalogue')
    expect(textsOf('.prize-balance__points')).toEqual(['我的积分：1000'])
    expect(textsOf('.prize-products__item')).toEqual(['影视VIP 已开通'])
    expect(textsOf('.prize-card__cost')).toEqual(['300积分', '4000积分', '100积分', '200积分'])
    expect(textsOf('.prize-card__meta')[2]).toBe('实物 · 已兑完')
    expect(textsOf('.prize-card__standing')).toEqual(['可兑换', '积分不足，还差3000积分', '奖品已兑完', '可兑换'])
  })

  it('detail: not enough points is said plainly and nothing is sent', async () => {
    click('.prize-card', 1)
    await until(() => textsOf('.prize-detail__name').includes('蓝牙耳机'), 'detail')
    expect(textsOf('.prize-detail__standing')).toEqual(['积分不足，还差3000积分'])
    const toast = jest.spyOn(Taro, 'showToast')
    click('.prize-detail__exchange')
    await until(() => toast.mock.calls.some(([o]) => (o as { title: string }).title === '积分不足，还差3000积分'), 'refusal toast')
    expect(award).not.toHaveBeenCalled()
    await Taro.navigateBack()
  })

  it('detail: a physical prize without an address sends the user to the form; the form validates inline and keeps a failed save', async () => {
    await until(() => textsOf('.prize-card__name').length === 4, 'catalogue again')
    click('.prize-card', 3)
    await until(() => textsOf('.prize-detail__name').includes('保护套'), 'detail of a physical prize')
    expect(textsOf('.prize-detail__address-text')).toEqual(['添加收货地址'])
    modalOnce(true)
    click('.prize-detail__exchange')
    await until(() => textsOf('.address-form__row').length > 0, 'address form')
    expect(lastModal()).toMatchObject({ content: '兑换实物奖品需要填写收货地址，填写后将继续兑换。' })
    expect(award).not.toHaveBeenCalled()

    // save with nothing typed: every message, nothing sent
    click('.address-save')
    await until(() => textsOf('.address-form__error').length === 4, 'messages')
    expect(textsOf('.address-form__error')).toEqual(['请填写收货人', '请填写手机号', '请选择所在地区', '请填写详细地址'])
    expect(saveAddress).not.toHaveBeenCalled()

    type('.address-form__input--name', '李四')
    type('.address-form__input--phone', '2380000000')
    type('.address-form__input--detail', '长安街')
    await until(() => textsOf('.address-form__error--phone').length === 1 && textsOf('.address-form__error--name').length === 0, 'inline messages')
    expect(textsOf('.address-form__error--phone')).toEqual(['手机号应为1开头的11位数字'])
    expect(textsOf('.address-form__error--detail')).toEqual(['详细地址为5到100个字'])
    type('.address-form__input--phone', '13800000001')
    type('.address-form__input--detail', '东城区东长安街1号')
    // the region picker (three columns from the dataset): 北京市 北京市 东城区
    const picker = topPage().querySelector('.address-form__row--region')!.firstElementChild!.nextElementSibling as HTMLElement
    picker.dispatchEvent(new CustomEvent('change', { detail: { value: [0, 0, 0] }, bubbles: true }))
    await until(() => textsOf('.address-form__error').length === 0, 'all valid')
    expect(textsOf('.address-form__region')).toEqual(['北京市 东城区'])

    // a failed save keeps every character
    failNextSave = true
    click('.address-save')
    await until(() => textsOf('.address-form__save-error').length === 1, 'save error')
    expect(textsOf('.address-form__save-error')).toEqual(['保存失败：服务维护中。已填写的内容已保留'])
    expect((topPage().querySelector('.address-form__input--detail') as HTMLInputElement & { value: string }).value).toBe('东城区东长安街1号')

    // leaving now asks first; staying keeps the form
    const asked = modalCount()
    modalOnce(false)
    click('.nav-bar__action')
    await until(() => modalCount() === asked + 1, 'leave asked')
    expect(lastModal()).toMatchObject({ title: '放弃修改？' })
    await new Promise((r) => setTimeout(r, 50))
    expect(topPage().querySelectorAll('.address-form__input--name')).toHaveLength(1)

    // saved: back on the detail, the exchange resumes with a confirm naming the address, once
    modalOnce(true)
    click('.address-save')
    await until(() => award.mock.calls.length === 1, 'exchange after the address')
    expect(saveAddress).toHaveBeenLastCalledWith(expect.objectContaining({ name: '李四', phone: '13800000001', province: '北京市', city: '北京市', district: '东城区', detail: '东城区东长安街1号', isDefault: true }))
    expect(lastModal()).toMatchObject({ content: '确定用200积分兑换「保护套」吗？奖品将寄往：李四 13800000001 北京市东城区东城区东长安街1号' })
    expect(award).toHaveBeenCalledWith(expect.objectContaining({ prizeId: 'p4', addressId: 'ad1' }))
    await until(() => textsOf('.prize-detail__done').length === 1, 'done')
    expect(textsOf('.prize-detail__address-text')[0]).toContain('李四 13800000001')
    expect(textsOf('.prize-detail__exchange')).toEqual(['您已兑换过该奖品（每种奖品限兑1次）'])
  })

  it('detail: a double tap exchanges once', async () => {
    await Taro.navigateTo({ url: '/subpackages4/pages/points-exchange-detail/points-exchange-detail?prizeId=p1' })
    await until(() => textsOf('.prize-detail__name').includes('7天视频会员'), 'virtual prize')
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    click('.prize-detail__exchange')
    click('.prize-detail__exchange')
    await until(() => textsOf('.prize-detail__done').length === 1, 'done')
    expect(award.mock.calls.filter(([r]) => r.prizeId === 'p1')).toHaveLength(1)
    ;(Taro.showModal as jest.Mock).mockRestore?.()
  })

  it('my prizes: the awards with their state, the coupons unused / used / expired', async () => {
    click('.prize-detail__done')
    await until(() => textsOf('.my-prize__name').length === 2, 'my prizes')
    expect(textsOf('.my-prize__name')).toEqual(['7天视频会员', '保护套'])
    expect(textsOf('.my-prize__status')).toEqual(['已发放', '待发货'])
    click('.prize-tabs__tab', 1)
    await until(() => textsOf('.my-prize--coupon').length === 3, 'coupons')
    expect(textsOf('.my-prize--coupon .my-prize__status')).toEqual(['未使用', '已使用', '已过期'])
    expect(textsOf('.my-prize__amount')).toEqual(['¥5', '¥5', '¥10'])
  })

  it('address book (我的 收货地址): the saved address, default marked; choosing another default', async () => {
    await Taro.navigateTo({ url: '/subpackages9/pages/add-address/add-address' })
    await until(() => textsOf('.address-item').length === 1, 'book')
    expect(textsOf('.address-item__who')).toEqual(['李四 13800000001'])
    expect(textsOf('.address-item__tag')).toEqual(['默认'])
    addresses.push({ addressId: 'ad9', name: '王五', phone: '13900000000', province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道1号', isDefault: false })
    await Taro.navigateTo({ url: '/subpackages9/pages/add-address/add-address' })
    await until(() => textsOf('.address-item').length === 2, 'two addresses')
    click('.address-item__set')
    await until(() => saveAddress.mock.calls.some(([r]) => r.addressId === 'ad9' && r.isDefault), 'default chosen')
  })

  it('share page outside the app: copy the link carrying the uid, and say it opens in the operator app', async () => {
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as never)
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-share/activity-share' })
    await until(() => textsOf('.share-copy').length === 1, 'share page')
    expect(textsOf('.share-hint')[0]).toContain('链接需在运营商App中打开')
    click('.share-copy')
    await until(() => copy.mock.calls.length === 1, 'copied')
    expect((copy.mock.calls[0][0] as { data: string }).data).toMatch(/#\/subpackages4\/pages\/activity-share\/activity-share\?sharerUid=u1$/)
    await until(() => textsOf('.share-link').length === 1, 'link shown')
  })

  it('share page inside the operator app: one tvc:share bridge message with the link carrying the uid', async () => {
    const post = jest.fn()
    const w = window as unknown as { TvcNative?: { postMessage: typeof post } }
    w.TvcNative = { postMessage: post }
    try {
      await Taro.navigateTo({ url: '/subpackages4/pages/activity-share/activity-share' })
      await until(() => textsOf('.share-app').length === 1, 'app share button')
      expect(textsOf('.share-copy')).toEqual([])
      click('.share-app')
      await until(() => post.mock.calls.length === 1, 'bridge message')
      const msg = JSON.parse(post.mock.calls[0][0] as string)
      expect(msg).toMatchObject({ type: 'tvc:share', title: '来参加积分活动，签到做任务换好礼' })
      expect(msg.url).toMatch(/#\/subpackages4\/pages\/activity-share\/activity-share\?sharerUid=u1$/)
    } finally {
      delete w.TvcNative
    }
  })

  it('share page opened from a friend: join, once', async () => {
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-share/activity-share?sharerUid=u9' })
    await until(() => textsOf('.share-join').length === 1, 'join button')
    expect(textsOf('.share-card__title')).toEqual(['好友邀请你参加积分活动'])
    click('.share-join')
    await until(() => textsOf('.share-go-centre').length === 1, 'joined')
    expect(participate).toHaveBeenCalledWith({ activityId: 'act-points-2025', userId: 'u1', sharerUid: 'u9' })
  })
})
