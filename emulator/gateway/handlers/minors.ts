/**
 * Minors' mode entries (src/protocol/contract/minors.ts). Any member of the TV's family reads
 * the settings; a change (turning the mode off included) and the grant take the TV's lock password
 * with the lock rules (locks.ts checkPassword: one counter and one wait for locks and minors' mode).
 * Locks and minors' mode are separate settings: turning child lock off leaves the mode as it was.
 * Every change is told to the TV's box at once (events -> set-top box), which applies it.
 */
import type { MinorsInfo, MinorsDay, MinorsWatched } from '../../../src/protocol/contract/minors'
import { GRANT_SEC, limitSecOf, minorsReason, REPORT_DAYS, type MinorsSettings } from '../../../src/protocol/minors'
import { checkMinorsSettings, defaultMinorsSettings, isStricter, type MinorsProblem } from '../../../src/protocol/minorsSettings'
import { serverDayAdd, serverDayKey } from '../../../src/protocol/time'
import { joinedAtOf, type FamilyRec } from '../../db/state'
import { fail, type HandlerCtx } from '../context'
import { dayOf, ensureDay, ensureMinorsRec, minorsRecOf } from '../minors'
import { checkPassword, lockInfo, lockRec, setFirstPassword } from './locks'
import { familyOfMac } from './shared'

const PROBLEMS: Record<MinorsProblem, string> = {
  shape: '未成年人模式设置不完整',
  ageGroup: '请选择年龄段',
  limit: '每日时长应为15分钟到4小时之间的整分钟数',
  curfew: '禁用时段应为两个不同的时间（HH:MM）',
}

export function minorsInfo(ctx: HandlerCtx, fam: FamilyRec, uid: string): MinorsInfo {
  const now = ctx.now()
  const rec = minorsRecOf(ctx.db.state, fam.mac)
  // the defaults, without writing a record for a TV nobody set up
  const settings: MinorsSettings = rec ? { ...rec.settings } : defaultMinorsSettings()
  const day = serverDayKey(now)
  const d = dayOf(rec, day)
  const limitSec = limitSecOf(settings, d.grantSec)
  const locks = lockInfo(ctx, fam, uid)
  return {
    mac: fam.mac,
    settings,
    updatedAt: rec?.updatedAt ?? 0,
    today: { day, usedSec: d.usedSec, limitSec, granted: d.grantSec > 0, reason: minorsReason(settings, d.usedSec, limitSec, now) ?? '' },
    serverTime: now,
    hasPassword: locks.hasPassword ?? false,
    triesLeft: locks.triesLeft ?? 0,
    retryAfterSec: locks.retryAfterSec ?? 0,
  }
}

export function queryMinorsMode(ctx: HandlerCtx, req: { uid: string; mac: string }): MinorsInfo {
  ctx.user(req.uid)
  return minorsInfo(ctx, familyOfMac(ctx, req.uid, req.mac), req.uid)
}

export function setMinorsMode(ctx: HandlerCtx, req: { uid: string; mac: string; settings: MinorsSettings; password?: string }): MinorsInfo {
  ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  const problem = checkMinorsSettings(req.settings)
  if (problem) fail('1001', PROBLEMS[problem])
  const password = req.password ?? ''
  const l = lockRec(ctx, fam.mac)
  const before = minorsRecOf(ctx.db.state, fam.mac)?.settings ?? defaultMinorsSettings()
  // a TV without a password yet: the first change that turns the mode on sets it (the owner only).
  // A stricter change takes no password and never waits, so the parent can always tighten it; the
  // password it may carry is not even checked (it would answer a guesser right or wrong without a wait).
  if (!l.passwordHash && req.settings.enabled) setFirstPassword(l, password, fam, req.uid)
  else if (!isStricter(before, req.settings)) checkPassword(ctx, fam, password)
  const { enabled, ageGroup, dailyLimitMin, curfewStart, curfewEnd, restReminder } = req.settings
  const rec = ensureMinorsRec(ctx.db.state, fam.mac)
  rec.settings = { enabled, ageGroup, dailyLimitMin, curfewStart, curfewEnd, restReminder }
  rec.updatedAt = ctx.now()
  if (enabled) {
    const d = ensureDay(rec, serverDayKey(ctx.now()))
    d.limitSec = limitSecOf(rec.settings, d.grantSec)
  }
  ctx.db.touch()
  ctx.events.emitMinorsChanged(fam.mac)
  return minorsInfo(ctx, fam, req.uid)
}

export function grantMinutes(ctx: HandlerCtx, req: { uid: string; mac: string; password: string }): MinorsInfo {
  ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  const rec = minorsRecOf(ctx.db.state, fam.mac)
  if (!rec || !rec.settings.enabled) fail('1003', '未成年人模式未开启')
  const day = serverDayKey(ctx.now())
  if (dayOf(rec, day).grantSec > 0) fail('2002', '今天已经延长过一次了')
  checkPassword(ctx, fam, req.password)
  const d = ensureDay(rec, day)
  d.grantSec = GRANT_SEC
  d.limitSec = limitSecOf(rec.settings, d.grantSec)
  ctx.db.touch()
  ctx.events.emitMinorsChanged(fam.mac)
  return minorsInfo(ctx, fam, req.uid)
}

/**
 * The last REPORT_DAYS server days, oldest first: what the box counted (minutes, totals, viewings)
 * and this TV's watch records of each day (one per program, a program the box counted that day not
 * repeated). Only what the family shares with the reader: their own records; the others' only from
 * members who do not hide their presence (不让家人看到我在用) and only since the reader joined; the
 * box's viewings only since the reader joined (the minutes counted stay: the mode runs on them).
 */
export function minorsReport(ctx: HandlerCtx, req: { uid: string; mac: string }): { serverTime: number; days: MinorsDay[] } {
  ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  const now = ctx.now()
  const rec = minorsRecOf(ctx.db.state, fam.mac)
  const since = joinedAtOf(fam, req.uid, now)
  const hidden = ctx.db.state.presenceHidden[fam.familyId] ?? []
  const shared = (uid: string) => uid === req.uid || !hidden.includes(uid)
  const records = fam.members
    .filter(shared)
    .flatMap((uid) => (ctx.db.state.history[uid] ?? []).filter((h) => h.mac === fam.mac && (uid === req.uid || h.watchedAt >= since)))
  const days: MinorsDay[] = []
  for (let i = REPORT_DAYS - 1; i >= 0; i--) {
    const day = serverDayAdd(now, -i)
    const d = dayOf(rec, day)
    const counted: MinorsWatched[] = d.watched.filter((w) => w.startedAt >= since).map((w) => ({ ...w, source: 'box' as const }))
    const seen = new Set(counted.map((w) => w.programId).filter(Boolean))
    const fromRecords: MinorsWatched[] = []
    for (const h of records) {
      if (serverDayKey(h.watchedAt) !== day || seen.has(h.programId)) continue
      seen.add(h.programId)
      const p = ctx.cat.programById.get(h.programId)
      fromRecords.push({ kind: 'vod', title: p?.title ?? h.programId, programId: h.programId, startedAt: h.watchedAt, sec: 0, source: 'record' })
    }
    const watched = [...counted, ...fromRecords].sort((a, b) => a.startedAt - b.startedAt)
    // today's total as it stands now (a change of the settings moves it); other days as they were
    const limitSec = i === 0 && rec?.settings.enabled ? limitSecOf(rec.settings, d.grantSec) : d.limitSec
    days.push({ day, usedSec: d.usedSec, limitSec, granted: d.grantSec > 0, watched })
  }
  return { serverTime: now, days }
}
