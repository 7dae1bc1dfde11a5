import { tvTimers } from '../../config'
import type { Clock } from './types'

/**
 * SPEC 4's liveness: a sync every 30 s while the link is ready, and no reply within 800 ms of a send
 * -> the TV is offline. One timer, for the oldest request awaiting its reply; when it fires, every
 * pending request is forgotten and `onSilence` decides what follows (the link calls the TV offline,
 * or takes a recovery step first).
 */
export class Liveness {
  private cadenceTimer: unknown = null
  private offlineTimer: unknown = null
  /** Requests awaiting their reply: sequenceId -> sent at (ms). */
  private readonly pending = new Map<string, number>()

  constructor(
    private readonly clock: Clock,
    private readonly onSilence: () => void,
  ) {}

  /** How many requests await their reply. */
  get waiting(): number {
    return this.pending.size
  }

  awaits(id: string): boolean {
    return this.pending.has(id)
  }

  /** SPEC 4: sync every 30 s (the callback's send is refused while the link is not ready). */
  startCadence(sync: () => void): void {
    this.stopCadence()
    this.cadenceTimer = this.clock.setInterval(sync, tvTimers.syncIntervalMs)
  }

  stopCadence(): void {
    this.clock.clearInterval(this.cadenceTimer)
    this.cadenceTimer = null
  }

  /** A request went out: its reply is due within 800 ms. */
  awaitReply(id: string): void {
    this.pending.set(id, this.clock.now())
    if (this.offlineTimer === null) this.arm(tvTimers.offlineAfterMs)
  }

  /** A reply came: true when its request was awaited (the timer moves on to the next oldest). */
  answered(id: string): boolean {
    if (!this.pending.delete(id)) return false
    this.clearOfflineTimer()
    const oldest = this.pending.values().next()
    if (!oldest.done) this.arm(Math.max(0, oldest.value + tvTimers.offlineAfterMs - this.clock.now()))
    return true
  }

  /** Forget every awaited reply (and its timer). */
  clearPending(): void {
    this.pending.clear()
    this.clearOfflineTimer()
  }

  /** The cadence and every awaited reply. */
  stop(): void {
    this.stopCadence()
    this.clearPending()
  }

  private arm(ms: number): void {
    this.offlineTimer = this.clock.setTimeout(() => {
      this.offlineTimer = null
      this.pending.clear()
      this.onSilence()
    }, ms)
  }

  private clearOfflineTimer(): void {
    this.clock.clearTimeout(this.offlineTimer)
    this.offlineTimer = null
  }
}
