/** Value-added service entries (appId header): orders, prizes, coupons, activity participation. */
import { endpoint } from './endpoint'
import { award, coupon, prize } from './models'
import { opt, s } from './schema'

const domain = 'valueAdded' as const
const service = 'valueAdded' as const

export const valueAdded = {
  inquiry: endpoint({
    domain,
    service,
    path: 'v3/cloudpay/inquiry',
    request: s.obj({ userId: s.str(), mac: s.str() }),
    response: s.obj({
      list: s.arr(
        s.obj({ productId: s.str(), name: s.str(), price: s.num('yuan'), ordered: s.bool(), expireAt: s.num('0 if not ordered') }),
      ),
    }),
    origin: 'defined',
    doc: 'Value-added products of a TV line and whether they are ordered.',
  }),
  prize: endpoint({
    domain,
    service,
    path: 'v2/activity/prize',
    request: s.obj({ activityId: s.str(), userId: s.str() }),
    response: s.obj({ list: s.arr(prize), awards: s.arr(award, "the user's prizes") }),
    errors: ['1003'],
    origin: 'defined',
    doc: "Prizes of an activity and the user's own awards (points-exchange, points-my-prize).",
  }),
  award: endpoint({
    domain,
    service,
    path: 'v2/activity/prize/award',
    request: s.obj({ activityId: s.str(), userId: s.str(), prizeId: s.str(), addressId: opt(s.str('physical prizes')) }),
    response: s.obj({ award, totalPoints: s.num() }),
    errors: ['1003', '2001', '2002', '2003'],
    origin: 'defined',
    doc: 'Exchanges points for a prize (physical prizes need an addressId): 2001 not enough points, 2002 already exchanged (one per prize and user), 2003 out of stock; points and stock change together or not at all.',
  }),
  coupon: endpoint({
    domain,
    service,
    path: 'v3/cloudpay/coupon',
    request: s.obj({ userId: s.str() }),
    response: s.obj({ list: s.arr(coupon) }),
    origin: 'defined',
    doc: "The user's coupons.",
  }),
  prizeDetail: endpoint({
    domain,
    service,
    path: 'v2/activity/prize/detail',
    request: s.obj({ activityId: s.str(), prizeId: s.str() }),
    response: s.obj({ ...prize.fields, description: s.str(), rules: s.str() }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'One prize (points-exchange-detail page).',
  }),
  participate: endpoint({
    domain,
    service,
    path: 'activity/participate',
    request: s.obj({ activityId: s.str(), userId: s.str(), sharerUid: opt(s.str()) }),
    response: s.obj({ participated: s.bool(), firstTime: s.bool(), coupon: opt(coupon) }),
    errors: ['1003'],
    origin: 'defined',
    doc: "Joins an activity; the first time grants a coupon, and when the user is new through a share (logged in first with that sharerUid) the sharer's points rise once.",
  }),
}
