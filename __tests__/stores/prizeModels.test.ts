/** @jest-environment node */
/**
 * The exchange rules of the prize page models: refusals in words with nothing sent (already
 * exchanged, out of stock, not enough points), a physical prize's address (default, or the form and
 * back, then the exchange resumes), the confirm, a double tap exchanging once, the gateway's refusals
 * told in the same words; the catalogue's standing; my prizes and coupons. Then the same flow against
 * the real emulator.
 */
import { MyPrizesModel, PrizeCatalogueModel, PrizeDetailModel, standingOf, type ExchangeUi, type PrizeContext } from '@/features/prizes/models/prizeModels'
import { GatewayError } from '@/services/http/types'
import type { Address, Award, Coupon, Prize } from '@/protocol/contract/models'
import { deferred } from './fixtures'
import { realClient, startTestGateway } from '../emulator/helpers/gateway'

const prize = (over: Partial<Prize> = {}): Prize => ({ prizeId: 'p1', name: '保温杯', image: 'x.svg', points: 300, stock: 5, kind: 'vip', ...over })
const detailOf = (p: Prize) => ({ ...p, description: '说明', rules: '规则' })
const award = (prizeId: string, over: Partial<Award> = {}): Award => ({ awardId: `a-${prizeId}`, prizeId, name: '奖品', image: 'x', points: 300, createdAt: 1, status: 'issued', ...over })
const addr = (over: Partial<Address> = {}): Address => ({ addressId: 'ad1', name: '张三', phone: '13800000000', province: '广东省', city: '广州市', district: '天河区', detail: '体育西路100号', isDefault: true, ...over })

function ctx(balance: number | null = 1000, mac = 'AABBCCDDEEF1'): PrizeContext & { total: number | null } {
  const c = {
    total: balance,
    uid: () => 'u1',
    balance: () => c.total,
    setBalance: (n: number) => void (c.total = n),
    loadBalance: async () => undefined,
    mac: () => mac,
  }
  return c
}

function fakeApi(p: Prize, opts: { awards?: Award[]; addresses?: Address[] } = {}) {
  const state = { awards: opts.awards ?? [], addresses: opts.addresses ?? [] }
  return {
    state,
    prize: jest.fn(async () => ({ list: [p], awards: state.awards })),
    prizeDetail: jest.fn(async () => detailOf(p)),
    award: jest.fn(async (req: { prizeId: string; addressId?: string }) => ({ award: award(req.prizeId, req.addressId ? { addressId: req.addressId, status: 'pending' } : {}), totalPoints: 700 })),
    coupon: jest.fn(async () => ({ list: [] as Coupon[] })),
    inquiry: jest.fn(async () => ({ list: [{ productId: 'vod', name: '影视VIP', price: 25, ordered: true, expireAt: 9 }, { productId: 'uhd', name: '4K', price: 10, ordered: false, expireAt: 0 }] })),
    queryAddress: jest.fn(async () => ({ list: state.addresses })),
  }
}

function ui(answers: boolean[] = [true]) {
  const asked: string[] = []
  const u: ExchangeUi & { asked: string[]; opened: number } = {
    asked,
    opened: 0,
    confirm: async (_title, text) => {
      asked.push(text)
      return answers.length ? (answers.shift() as boolean) : true
    },
    openAddressForm: () => void u.opened++,
  }
  return u
}

describe('standingOf', () => {
  it('exchanged, sold out, short by how much, ok; unknown before the balance', () => {
    expect(standingOf(prize(), 1000, [award('p1')])).toEqual({ kind: 'exchanged' })
    expect(standingOf(prize({ stock: 0 }), 1000, [])).toEqual({ kind: 'soldOut' })
    expect(standingOf(prize(), 120, [])).toEqual({ kind: 'short', missing: 180 })
    expect(standingOf(prize(), 300, [])).toEqual({ kind: 'ok' })
    expect(standingOf(prize(), null, [])).toEqual({ kind: 'unknown' })
  })
})

