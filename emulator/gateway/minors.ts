/**
 * The gateway's book of minors' mode: per TV the settings and, per server day (UTC+8), what
 * its box counted. The handlers (handlers/minors.ts) read and change the settings; the box writes its
 * counts through the directory (directory.ts `addMinorsUsage`) and reads the day's total back after a
 * restart (`minorsOf`), so a box restart loses nothing.
 */
import { limitSecOf } from '../../src/protocol/minors'
import { defaultMinorsSettings } from '../../src/protocol/minorsSettings'
import { serverDayKey } from '../../src/protocol/time'
import type { MinorsUsage, MinorsView } from '../directory'
import { MINORS_DAYS_KEPT, MINORS_WATCHED_KEPT, type DbState, type MinorsDayRec, type MinorsRec } from '../db/state'

/** Two counted stretches of the same thing this close are one viewing in the report. */
const MERGE_GAP_MS = 5_000
const MAX_TITLE = 64

const own = <V>(m: Record<string, V>, k: string): V | undefined => (Object.prototype.hasOwnProperty.call(m, k) ? m[k] : undefined)

export function minorsRecOf(state: DbState, mac: string): MinorsRec | undefined {
  return own(state.minors, mac)
}

/** The TV's record, created with the default (off) settings when it has none. */
export function ensureMinorsRec(state: DbState, mac: string): MinorsRec {
  const found = own(state.minors, mac)
  if (found) return found
  const created: MinorsRec = { settings: defaultMinorsSettings(), updatedAt: 0, days: {} }
  state.minors[mac] = created
  return created
}

export function emptyDay(): MinorsDayRec {
  return { usedSec: 0, grantSec: 0, limitSec: 0, watched: [] }
}

export function dayOf(rec: MinorsRec | undefined, day: string): MinorsDayRec {
  return (rec && own(rec.days, day)) ?? emptyDay()
}

/** The day's record, created; days older than the last MINORS_DAYS_KEPT go. */
export function ensureDay(rec: MinorsRec, day: string): MinorsDayRec {
  const found = own(rec.days, day)
  if (found) return found
  const created = emptyDay()
  rec.days[day] = created
  const keys = Object.keys(rec.days).sort()
  for (const k of keys.slice(0, Math.max(0, keys.length - MINORS_DAYS_KEPT))) delete rec.days[k]
  return created
}

export function minorsView(state: DbState, mac: string, day: string): MinorsView | undefined {
  const rec = minorsRecOf(state, mac)
  if (!rec) return undefined
  const d = dayOf(rec, day)
  return { settings: { ...rec.settings }, usedSec: d.usedSec, grantSec: d.grantSec }
}

/**
 * A box's count lands here. Only a TV whose mode is on counts; `sec` is whole seconds, at most what
 * is left of that day; a day outside the kept window, or a future day, is refused. Returns whether
 * anything was written.
 */
export function addMinorsUsage(state: DbState, mac: string, u: MinorsUsage, now: number): boolean {
  const rec = minorsRecOf(state, mac)
  if (!rec || !rec.settings.enabled) return false
  if (!/^\d{8}$/.test(u.day) || u.day > serverDayKey(now)) return false
  const sec = Math.floor(u.sec)
  if (!Number.isFinite(sec) || sec <= 0) return false
  const d = ensureDay(rec, u.day)
  if (!own(rec.days, u.day)) return false
  const add = Math.min(sec, 86_400 - d.usedSec)
  if (add <= 0) return false
  d.usedSec += add
  d.limitSec = limitSecOf(rec.settings, d.grantSec)
  const title = String(u.title ?? '').slice(0, MAX_TITLE)
  const last = d.watched.at(-1)
  if (last && last.kind === u.kind && last.title === title && last.programId === u.programId && Math.abs(last.startedAt + last.sec * 1000 - u.startedAt) <= MERGE_GAP_MS) {
    last.sec += add
  } else {
    d.watched.push({ kind: u.kind, title, ...(u.programId ? { programId: u.programId } : {}), startedAt: u.startedAt, sec: add })
    if (d.watched.length > MINORS_WATCHED_KEPT) d.watched.splice(0, d.watched.length - MINORS_WATCHED_KEPT)
  }
  return true
}
