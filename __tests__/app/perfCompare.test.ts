/** @jest-environment node */
/**
 * npm run perf's arithmetic (scripts/perf-compare.mjs): the builds take turns from round to round, and
 * the app is reported as ratios to the floor measured in the same run.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import browserslist from 'browserslist'
import { formatVersus, median, medians, rotation, versusFloor } from '../../scripts/perf-compare.mjs'

describe('rotation', () => {
  it('starts each round one build further on, so neither build always runs first', () => {
    const builds = ['app', 'floor']
    expect([0, 1, 2].map((r) => rotation(builds, r))).toEqual([
      ['app', 'floor'],
      ['floor', 'app'],
      ['app', 'floor'],
    ])
  })

  it('measures every build once per round', () => {
    for (let r = 0; r < 5; r++) expect([...rotation(['a', 'b', 'c'], r)].sort()).toEqual(['a', 'b', 'c'])
  })
})

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one, ignoring what was not measured', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([5, NaN, 1, 3])).toBe(3)
    expect(median([])).toBeNaN()
  })
})

describe('versusFloor', () => {
  const floor = { score: 94, fcp: 640, lcp: 1910, tbt: 290, cls: 0, bytes: 87_000 }

  it('gives the score difference in points and FCP, LCP and TBT as multiples of the floor', () => {
    const v = versusFloor({ score: 80, fcp: 1920, lcp: 3220, tbt: 517, cls: 0.01, bytes: 180_000 }, floor)
    expect(v.scoreDiff).toBe(-14)
    expect(v.fcp).toBeCloseTo(3, 5)
    expect(v.lcp).toBeCloseTo(3220 / 1910, 5)
    expect(v.tbt).toBeCloseTo(517 / 290, 5)
    expect(v.cls).toBe(0.01)
    expect(formatVersus(v)).toBe('score -14  FCP 3.00x  LCP 1.69x  TBT 1.78x  CLS 0.010')
  })

  it('says n/a rather than a ratio to a floor figure of 0', () => {
    const v = versusFloor({ ...floor, tbt: 40 }, { ...floor, tbt: 0 })
    expect(v.tbt).toBeNull()
    expect(formatVersus(v)).toContain('TBT n/a (floor 0)')
  })

  it('the medians of runs feed the comparison metric by metric', () => {
    const runs = [
      { score: 90, fcp: 700, lcp: 2000, tbt: 300, cls: 0, bytes: 1 },
      { score: 94, fcp: 600, lcp: 1900, tbt: 250, cls: 0, bytes: 1 },
      { score: 92, fcp: 650, lcp: 1950, tbt: 400, cls: 0, bytes: 1 },
    ]
    expect(medians(runs)).toEqual({ score: 92, fcp: 650, lcp: 1950, tbt: 300, cls: 0, bytes: 1 })
  })
})

describe('the floor (bench/floor)', () => {
  it('builds for the same browsers as the app: it has no package.json of its own, so browserslist resolves the project\'s', () => {
    const root = join(__dirname, '../..')
    expect(existsSync(join(root, 'bench/floor/package.json'))).toBe(false)
    const app = browserslist.loadConfig({ path: join(root, 'src') })
    expect(app?.length).toBeGreaterThan(0)
    expect(browserslist.loadConfig({ path: join(root, 'bench/floor/src/pages/index') })).toEqual(app)
  })
})