describe('PrizeDetailModel.exchange', () => {
  it.each([
    ['already exchanged', prize(), 1000, [award('p1')], '您已兑换过该奖品（每种奖品限兑1次）'],
    ['out of stock', prize({ stock: 0 }), 1000, [], '奖品已兑完'],
    ['not enough points', prize(), 250, [], '积分不足，还差50积分'],
  ])('%s: refused in words, nothing asked or sent', async (_what, p, balance, awards, message) => {
    const api = fakeApi(p, { awards })
    const m = new PrizeDetailModel(api, api, ctx(balance), p.prizeId)
    await m.load()
    const u = ui()
    expect(await m.exchange(u)).toEqual({ ok: false, message })
    expect(u.asked).toEqual([])
    expect(api.award).not.toHaveBeenCalled()
  })

  it('a virtual prize: confirm, one award, the balance is the answer, stock one less, the award listed', async () => {
    const api = fakeApi(prize())
    const c = ctx(1000)
    const m = new PrizeDetailModel(api, api, c, 'p1')
    await m.load()
    const u = ui()
    expect(await m.exchange(u)).toEqual({ ok: true, message: '兑换成功，奖品已发放到您的账户' })
    expect(u.asked).toEqual(['确定用300积分兑换「保温杯」吗？兑换后积分不退还。'])
    expect(api.award).toHaveBeenCalledWith({ activityId: 'act-points-2025', userId: 'u1', prizeId: 'p1' })
    expect(c.total).toBe(700)
    expect(m.detail.value?.stock).toBe(4)
    expect(m.done?.prizeId).toBe('p1')
    expect(m.standing).toEqual({ kind: 'exchanged' })
  })

  it('cancel at the confirm sends nothing', async () => {
    const api = fakeApi(prize())
    const m = new PrizeDetailModel(api, api, ctx(), 'p1')
    await m.load()
    expect(await m.exchange(ui([false]))).toBeNull()
    expect(api.award).not.toHaveBeenCalled()
  })

  it('a double tap exchanges once: a second tap while the first is asked or sent does nothing', async () => {
    const api = fakeApi(prize())
    const gate = deferred<boolean>()
    const m = new PrizeDetailModel(api, api, ctx(), 'p1')
    await m.load()
    const u = ui()
    u.confirm = () => gate.promise
    const first = m.exchange(u)
    expect(await m.exchange(u)).toBeNull()
    expect(m.inFlight).toBe(true)
    gate.resolve(true)
    expect((await first)?.ok).toBe(true)
    expect(await m.exchange(u)).toEqual({ ok: false, message: '您已兑换过该奖品（每种奖品限兑1次）' })
    expect(api.award).toHaveBeenCalledTimes(1)
  })

  it('a physical prize goes to the default address: the confirm names it, the award carries its addressId', async () => {
    const api = fakeApi(prize({ kind: 'physical' }), { addresses: [addr({ addressId: 'ad0', isDefault: false, name: '李四' }), addr()] })
    const m = new PrizeDetailModel(api, api, ctx(), 'p1')
    await m.load()
    const u = ui()
    expect(await m.exchange(u)).toEqual({ ok: true, message: '兑换成功，奖品将在7个工作日内寄出' })
    expect(u.asked[0]).toContain('张三 13800000000 广东省广州市天河区体育西路100号')
    expect(api.award).toHaveBeenCalledWith(expect.objectContaining({ addressId: 'ad1' }))
  })

  it('a physical prize without an address: the form first, nothing sent; back with an address the exchange resumes', async () => {
    const api = fakeApi(prize({ kind: 'physical' }))
    const m = new PrizeDetailModel(api, api, ctx(), 'p1')
    await m.load()
    const u = ui()
    expect(await m.exchange(u)).toBeNull()
    expect(u.asked[0]).toBe('兑换实物奖品需要填写收货地址，填写后将继续兑换。')
    expect(u.opened).toBe(1)
    expect(api.award).not.toHaveBeenCalled()

    // back without saving: nothing resumes... then back with a saved address: the exchange goes on
    expect(await m.onShow(u)).toBeNull()
    expect(m.resumeAfterAddress).toBe(false)
    m.resumeAfterAddress = true
    api.state.addresses = [addr({ addressId: 'new1' })]
    const res = await m.onShow(u)
    expect(res?.ok).toBe(true)
    expect(api.award).toHaveBeenCalledWith(expect.objectContaining({ addressId: 'new1' }))
  })

  it('declining the address form sends nothing and does not resume', async () => {
    const api = fakeApi(prize({ kind: 'physical' }))
    const m = new PrizeDetailModel(api, api, ctx(), 'p1')
    await m.load()
    const u = ui([false])
    expect(await m.exchange(u)).toBeNull()
    expect(u.opened).toBe(0)
    expect(m.resumeAfterAddress).toBe(false)
  })

  it.each([
    ['2001', '积分不足，无法兑换'],
    ['2002', '您已兑换过该奖品（每种奖品限兑1次）'],
    ['2003', '奖品已兑完'],
    ['9999', '系统繁忙'],
  ])('the gateway refuses with %s: told as %s, and the page reads the gateway again', async (code, message) => {
    const api = fakeApi(prize())
    api.award.mockRejectedValueOnce(new GatewayError('server', code, code === '9999' ? '系统繁忙' : 'x', 'v2/activity/prize/award'))
    const c = ctx()
    const m = new PrizeDetailModel(api, api, c, 'p1')
    await m.load()
    const loads = api.prizeDetail.mock.calls.length
    expect(await m.exchange(ui())).toEqual({ ok: false, message })
    expect(api.prizeDetail.mock.calls.length).toBe(loads + 1)
    expect(c.total).toBe(1000)
    expect(m.inFlight).toBe(false)
  })
})

