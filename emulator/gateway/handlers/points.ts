/** Points account helpers shared by the activity and value-added handlers. */
import type { DbState } from '../../db/state'
import { dayKey } from '../../data/live'
import { nextId } from '../../db/state'
import { fail, type HandlerCtx } from '../context'

export function account(ctx: HandlerCtx, uid: string): DbState['points'][string] {
  return (ctx.db.state.points[uid] ??= { total: 0, records: [], signDays: [] })
}

export function addPoints(ctx: HandlerCtx, uid: string, delta: number, reason: string): number {
  const acc = account(ctx, uid)
  if (acc.total + delta < 0) fail('2001', '积分不足')
  acc.total += delta
  acc.records.unshift({ recordId: nextId(ctx.db.state, 'pr'), points: delta, reason, createdAt: ctx.now() })
  ctx.db.touch()
  return acc.total
}

/** Sign-in rewards of the days of a streak week. */
export const SIGN_POINTS = [10, 10, 15, 15, 20, 20, 50] as const

/** Consecutive signed days ending today (or yesterday when not signed today). */
export function streak(ctx: HandlerCtx, uid: string): number {
  const days = new Set(account(ctx, uid).signDays)
  let t = ctx.now()
  if (!days.has(dayKey(t))) t -= 86_400_000
  let n = 0
  while (days.has(dayKey(t))) {
    n++
    t -= 86_400_000
  }
  return n
}
