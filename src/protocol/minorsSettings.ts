/**
 * Minors' mode: which settings a parent may store, and their defaults (the age group's
 * total). Used by the gateway (validation) and the settings page; the enforcement rules the box and
 * the phone share are ./minors.ts.
 */
import { DEFAULT_CURFEW_END, DEFAULT_CURFEW_START, hhmmMinutes, MINORS_AGE_GROUPS, type MinorsAgeGroup, type MinorsSettings } from './minors'

/** The default daily total of an age group, minutes. */
export const DEFAULT_LIMIT_MIN: Readonly<Record<MinorsAgeGroup, number>> = Object.freeze({ under8: 40, '8to16': 60, '16to18': 120 })
/** The total a parent may set, minutes (inclusive). */
export const LIMIT_MIN_MIN = 15
export const LIMIT_MAX_MIN = 240

export function defaultMinorsSettings(ageGroup: MinorsAgeGroup = '8to16'): MinorsSettings {
  return {
    enabled: false,
    ageGroup,
    dailyLimitMin: DEFAULT_LIMIT_MIN[ageGroup],
    curfewStart: DEFAULT_CURFEW_START,
    curfewEnd: DEFAULT_CURFEW_END,
    restReminder: true,
  }
}

export type MinorsProblem = 'ageGroup' | 'limit' | 'curfew' | 'shape'

/** What is wrong with settings someone sent (null: they may be stored). Never trusts a field's type. */
export function checkMinorsSettings(x: unknown): MinorsProblem | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'shape'
  const s = x as Record<string, unknown>
  if (typeof s.enabled !== 'boolean' || typeof s.restReminder !== 'boolean') return 'shape'
  if (typeof s.ageGroup !== 'string' || !(MINORS_AGE_GROUPS as readonly string[]).includes(s.ageGroup)) return 'ageGroup'
  const limit = s.dailyLimitMin
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < LIMIT_MIN_MIN || limit > LIMIT_MAX_MIN) return 'limit'
  if (typeof s.curfewStart !== 'string' || typeof s.curfewEnd !== 'string') return 'curfew'
  const start = hhmmMinutes(s.curfewStart)
  const end = hhmmMinutes(s.curfewEnd)
  if (start === null || end === null || start === end) return 'curfew'
  return null
}


/** Whether minute `m` of the day (0..1439) falls in the curfew `start`..`end` (it may cross midnight). */
function inWindow(start: number, end: number, m: number): boolean {
  return start < end ? m >= start && m < end : m >= start || m < end
}

/**
 * Whether `after` is at least as strict as `before` (a change a guardian may make without the TV's
 * password, and that never waits): the mode turned on; or on before and after with a daily total no
 * larger, a curfew that covers every minute of the old one, the rest reminder kept on, the same age
 * group. Turning it off, a larger total, a shorter curfew or the reminder off loosen it.
 */
export function isStricter(before: MinorsSettings, after: MinorsSettings): boolean {
  if (!after.enabled) return false
  if (!before.enabled) return true
  if (after.dailyLimitMin > before.dailyLimitMin || after.ageGroup !== before.ageGroup) return false
  if (before.restReminder && !after.restReminder) return false
  const [bs, be, as, ae] = [before.curfewStart, before.curfewEnd, after.curfewStart, after.curfewEnd].map(hhmmMinutes)
  if (bs === null || be === null || as === null || ae === null) return false
  for (let m = 0; m < 1440; m++) if (inWindow(bs, be, m) && !inWindow(as, ae, m)) return false
  return true
}
