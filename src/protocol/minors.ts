/**
 * Minors' mode (a local-stack extension): how long and when a child watches the family TV.
 * The rules here are shared by the gateway (which keeps the settings and the day's counted total per
 * TV), the local stack's box (which counts playback and enforces) and the phone (which refuses its own
 * commands out of limits, whether or not the box enforces). Everything is on the gateway's clock face,
 * UTC+8 (./time.ts): a server day starts at 00:00 Beijing time whatever the host's or phone's time zone.
 *
 * Defaults follow the CAC guidelines for minors' mode (《移动互联网未成年人模式建设指南》): a daily total
 * by age group (40 min under 8, 1 hour from 8 to under 16, 2 hours from 16 to under 18), no service
 * from 22:00 to 06:00, a rest reminder after 30 minutes of continuous use. Which settings are accepted,
 * and their defaults, are ./minorsSettings.ts (the gateway and the settings page: not the main package).
 */
import { DAY_MS, SERVER_UTC_OFFSET_MS, serverDayAdd, serverDayStart } from './time'

export const MINORS_AGE_GROUPS = ['under8', '8to16', '16to18'] as const
export type MinorsAgeGroup = (typeof MINORS_AGE_GROUPS)[number]

/** The default curfew, HH:MM in UTC+8: no playback from start (inclusive) to end (exclusive). */
export const DEFAULT_CURFEW_START = '22:00'
export const DEFAULT_CURFEW_END = '06:00'
/** A rest reminder after this much continuous playback (and again after each further stretch). */
export const REST_AFTER_SEC = 30 * 60
/** What one grant adds to the day's total; one grant per TV per server day. */
export const GRANT_SEC = 15 * 60
/** The report covers this many server days (today and the days before). */
export const REPORT_DAYS = 7

/** Why playback is stopped, or a play refused: the day's total is used up, or the curfew is on. */
export const MINORS_REASONS = ['total', 'curfew'] as const
export type MinorsReason = (typeof MINORS_REASONS)[number]

export interface MinorsSettings {
  enabled: boolean
  ageGroup: MinorsAgeGroup
  /** The daily total, whole minutes, LIMIT_MIN_MIN..LIMIT_MAX_MIN. */
  dailyLimitMin: number
  /** 'HH:MM', UTC+8. */
  curfewStart: string
  /** 'HH:MM', UTC+8; differs from curfewStart (a curfew past midnight wraps: 22:00-06:00). */
  curfewEnd: string
  restReminder: boolean
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of an 'HH:MM', or null when it is not one (00:00..23:59). */
export function hhmmMinutes(hhmm: string): number | null {
  const m = HHMM.exec(hhmm)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** Milliseconds since 00:00 UTC+8 of the server day that contains `ms`. */
function msOfServerDay(ms: number): number {
  return (((ms + SERVER_UTC_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS
}

function curfewMs(settings: Pick<MinorsSettings, 'curfewStart' | 'curfewEnd'>): { start: number; end: number } {
  const start = hhmmMinutes(settings.curfewStart) ?? hhmmMinutes(DEFAULT_CURFEW_START) ?? 0
  const end = hhmmMinutes(settings.curfewEnd) ?? hhmmMinutes(DEFAULT_CURFEW_END) ?? 0
  return { start: start * 60_000, end: end * 60_000 }
}

/** Whether `ms` falls in the curfew (start inclusive, end exclusive; wraps past midnight). */
export function inCurfew(settings: Pick<MinorsSettings, 'curfewStart' | 'curfewEnd'>, ms: number): boolean {
  const { start, end } = curfewMs(settings)
  const t = msOfServerDay(ms)
  return start < end ? t >= start && t < end : t >= start || t < end
}

/** Milliseconds from `ms` to the next start of the curfew (0 while it is on). */
export function msUntilCurfew(settings: Pick<MinorsSettings, 'curfewStart' | 'curfewEnd'>, ms: number): number {
  if (inCurfew(settings, ms)) return 0
  const { start } = curfewMs(settings)
  const t = msOfServerDay(ms)
  return t < start ? start - t : DAY_MS - t + start
}

/** Milliseconds from `ms` to the end of the curfew (0 when it is off). */
export function msUntilCurfewEnds(settings: Pick<MinorsSettings, 'curfewStart' | 'curfewEnd'>, ms: number): number {
  if (!inCurfew(settings, ms)) return 0
  const { end } = curfewMs(settings)
  const t = msOfServerDay(ms)
  return t < end ? end - t : DAY_MS - t + end
}

/** Milliseconds from `ms` to 00:00 UTC+8 of the next server day. */
export function msUntilNextServerDay(ms: number): number {
  return serverDayStart(serverDayAdd(ms, 1)) - ms
}

/** The day's total in seconds: the setting plus the day's grant. */
export function limitSecOf(settings: Pick<MinorsSettings, 'dailyLimitMin'>, grantSec: number): number {
  return settings.dailyLimitMin * 60 + Math.max(0, grantSec)
}

/**
 * Why a play is refused (or playback stopped) at `ms`, or null when it may go on. The curfew is named
 * first: while it is on, it is what ends first only at its end, whatever the total.
 */
export function minorsReason(settings: MinorsSettings, usedSec: number, limitSec: number, ms: number): MinorsReason | null {
  if (!settings.enabled) return null
  if (inCurfew(settings, ms)) return 'curfew'
  if (usedSec >= limitSec) return 'total'
  return null
}