describe('an exchange whose answer was lost', () => {
  it('the gateway exchanged: read back, the award is there, so it is done (once) and shown', async () => {
    const p = prize()
    const api = fakeApi(p)
    const m = new PrizeDetailModel(api, api, ctx(), p.prizeId)
    await m.load()
    api.award.mockImplementationOnce(async () => {
      api.state.awards = [award('p1', { awardId: 'new-1' })]
      throw new GatewayError('badResponse', 'decrypt', '服务返回的数据有误，请稍后重试', 'x')
    })
    expect(await m.exchange(ui())).toEqual({ ok: true, message: expect.any(String) })
    expect(m.done?.awardId).toBe('new-1')
    expect(api.award).toHaveBeenCalledTimes(1)
  })

  it('the gateway did not: read back, no new award, not done with the reason', async () => {
    const p = prize()
    const api = fakeApi(p, { awards: [award('p9', { awardId: 'old' })] })
    const m = new PrizeDetailModel(api, api, ctx(), p.prizeId)
    await m.load()
    api.award.mockRejectedValueOnce(new GatewayError('http', '503', '服务异常，请稍后重试', 'x'))
    expect(await m.exchange(ui())).toEqual({ ok: false, message: '服务异常，请稍后重试' })
    expect(m.done).toBeNull()
  })
})

describe('PrizeCatalogueModel and MyPrizesModel', () => {
  it('lists each prize with its standing; the ordered products of the current TV', async () => {
    const api = fakeApi(prize())
    api.prize.mockResolvedValue({ list: [prize(), prize({ prizeId: 'p2', points: 5000 }), prize({ prizeId: 'p3', stock: 0 })], awards: [] })
    const m = new PrizeCatalogueModel(api, ctx(1000))
    await m.load()
    expect(m.prizes.map((x) => [x.prize.prizeId, x.standing.kind])).toEqual([['p1', 'ok'], ['p2', 'short'], ['p3', 'soldOut']])
    expect(api.inquiry).toHaveBeenCalledWith({ userId: 'u1', mac: 'AABBCCDDEEF1' })
    expect(m.ordered.map((p) => p.name)).toEqual(['影视VIP'])
  })

  it('without a TV the products are not asked for', async () => {
    const api = fakeApi(prize())
    const m = new PrizeCatalogueModel(api, ctx(1000, ''))
    await m.load()
    expect(api.inquiry).not.toHaveBeenCalled()
    expect(m.catalogue.status).toBe('ready')
  })

  it('my prizes: awards and coupons; coupons usable first, then used, then expired', async () => {
    const api = fakeApi(prize(), { awards: [award('p1', { status: 'pending' })] })
    const coupon = (id: string, status: Coupon['status'], expireAt: number): Coupon => ({ couponId: id, name: id, amount: 5, expireAt, status })
    api.coupon.mockResolvedValue({ list: [coupon('old', 'expired', 1), coupon('u2', 'unused', 30), coupon('used', 'used', 5), coupon('u1', 'unused', 20)] })
    const m = new MyPrizesModel(api, ctx())
    await m.load()
    expect(m.current).toBe(m.awards)
    expect(m.awards.value?.[0].status).toBe('pending')
    m.setTab('coupons')
    expect(m.current).toBe(m.coupons)
    expect(m.sortedCoupons.map((c) => c.couponId)).toEqual(['u1', 'u2', 'used', 'old'])
  })
})

describe('exchange against the emulator', () => {
  let gw: Awaited<ReturnType<typeof startTestGateway>>
  beforeEach(async () => {
    gw = await startTestGateway()
  })
  afterEach(() => gw.close())

  it('a physical prize for a user without an address: the form, then the exchange; the ledger shows the cost', async () => {
    const c = realClient(gw.url)
    const user = await c.login('13800000001') // u10002: points, no address
    let balance: number | null = null
    const context: PrizeContext = {
      uid: () => user.uid,
      balance: () => balance,
      setBalance: (n) => void (balance = n),
      loadBalance: async () => void (balance = (await c.api.activity.userInfo({ userId: user.uid })).points),
      mac: () => '',
    }
    const m = new PrizeDetailModel(c.api.valueAdded, c.api.userCenter, context, 'prize8')
    await m.load()
    const start = balance as unknown as number
    const u = ui()
    u.openAddressForm = () => void c.api.userCenter.saveAddress({ uid: user.uid, name: '李四', phone: '13800000001', province: '北京市', city: '北京市', district: '东城区', detail: '东长安街1号', isDefault: true })
    expect(await m.exchange(u)).toBeNull()
    await new Promise((r) => setTimeout(r, 50))
    const res = await m.onShow(u)
    expect(res?.ok).toBe(true)
    expect(balance).toBe(start - 200)
    expect(gw.state().points[user.uid].records[0]).toMatchObject({ points: -200, source: 'exchange' })
    expect(gw.state().awards[user.uid][0]).toMatchObject({ prizeId: 'prize8', addressId: m.address?.addressId, status: 'pending' })
    // a second exchange of the same prize is refused before anything is sent
    expect(await m.exchange(ui())).toEqual({ ok: false, message: '您已兑换过该奖品（每种奖品限兑1次）' })
  })
})
