/**
 * The arithmetic of `npm run perf` (kept apart from the browser work so it is tested): which build runs
 * when in each round, medians, and the app's ratios to the floor (an empty Taro app measured in the
 * same run). Figures move with the machine's load; ratios taken in one run, the builds taking turns,
 * move much less, so they are what the app is judged by.
 */

/** The builds in the order round `round` (0-based) measures them: each round starts one further on. */
export function rotation(builds, round) {
  const n = builds.length
  return builds.map((_, i) => builds[(i + round) % n])
}

export function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

export const METRICS = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'bytes']

/** The median of every metric over `runs` (objects with METRICS' keys). */
export function medians(runs) {
  return Object.fromEntries(METRICS.map((k) => [k, median(runs.map((r) => r[k]))]))
}

/** a / b, or null when the floor's figure is 0 or missing (a ratio to nothing says nothing). */
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : null)

/**
 * The app against the floor, from their medians: score difference in points (app - floor), FCP, LCP
 * and TBT as app / floor, and the app's CLS as it is (the floor has nothing to shift).
 */
export function versusFloor(app, floor) {
  return {
    scoreDiff: app.score - floor.score,
    fcp: ratio(app.fcp, floor.fcp),
    lcp: ratio(app.lcp, floor.lcp),
    tbt: ratio(app.tbt, floor.tbt),
    cls: app.cls,
  }
}

const x = (r) => (r === null ? 'n/a (floor 0)' : `${r.toFixed(2)}x`)

/** One line of the comparison, e.g. "score -6  FCP 1.21x  LCP 1.40x  TBT 1.10x  CLS 0.000". */
export function formatVersus(v) {
  const sign = v.scoreDiff > 0 ? '+' : ''
  return `score ${sign}${v.scoreDiff}  FCP ${x(v.fcp)}  LCP ${x(v.lcp)}  TBT ${x(v.tbt)}  CLS ${v.cls.toFixed(3)}`
}
