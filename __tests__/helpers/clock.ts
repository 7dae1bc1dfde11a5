/**
 * Clocks for tests that depend on the calendar. A test that names a day (今天 / 昨天, a sign-in streak, a
 * schedule day, a ledger date) either pins the instant it runs at, or builds its days on the gateway's
 * UTC+8 calendar (src/protocol/time.ts) from the instant it reads. Never on the host's midnight: from
 * 16:00 to 24:00 UTC the host's day and Beijing's day differ. `npm run test:clock` runs the suites at the
 * hard instants (docs/developer.md "Tests at any hour").
 */
import { serverDayStart } from '../../src/protocol/time'

const HOUR = 3_600_000

/**
 * 00:30 in Beijing on 2026-11-25, which is still 2026-11-24 16:30 in UTC (and 08:30 in Los Angeles):
 * the host's calendar and the gateway's disagree about what "today" is. A test pinned here fails if the
 * code under test counts days on the host's calendar.
 */
export const BEIJING_JUST_AFTER_MIDNIGHT = serverDayStart('20261125') + HOUR / 2

/** Epoch ms of `hh:mm` on the Beijing day `key` ('YYYYMMDD'). */
export const beijingAt = (key: string, hh: number, mm = 0): number => serverDayStart(key) + hh * HOUR + mm * 60_000

/**
 * Pins `Date` (Date.now and new Date()) at `ms` and leaves every timer real: the page's async work,
 * `until()` loops and network calls run as usual, only the calendar is fixed. Undo with
 * `jest.useRealTimers()`.
 */
export function pinDate(ms: number): void {
  jest.useFakeTimers({
    now: ms,
    doNotFake: [
      'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
      'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval',
      'setTimeout', 'clearTimeout',
    ],
  })
}
