/**
 * The gateway's clock face: days and on-air times count in UTC+8 (Asia/Shanghai, no daylight saving),
 * whatever the time zone of the host or the phone. The gateway uses it for its server day (sign-in,
 * daily tasks, live schedules); the app uses it to show every live time and to name days. Nothing
 * here reads the host's time zone: every function works on epoch milliseconds plus the fixed offset.
 */

/** UTC+8 in milliseconds. */
export const SERVER_UTC_OFFSET_MS = 8 * 3600_000
export const DAY_MS = 86_400_000

/** The wall clock of `ms` in UTC+8, as UTC fields of a shifted Date (never read its local fields). */
function face(ms: number): Date {
  return new Date(ms + SERVER_UTC_OFFSET_MS)
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** 'YYYYMMDD' of the server day that contains `ms`. */
export function serverDayKey(ms: number): string {
  const d = face(ms)
  return `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`
}

/** Whether `key` is a real 'YYYYMMDD' calendar day. */
export function isDayKey(key: string): boolean {
  if (!/^\d{8}$/.test(key)) return false
  const start = serverDayStart(key)
  return serverDayKey(start) === key
}

/** Epoch ms of 00:00 UTC+8 of the server day `key` ('YYYYMMDD'); NaN-free for any 8-digit key. */
export function serverDayStart(key: string): number {
  const y = Number(key.slice(0, 4))
  const m = Number(key.slice(4, 6))
  const d = Number(key.slice(6, 8))
  return Date.UTC(y, m - 1, d) - SERVER_UTC_OFFSET_MS
}

/** The server day `offset` days from the day of `ms` (offset may be negative). */
export function serverDayAdd(ms: number, offset: number): string {
  return serverDayKey(serverDayStart(serverDayKey(ms)) + offset * DAY_MS + DAY_MS / 2)
}

/** Whole days from the server day of `ms` to the day `key` (0 today, 1 tomorrow, -1 yesterday). */
export function serverDayOffset(ms: number, key: string): number {
  return Math.round((serverDayStart(key) - serverDayStart(serverDayKey(ms))) / DAY_MS)
}

/** 'HH:MM' in UTC+8. */
export function serverHhmm(ms: number): string {
  const d = face(ms)
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC+8 (the gateway's clock face). */
export function serverDateTime(ms: number): string {
  const d = face(ms)
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
}

/** Month and day of a day key, and its weekday (0 Sunday .. 6 Saturday). */
export function dayParts(key: string): { month: number; day: number; weekday: number } {
  const d = face(serverDayStart(key))
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() }
}
