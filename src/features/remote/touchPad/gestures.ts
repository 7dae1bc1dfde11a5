/**
 * The remote's touch pad: a finger's path turned into SPEC 4 key events, the same ones the
 * arrow buttons send. A swipe is one step in its direction; a longer swipe is more steps, in order, at
 * most MAX_STEPS; a tap is OK; a long press (held still for LONG_PRESS_MS) is 返回.
 */
import type { RemoteKey } from '../../../protocol/tv/commands'

/** A finger that moved less than this (px) stayed still: a tap or a long press. */
export const TAP_SLOP_PX = 12
/** A swipe is at least this long (px) along its main direction. */
export const SWIPE_MIN_PX = 30
/** Each further STEP_PX (px) of a swipe is one more step. */
export const STEP_PX = 60
/** A swipe sends at most this many steps. */
export const MAX_STEPS = 5
/** Held still this long, a touch is a long press (返回). */
export const LONG_PRESS_MS = 500

export type Direction = 'up' | 'down' | 'left' | 'right'

export type PadGesture =
  | { kind: 'tap' }
  | { kind: 'longPress' }
  | { kind: 'swipe'; direction: Direction; steps: number }
  /** Moved a little but not enough for a swipe, or held and then moved: nothing is sent. */
  | { kind: 'none' }

/** What a touch from its start to its end was: moved (dx, dy) px in `durationMs`. */
export function classify(dx: number, dy: number, durationMs: number): PadGesture {
  if (![dx, dy, durationMs].every(Number.isFinite)) return { kind: 'none' }
  const ax = Math.abs(dx)
  const ay = Math.abs(dy)
  const along = Math.max(ax, ay)
  if (along < TAP_SLOP_PX) return durationMs >= LONG_PRESS_MS ? { kind: 'longPress' } : { kind: 'tap' }
  if (along < SWIPE_MIN_PX) return { kind: 'none' }
  const direction: Direction = ax >= ay ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up'
  const steps = Math.min(MAX_STEPS, 1 + Math.floor((along - SWIPE_MIN_PX) / STEP_PX))
  return { kind: 'swipe', direction, steps }
}

/** The keys a gesture sends, in order (none for 'none'). */
export function keysOf(g: PadGesture): RemoteKey[] {
  switch (g.kind) {
    case 'tap':
      return ['ok']
    case 'longPress':
      return ['back']
    case 'swipe':
      return Array.from({ length: g.steps }, () => g.direction)
    default:
      return []
  }
}

interface PadTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realTimers: PadTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

/**
 * One finger on the pad: start, moves, end. A long press fires while the finger is still down (after
 * LONG_PRESS_MS without moving past the slop), and its end then sends nothing more. `onGesture` gets
 * each gesture that sends keys, once.
 */
export class PadTracker {
  private start: { x: number; y: number; t: number } | null = null
  private timer: unknown = null
  private held = false

  constructor(
    private readonly onGesture: (g: PadGesture, keys: RemoteKey[]) => void,
    private readonly now: () => number = () => Date.now(),
    private readonly timers: PadTimers = realTimers,
  ) {}

  down(x: number, y: number): void {
    this.cancel()
    this.start = { x, y, t: this.now() }
    this.timer = this.timers.setTimeout(() => {
      this.timer = null
      this.held = true
      this.emit({ kind: 'longPress' })
    }, LONG_PRESS_MS)
  }

  move(x: number, y: number): void {
    const s = this.start
    if (!s || this.timer === null) return
    if (Math.max(Math.abs(x - s.x), Math.abs(y - s.y)) >= TAP_SLOP_PX) {
      this.timers.clearTimeout(this.timer)
      this.timer = null
    }
  }

  up(x: number, y: number): void {
    const s = this.start
    const held = this.held
    this.cancel()
    if (!s || held) return
    this.emit(classify(x - s.x, y - s.y, this.now() - s.t))
  }

  /** The touch was taken away (the system, a scroll): nothing is sent. */
  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
    this.start = null
    this.held = false
  }

  private emit(g: PadGesture): void {
    const keys = keysOf(g)
    if (keys.length > 0) this.onGesture(g, keys)
  }
}
