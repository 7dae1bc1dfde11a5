/** @jest-environment node */
/**
 * Spending points in the emulator: an exchange deducts points and stock together or not at
 * all; two exchanges sent at the same moment with points for one give exactly one success; the
 * refusals (2001 not enough points, 2002 already exchanged, 2003 out of stock, 1001 no address for a
 * physical prize) write nothing; an invitation counts once per new user.
 */
import type { PointsRecord } from '../../src/protocol/contract/models'
import { codeOf, realClient, startTestGateway } from './helpers/gateway'
import { devProvenPhone } from '../../src/platform/bridge/dev'

type Gw = Awaited<ReturnType<typeof startTestGateway>>
const ACT = 'act-points-2025'

/** A login as the app makes it from a shared link (mobileLogin with sharerUid). */
async function loginVia(c: ReturnType<typeof realClient>, phone: string, sharerUid: string) {
  const r = await c.api.userCenter.mobileLogin({ ...devProvenPhone(phone), sharerUid })
  c.session.token = r.token
  c.session.secret = r.secret
  return r.user
}

describe('prize exchange and invitations', () => {
  let gw: Gw
  beforeEach(async () => {
    gw = await startTestGateway()
  })
  afterEach(() => gw.close())

  /** Gives the user exactly `points` (one opening record), so a test knows what can be afforded. */
  function setBalance(uid: string, points: number): void {
    const rec: PointsRecord = { recordId: `pr-test-${uid}`, points, reason: '期初积分', source: 'opening', createdAt: Date.now() - 1000 }
    gw.state().points[uid] = { records: [rec], signDays: [] }
  }
  const balance = (uid: string) => (gw.state().points[uid]?.records ?? []).reduce((a, r) => a + r.points, 0)
  const stock = (prizeId: string) => gw.state().prizeStock[prizeId]

  it('an exchange deducts the cost, takes one from the stock, and lists the award and its ledger line', async () => {
    const c = realClient(gw.url)
    const { uid } = await c.login()
    setBalance(uid, 1000)
    const before = stock('prize1')
    const res = await c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize1' })
    expect(res.totalPoints).toBe(700)
    expect(res.award).toMatchObject({ prizeId: 'prize1', points: 300, status: 'issued' })
    expect(stock('prize1')).toBe(before - 1)
    expect(balance(uid)).toBe(700)
    const { list, awards } = await c.api.valueAdded.prize({ activityId: ACT, userId: uid })
    expect(list.find((p) => p.prizeId === 'prize1')?.stock).toBe(before - 1)
    expect(awards.map((a) => a.prizeId)).toEqual(['prize1'])
    expect(gw.state().points[uid].records[0]).toMatchObject({ points: -300, source: 'exchange', reason: '积分兑换：7天视频会员' })
  })

  it('two exchanges at the same moment with points for one: exactly one succeeds, one deduction, one off the stock', async () => {
    const c = realClient(gw.url)
    const { uid } = await c.login()
    setBalance(uid, 500)
    const stocks = [stock('prize1'), stock('prize3')]
    // prize1 costs 300 and prize3 500: each alone is affordable, both together are not
    const codes = await Promise.all([
      codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize3' })),
      codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize1' })),
    ])
    expect(codes.filter((x) => x === '000')).toHaveLength(1)
    expect(codes.filter((x) => x === '2001')).toHaveLength(1)
    const won = codes[0] === '000' ? 500 : 300
    expect(balance(uid)).toBe(500 - won)
    expect(gw.state().points[uid].records.filter((r) => r.source === 'exchange')).toHaveLength(1)
    expect(stock('prize1') + stock('prize3')).toBe(stocks[0] + stocks[1] - 1)
    expect(gw.state().awards[uid]).toHaveLength(1)
  })

  it('the same prize sent twice at once (a double tap that got through): one exchange, the other 2002', async () => {
    const c = realClient(gw.url)
    const { uid } = await c.login()
    setBalance(uid, 5000)
    const codes = await Promise.all([1, 2, 3].map(() => codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize1' }))))
    expect(codes.sort()).toEqual(['000', '2002', '2002'])
    expect(balance(uid)).toBe(4700)
  })

  it('the last item in stock, two users at once: one gets it, the other is told it is out of stock', async () => {
    const a = realClient(gw.url)
    const b = realClient(gw.url)
    const ua = (await a.login('13800000000')).uid
    const ub = (await b.login('13800000001')).uid
    setBalance(ua, 1000)
    setBalance(ub, 1000)
    gw.state().prizeStock.prize1 = 1
    const codes = await Promise.all([
      codeOf(a.api.valueAdded.award({ activityId: ACT, userId: ua, prizeId: 'prize1' })),
      codeOf(b.api.valueAdded.award({ activityId: ACT, userId: ub, prizeId: 'prize1' })),
    ])
    expect(codes.sort()).toEqual(['000', '2003'])
    expect(stock('prize1')).toBe(0)
    expect(balance(ua) + balance(ub)).toBe(1700)
  })

  it('refusals write nothing: not enough points, out of stock, already exchanged, physical prize without an address', async () => {
    const c = realClient(gw.url)
    const { uid } = await c.login('13800000001') // u10002: no address
    setBalance(uid, 250)
    const snapshot = () => JSON.stringify([gw.state().points[uid], gw.state().prizeStock, gw.state().awards[uid] ?? []])
    let before = snapshot()
    expect(await codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize1' }))).toBe('2001')
    expect(snapshot()).toBe(before)
    expect(await codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize7' }))).toBe('2003') // stock 0
    expect(snapshot()).toBe(before)
    expect(await codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize8' }))).toBe('1001') // physical, no address
    expect(await codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize8', addressId: 'addr1' }))).toBe('1001') // someone else's
    expect(snapshot()).toBe(before)

    const addr = await c.api.userCenter.saveAddress({ uid, name: '李四', phone: '13800000001', province: '北京市', city: '北京市', district: '东城区', detail: '东长安街1号', isDefault: true })
    const ok = await c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize8', addressId: addr.addressId })
    expect(ok.award).toMatchObject({ status: 'pending', addressId: addr.addressId })
    before = snapshot()
    setBalance(uid, 1000)
    before = snapshot()
    expect(await codeOf(c.api.valueAdded.award({ activityId: ACT, userId: uid, prizeId: 'prize8', addressId: addr.addressId }))).toBe('2002')
    expect(snapshot()).toBe(before)
  })

  it('an invitation counts once per new user: a new user through the share credits the sharer once; nobody else does', async () => {
    const sharer = realClient(gw.url)
    const { uid: sharerUid } = await sharer.login()
    const start = balance(sharerUid)

    // a new phone logs in with the sharer's uid and joins: +50 for the sharer, a coupon for the new user
    const n1 = realClient(gw.url)
    const u1 = await loginVia(n1, '13911110001', sharerUid)
    const first = await n1.api.valueAdded.participate({ activityId: ACT, userId: u1.uid, sharerUid })
    expect(first).toMatchObject({ participated: true, firstTime: true })
    expect(first.coupon?.status).toBe('unused')
    expect(balance(sharerUid)).toBe(start + 50)
    expect(gw.state().points[sharerUid].records[0]).toMatchObject({ points: 50, source: 'invite' })

    // the same new user again (another open of the share, a second tap): nothing more
    expect(await n1.api.valueAdded.participate({ activityId: ACT, userId: u1.uid, sharerUid })).toMatchObject({ firstTime: false })
    expect(balance(sharerUid)).toBe(start + 50)

    // an existing user who opens the share is no new user: no points
    const old = realClient(gw.url)
    const u2 = await loginVia(old, '13800000001', sharerUid)
    await old.api.valueAdded.participate({ activityId: ACT, userId: u2.uid, sharerUid })
    expect(balance(sharerUid)).toBe(start + 50)

    // a second new user: once more
    const n2 = realClient(gw.url)
    const u3 = await n2.login('13911110002')
    expect(balance(sharerUid)).toBe(start + 50)
    const n3 = realClient(gw.url)
    const u4 = await loginVia(n3, '13911110003', sharerUid)
    await n3.api.valueAdded.participate({ activityId: ACT, userId: u4.uid, sharerUid })
    expect(balance(sharerUid)).toBe(start + 100)
    // a new user without a sharer, or naming another sharer than the one it came with, credits nobody
    await n2.api.valueAdded.participate({ activityId: ACT, userId: u3.uid, sharerUid })
    expect(balance(sharerUid)).toBe(start + 100)
  })
})
