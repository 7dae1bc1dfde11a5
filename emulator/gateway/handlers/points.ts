/**
 * The points ledger, shared by the activity and value-added handlers. Rules:
 *   - the balance is the sum of the user's records, computed from them, never stored apart;
 *   - a spend that would take the balance below zero is refused (2001) and writes nothing;
 *   - sign-in is once per server day (receiveReward kind 'sign', 2002 on the second);
 *   - every change is one record with its reason, source and time, newest first.
 */
import type { PointsAccount } from '../../db/state'
import type { PointsRecord, PointsSummary } from '../../../src/protocol/contract/models'
import { dayKey } from '../../data/live'
import { nextId } from '../../db/state'
import { fail, type HandlerCtx } from '../context'

export function account(ctx: HandlerCtx, uid: string): PointsAccount {
  return (ctx.db.state.points[uid] ??= { records: [], signDays: [] })
}

export function balanceOf(acc: PointsAccount | undefined): number {
  return (acc?.records ?? []).reduce((a, r) => a + r.points, 0)
}

/** Writes one ledger line and resolves the new balance. */
export function addPoints(ctx: HandlerCtx, uid: string, delta: number, reason: string, source: PointsRecord['source']): number {
  const acc = account(ctx, uid)
  const balance = balanceOf(acc)
  if (balance + delta < 0) fail('2001', '积分不足')
  acc.records.unshift({ recordId: nextId(ctx.db.state, 'pr'), points: delta, reason, source, createdAt: ctx.now() })
  ctx.db.touch()
  return balance + delta
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

export const SOURCE_LABELS: Record<PointsRecord['source'], string> = {
  sign: '每日签到',
  task: '任务奖励',
  exchange: '积分兑换',
  invite: '邀请好友',
  opening: '期初积分',
}

function monthKey(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

/** The sums of the whole ledger: balance, income and spending, income by source, both by month. */
export function summarize(acc: PointsAccount): PointsSummary {
  let income = 0
  let spent = 0
  const bySource = new Map<PointsRecord['source'], { points: number; count: number }>()
  const byMonth = new Map<string, { income: number; spent: number }>()
  for (const r of acc.records) {
    const m = byMonth.get(monthKey(r.createdAt)) ?? { income: 0, spent: 0 }
    if (r.points >= 0) {
      income += r.points
      m.income += r.points
      const s = bySource.get(r.source) ?? { points: 0, count: 0 }
      s.points += r.points
      s.count += 1
      bySource.set(r.source, s)
    } else {
      spent -= r.points
      m.spent -= r.points
    }
    byMonth.set(monthKey(r.createdAt), m)
  }
  return {
    balance: income - spent,
    income,
    spent,
    bySource: [...bySource.entries()]
      .map(([source, v]) => ({ source, label: SOURCE_LABELS[source], ...v }))
      .sort((a, b) => b.points - a.points || a.source.localeCompare(b.source)),
    byMonth: [...byMonth.entries()].map(([month, v]) => ({ month, ...v })).sort((a, b) => b.month.localeCompare(a.month)),
  }
}
