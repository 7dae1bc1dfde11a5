import { overLimit, percentile, quantiles, ratePerSecond, recovery, waitedForKilledNode } from '../../bench/scale/stats'

describe('bench:scale figures', () => {
  it('percentiles are nearest-rank over every sample', () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => i + 1)
    expect(percentile(sorted, 0.5)).toBe(500)
    expect(percentile(sorted, 0.99)).toBe(990)
    expect(percentile(sorted, 0.999)).toBe(999)
    expect(percentile([7], 0.99)).toBe(7)
    expect(percentile([], 0.5)).toBeNaN()
    expect(quantiles([5, 1, 3])).toEqual({ n: 3, p50: 3, p99: 5, p999: 5, max: 5 })
  })

  it('a sync over 800 ms or never answered counts as a TV shown offline; 800 ms itself does not', () => {
    expect(overLimit([10, 800, 801, 2000], 1)).toEqual({ count: 3, share: 3 / 5 })
    expect(overLimit([], 0)).toEqual({ count: 0, share: 0 })
  })

  it('connects per second: the busiest whole second, and the mean over the span', () => {
    const times = [1000, 1100, 1200, 2500, 4000]
    expect(ratePerSecond(times)).toEqual({ peak: 3, mean: 5 / 3, spanMs: 3000 })
    expect(ratePerSecond([])).toEqual({ peak: 0, mean: 0, spanMs: 0 })
  })

  it('recovery: the share of hit phones back within the limit; a phone never back counts against it', () => {
    const r = recovery([1_000, 29_000, 31_000, null], 30_000)
    expect(r).toMatchObject({ affected: 4, back: 2, share: 0.5 })
    expect(r.times.max).toBe(31_000)
    expect(recovery([], 30_000).share).toBe(1)
  })
})

describe("a node kill's verdict", () => {
  it('the hit clients waited for the killed node when their first CONNACKs came only once it was being started again', () => {
    // tvc2 started again 10 s after the fault: CONNACKs at 14.6-17 s waited for it (the 4.0 classic-session runs)
    expect(waitedForKilledNode(10_000, 14_630)).toBe(true)
    expect(waitedForKilledNode(10_000, 10_000)).toBe(true)
    // CONNACKs at 2-4 s, while it was dead (clean or quorum sessions), did not
    expect(waitedForKilledNode(10_000, 2_000)).toBe(false)
    expect(waitedForKilledNode(10_000, 9_999)).toBe(false)
  })

  it('says nothing when nothing reconnected', () => {
    expect(waitedForKilledNode(10_000, NaN)).toBeNull()
  })
})
