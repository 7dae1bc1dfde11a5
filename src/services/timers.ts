/** The timers a service or adapter schedules on (tests pass their own, or jest's fake timers apply). */
export interface TimerPort {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Real timers, looked up at call time (so jest fake timers apply when installed). */
export const defaultTimers: TimerPort = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}
