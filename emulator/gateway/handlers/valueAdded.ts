/** Value-added handlers: products of a line, prizes and points exchange, coupons, participation. */
import { pointsActivityId } from '../../config'
import type { Award, Coupon } from '../../../src/protocol/contract/models'
import type { valueAdded } from '../../../src/protocol/contract/valueAdded'
import { hashString } from '../../data/prng'
import { nextId } from '../../db/state'
import { fail, type DomainHandlers, type HandlerCtx } from '../context'
import { addPoints } from './points'
import { absUrl } from './shared'

const PRODUCTS = [
  { productId: 'vod-vip', name: '影视VIP', price: 25 },
  { productId: 'kids', name: '少儿乐园', price: 15 },
  { productId: 'uhd', name: '4K超清', price: 10 },
] as const
const DAY = 86_400_000
/** What the sharer earns per new user who joins through the share. */
export const INVITE_POINTS = 50

function requireActivity(activityId: string): void {
  if (activityId !== pointsActivityId) fail('1003', '活动不存在或已结束')
}

function prizeOf(ctx: HandlerCtx, prizeId: string) {
  const p = ctx.cat.prizes.find((x) => x.prizeId === prizeId) ?? fail('1003', '奖品不存在')
  return { ...p, stock: ctx.db.state.prizeStock[p.prizeId] ?? 0 }
}

function grantCoupon(ctx: HandlerCtx, uid: string, name: string, amount: number): Coupon {
  const c: Coupon = { couponId: nextId(ctx.db.state, 'cp'), name, amount, expireAt: ctx.now() + 30 * DAY, status: 'unused' }
  ;(ctx.db.state.coupons[uid] ??= []).push(c)
  ctx.db.touch()
  return c
}

export const valueAddedHandlers: DomainHandlers<typeof valueAdded> = {
  inquiry: ({ userId, mac }, ctx) => {
    ctx.user(userId)
    const h = hashString(mac)
    return {
      list: PRODUCTS.map((p, i) => {
        const ordered = ((h >> i) & 1) === 1
        return { ...p, ordered, expireAt: ordered ? ctx.now() + (i + 1) * 30 * DAY : 0 }
      }),
    }
  },
  prize: ({ activityId, userId }, ctx) => {
    ctx.user(userId)
    requireActivity(activityId)
    const list = ctx.cat.prizes.map((p) => {
      const { description: _d, ...rest } = prizeOf(ctx, p.prizeId)
      void _d
      return rest
    })
    return { list, awards: [...(ctx.db.state.awards[userId] ?? [])].reverse().map((a) => ({ ...a, image: absUrl(ctx, a.image) })) }
  },
  award: ({ activityId, userId, prizeId, addressId }, ctx) => {
    ctx.user(userId)
    requireActivity(activityId)
    const prize = prizeOf(ctx, prizeId)
    // One exchange per prize and user. The handler runs to its end without yielding (no await), so
    // the checks and the writes below are one step: two exchanges sent at the same moment are served
    // one after the other, and the second sees the first's deduction and stock.
    if ((ctx.db.state.awards[userId] ?? []).some((a) => a.prizeId === prizeId)) fail('2002', '每种奖品每个账号限兑1次，您已兑换过')
    if (prize.stock <= 0) fail('2003', '奖品已兑完')
    if (prize.kind === 'physical' && !(ctx.db.state.addresses[userId] ?? []).some((a) => a.addressId === addressId)) {
      fail('1001', '实物奖品需要选择收货地址')
    }
    const totalPoints = addPoints(ctx, userId, -prize.points, `积分兑换：${prize.name}`, 'exchange')
    ctx.db.state.prizeStock[prizeId] = prize.stock - 1
    const award: Award = {
      awardId: nextId(ctx.db.state, 'aw'),
      prizeId,
      name: prize.name,
      image: `posters/${prize.prizeId}.svg`,
      points: prize.points,
      createdAt: ctx.now(),
      status: prize.kind === 'physical' ? 'pending' : 'issued',
      ...(prize.kind === 'physical' && addressId ? { addressId } : {}),
    }
    ;(ctx.db.state.awards[userId] ??= []).push(award)
    if (prize.kind === 'coupon') grantCoupon(ctx, userId, prize.name, Number(prize.name.replace(/\D/g, '')) || 5)
    ctx.db.touch()
    return { award: { ...award, image: absUrl(ctx, award.image) }, totalPoints }
  },
  coupon: ({ userId }, ctx) => {
    ctx.user(userId)
    const now = ctx.now()
    return {
      list: (ctx.db.state.coupons[userId] ?? []).map((c) => (c.status === 'unused' && c.expireAt < now ? { ...c, status: 'expired' as const } : { ...c })),
    }
  },
  prizeDetail: ({ activityId, prizeId }, ctx) => {
    requireActivity(activityId)
    const p = prizeOf(ctx, prizeId)
    return { ...p, rules: '每个账号每种奖品限兑1次；兑换成功后积分不退还；实物奖品7个工作日内发货。' }
  },
  /**
   * Joins the activity, once per user. The invitation counts when a NEW user joins: one whose account
   * was created by a login carrying the sharer's uid (mobileLogin sharerUid, kept on the user). The
   * sharer then gets INVITE_POINTS, once per new user (the join is once); an existing user who opens
   * a share, a sharerUid that differs from the one the account was created with, or the user's own
   * uid credit nobody.
   */
  participate: ({ activityId, userId, sharerUid }, ctx) => {
    const user = ctx.user(userId)
    requireActivity(activityId)
    const joined = (ctx.db.state.participations[activityId] ??= [])
    if (joined.includes(userId)) return { participated: true, firstTime: false }
    joined.push(userId)
    ctx.db.touch()
    const coupon = grantCoupon(ctx, userId, '新人影视券', 5)
    const inviter = user.sharerUid
    if (inviter && inviter !== userId && (!sharerUid || sharerUid === inviter) && ctx.db.state.users[inviter]) {
      addPoints(ctx, inviter, INVITE_POINTS, '邀请好友参与活动', 'invite')
    }
    return { participated: true, firstTime: true, coupon }
  },
}
