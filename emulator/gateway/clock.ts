/**
 * The emulator's clock: the real time plus an offset tests switch on, so "tomorrow" (a new sign-in
 * day, daily tasks starting over, expiring tokens) can be reached without waiting.
 *   in code: `gateway.clock.advanceDays(1)`, `gateway.clock.set(offsetMs)`, `gateway.clock.reset()`
 *   over HTTP: GET /__emulator/clock, POST /__emulator/clock {"advanceDays": n} or {"offsetMs": n},
 *              DELETE /__emulator/clock (back to the real time)
 * The offset lives in memory only: a restart is back on the real time, the state file keeps what was
 * written under the moved clock. It only moves forward from the state's point of view when tests
 * move it forward; a negative offset is refused.
 */
export interface EmulatorClock {
  now(): number
  readonly offsetMs: number
  set(offsetMs: number): void
  advanceDays(days: number): void
  reset(): void
  /** Called after every move (set, advanceDays, reset): boxes playing a program write at once. */
  onMove(listener: () => void): () => void
}

const DAY = 86_400_000
const MAX_OFFSET = 3650 * DAY

export function createClock(base: () => number): EmulatorClock {
  let offset = 0
  const listeners = new Set<() => void>()
  const moved = () => {
    for (const l of [...listeners]) {
      try {
        l()
      } catch {
        // a listener that fails never stops the clock from moving
      }
    }
  }
  const check = (ms: number) => {
    if (!Number.isFinite(ms) || ms < 0 || ms > MAX_OFFSET) throw new RangeError(`clock offset must be 0..${MAX_OFFSET} ms, not ${ms}`)
    return Math.floor(ms)
  }
  return {
    now: () => base() + offset,
    get offsetMs() {
      return offset
    },
    set(ms) {
      offset = check(ms)
      moved()
    },
    advanceDays(days) {
      offset = check(offset + days * DAY)
      moved()
    },
    reset() {
      offset = 0
      moved()
    },
    onMove(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
