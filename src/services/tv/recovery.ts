import { broker, tvTimers } from '../../config'
import type { Clock, RecoveryPolicy } from './types'

export type { RecoveryPolicy } from './types'

/**
 * The policy the app runs with (measured against a dropped broker of many phones):
 * - grace: the first sync gets one more try within 2 s of the link getting ready;
 * - re-sync backoff: 1, 2, 4, 8 and 16 s, then the 30 s cadence; the TV answering starts it over;
 * - reconnect jitter: SPEC 9's 1 s plus a random 0..min(30 s, 1 s x 2^k) for the k-th retry (a flat
 *   1 s brings every phone of a dropped broker back in the same second, and none gets through);
 * - fault backoff: SPEC 4's 800 ms debounce, doubled per consecutive fault up to 30 s.
 */
export const brokerAtScaleRecovery: RecoveryPolicy = Object.freeze({
  firstSyncGraceMs: tvTimers.firstSyncGraceMs,
  resyncBackoffMs: tvTimers.resyncBackoffMs,
  reconnectPeriod(retry: number, random: () => number): number {
    const window = Math.min(broker.reconnectJitterMaxMs, broker.reconnectPeriodMs * 2 ** Math.min(retry, 20))
    return broker.reconnectPeriodMs + Math.floor(random() * window)
  },
  faultRetryDelay(faults: number): number {
    return Math.min(tvTimers.reconnectDebounceMs * 2 ** faults, tvTimers.faultRetryMaxMs)
  },
})

/** SPEC 4 and SPEC 9 to the letter: no grace, no re-sync steps, a flat 1 s reconnect, a flat 800 ms retry. */
export const specOnlyRecovery: RecoveryPolicy = Object.freeze({
  firstSyncGraceMs: 0,
  resyncBackoffMs: Object.freeze([]) as readonly number[],
  reconnectPeriod: () => broker.reconnectPeriodMs,
  faultRetryDelay: () => tvTimers.reconnectDebounceMs,
})

/**
 * The policy's grace and re-sync steps as the link lives them: which step is next, its timer, and
 * whether the first sync since the link got ready may still be sent again.
 */
export class ResyncSteps {
  private firstRetry = false
  private step = 0
  private timer: unknown = null

  constructor(
    private readonly policy: RecoveryPolicy,
    private readonly clock: Clock,
  ) {}

  /** The link got ready: the first sync may be sent again once; the steps start at the first. */
  linkReady(): void {
    this.firstRetry = true
    this.step = 0
  }

  /** The TV answered (or announced itself): the steps start over at the next silence. */
  tvAnswered(): void {
    this.cancel()
    this.step = 0
    this.firstRetry = false
  }

  /**
   * The first sync since the link got ready went unanswered `sinceReadyMs` after it: true (once) when
   * it is within the grace and should be sent again before the TV is called offline.
   */
  takeFirstRetry(sinceReadyMs: number): boolean {
    if (!this.firstRetry || sinceReadyMs > this.policy.firstSyncGraceMs) return false
    this.firstRetry = false
    return true
  }

  /**
   * The TV went silent: run `again` on the next step. A step already waiting (a cadence sync or a
   * refresh went unanswered in between) keeps its time; after the last step, nothing.
   */
  next(again: () => void): void {
    if (this.timer !== null || this.step >= this.policy.resyncBackoffMs.length) return
    const delay = this.policy.resyncBackoffMs[this.step]
    this.step += 1
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      again()
    }, delay)
  }

  cancel(): void {
    this.clock.clearTimeout(this.timer)
    this.timer = null
  }
}

/** The policy's reconnect jitter and fault backoff as the link lives them: the counts they grow with. */
export class RetryBackoff {
  /** Consecutive faults (exceptions, connect timeouts). */
  private faults = 0
  /** Reconnects since the link was last ready. */
  private reconnects = 0

  constructor(
    private readonly policy: RecoveryPolicy,
    private readonly random: () => number,
  ) {}

  get reconnectsSinceReady(): number {
    return this.reconnects
  }

  /** The link got ready: both counts start over. */
  linkReady(): void {
    this.faults = 0
    this.reconnects = 0
  }

  /** A lost connection: mqtt.js has scheduled its retry already, the next one waits longer. */
  lost(): void {
    this.reconnects += 1
  }

  /** mqtt.js's reconnect period for the next retry. */
  reconnectPeriod(): number {
    return this.policy.reconnectPeriod(this.reconnects, this.random)
  }

  /** The delay before the retry after this fault. */
  nextFaultDelay(): number {
    const delay = this.policy.faultRetryDelay(this.faults)
    this.faults += 1
    return delay
  }
}
