/**
 * Figures of `npm run bench:scale`: pure functions (tested in __tests__/bench/scaleStats.test.ts), no
 * I/O. Percentiles are nearest-rank over every sample (no histogram buckets).
 */

export interface Quantiles {
  n: number
  p50: number
  p99: number
  p999: number
  max: number
}

/** Nearest-rank percentile of sorted samples: the smallest value with at least q of the samples at or below it. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN
  const rank = Math.ceil(q * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

export function quantiles(samples: readonly number[]): Quantiles {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    p999: percentile(sorted, 0.999),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  }
}

/** Syncs over the SPEC 4 limit: late replies plus syncs never answered (each one a TV shown offline). */
export function overLimit(rtts: readonly number[], unanswered: number, limitMs = 800): { count: number; share: number } {
  const late = rtts.filter((r) => r > limitMs).length
  const total = rtts.length + unanswered
  return { count: late + unanswered, share: total ? (late + unanswered) / total : 0 }
}

/** Events per whole second (epoch ms timestamps) -> the busiest second's count and the mean rate over the span. */
export function ratePerSecond(times: readonly number[]): { peak: number; mean: number; spanMs: number } {
  if (times.length === 0) return { peak: 0, mean: 0, spanMs: 0 }
  const buckets = new Map<number, number>()
  let first = Infinity
  let last = -Infinity
  for (const t of times) {
    const s = Math.floor(t / 1000)
    buckets.set(s, (buckets.get(s) ?? 0) + 1)
    if (t < first) first = t
    if (t > last) last = t
  }
  const spanMs = last - first
  return { peak: Math.max(...buckets.values()), mean: times.length / Math.max(1, spanMs / 1000), spanMs }
}

/**
 * Recovery after a fault at `markMs`: for each phone that left "online" within `windowMs` after it,
 * the time until it was online again (null: never within the run).
 */
export function recovery(recoveries: ReadonlyArray<number | null>, withinMs: number): { affected: number; back: number; share: number; times: Quantiles } {
  const done = recoveries.filter((r): r is number => r !== null)
  const back = done.filter((r) => r <= withinMs).length
  return { affected: recoveries.length, back, share: recoveries.length ? back / recoveries.length : 1, times: quantiles(done) }
}

/** "12.3" for a number, "-" for NaN. */
export function ms(v: number, digits = 1): string {
  return Number.isFinite(v) ? v.toFixed(digits) : '-'
}

/**
 * A node kill's verdict on where the hit clients' time went: when their first CONNACKs (the median of
 * phones and TVs hit) came only after the killed node was being started again, they waited for that
 * node: the queues of their persistent sessions lived on it, and RabbitMQ 4.0 holds such a CONNECT
 * until the queue's node is back (docs/broker-at-scale.md, "Node kill on 4.0"). Clients that do not
 * wait are back in seconds, while the node is still dead. Null when nothing reconnected.
 */
export function waitedForKilledNode(restartAtMs: number, firstConnackP50Ms: number): boolean | null {
  if (!Number.isFinite(firstConnackP50Ms)) return null
  return firstConnackP50Ms >= restartAtMs
}
