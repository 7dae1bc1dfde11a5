import { timeouts } from '../config'
import { realClock, type Clock } from '../services/tv/types'

export type PageLoadPhase = 'idle' | 'waiting' | 'showing' | 'timedOut'

/**
 * SPEC 9 asynchronous page loading on H5: a page whose chunk is still loading shows its loading
 * state only after 200 ms (a fast page never flashes it) and a timeout state with a retry after 60 s.
 * The 120 s chunk-load rule (webpack's chunkLoadTimeout, app.ts) is separate and unchanged.
 *
 * Driven by the router: `start` when a route change begins, `done` when its page resolved (or failed,
 * which the chunk-load rule reports). The view renders the phase.
 */
export class PageLoadWatch {
  phase: PageLoadPhase = 'idle'
  private delayTimer: unknown = null
  private timeoutTimer: unknown = null

  constructor(
    private readonly view: (phase: PageLoadPhase) => void,
    private readonly clock: Clock = realClock,
  ) {}

  start(): void {
    this.clear()
    this.set('waiting')
    this.delayTimer = this.clock.setTimeout(() => {
      this.delayTimer = null
      this.set('showing')
    }, timeouts.asyncPageDelayMs)
    this.timeoutTimer = this.clock.setTimeout(() => {
      this.timeoutTimer = null
      this.set('timedOut')
    }, timeouts.asyncPageTimeoutMs)
  }

  done(): void {
    this.clear()
    this.set('idle')
  }

  private clear(): void {
    if (this.delayTimer !== null) this.clock.clearTimeout(this.delayTimer)
    if (this.timeoutTimer !== null) this.clock.clearTimeout(this.timeoutTimer)
    this.delayTimer = null
    this.timeoutTimer = null
  }

  private set(phase: PageLoadPhase): void {
    if (phase === this.phase) return
    this.phase = phase
    this.view(phase)
  }
}
