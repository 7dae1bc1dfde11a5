/** @jest-environment node */
/**
 * The judging half of `npm run check:a11y` (scripts/a11y-layout.mjs) on planted measurements: each
 * rule fails the page it is broken on, and the clean case next to it passes. (The measuring half is
 * checked by the script itself, on a planted page in Chromium, before it checks the app.)
 */
import { figuresOf, grouped, RULES, violationsOf } from '../../scripts/a11y-layout.mjs'

type Rect = { left: number; top: number; right: number; bottom: number }
const rect = (left: number, top: number, w: number, h: number): Rect => ({ left, top, right: left + w, bottom: top + h })

let nextEl = 0
function text(over: Partial<{ text: string; fontSize: number; rects: Rect[]; clippedBy: string; shortened: boolean; shown: boolean; inMain: boolean; el: number }> = {}) {
  return { text: 'hello', el: nextEl++, where: 'span.t', fontSize: 16, lineHeight: 'normal', rects: [rect(0, 0, 50, 20)], clippedBy: '', shortened: false, shown: true, inMain: false, ...over }
}
function target(width: number, height: number, inRemote = false) {
  return { label: 'key', where: 'div.k', width, height, inRemote }
}
function page(over: Partial<{ texts: ReturnType<typeof text>[]; targets: ReturnType<typeof target>[]; scrollWidth: number }> = {}) {
  return { viewportWidth: 375, scrollWidth: 375, texts: [], targets: [], mainFound: true, remoteFound: true, ...over }
}
const rules = (snap: ReturnType<typeof page>, scope = {}) => violationsOf(snap, scope).map((v: { rule: string }) => v.rule)

describe('a11y layout rules', () => {
  it('a clean page passes', () => {
    expect(violationsOf(page({ texts: [text(), text({ rects: [rect(0, 30, 50, 20)] })], targets: [target(44, 44)] }))).toEqual([])
  })

  it('text a box cuts off fails; text it shortens with an ellipsis does not', () => {
    expect(rules(page({ texts: [text({ clippedBy: 'div.box' })] }))).toEqual(['clipped'])
    expect(rules(page({ texts: [text({ shortened: true })] }))).toEqual([])
  })

  it('two lines of text covering each other fail; touching or a hair of overlap does not', () => {
    expect(rules(page({ texts: [text({ rects: [rect(0, 0, 100, 20)] }), text({ rects: [rect(50, 10, 100, 20)] })] }))).toEqual(['overlap'])
    expect(rules(page({ texts: [text({ rects: [rect(0, 0, 100, 20)] }), text({ rects: [rect(100, 0, 100, 20)] })] }))).toEqual([])
    expect(rules(page({ texts: [text({ rects: [rect(0, 0, 100, 20)] }), text({ rects: [rect(99, 19, 100, 20)] })] }))).toEqual([])
  })

  it('overlap is judged on visible text only: one under a sheet, or one already cut off, is not counted twice', () => {
    const a = text({ rects: [rect(0, 0, 100, 20)] })
    expect(rules(page({ texts: [a, text({ rects: [rect(20, 5, 100, 20)], shown: false })] }))).toEqual([])
    expect(rules(page({ texts: [a, text({ rects: [rect(20, 5, 100, 20)], clippedBy: 'div.card' })] }))).toEqual(['clipped'])
  })

  it('the lines of one text never overlap themselves', () => {
    const t = text({ rects: [rect(0, 0, 100, 20), rect(0, 10, 100, 20)] })
    expect(rules(page({ texts: [t] }))).toEqual([])
  })

  it('a page wider than the phone fails', () => {
    expect(rules(page({ scrollWidth: 600 }))).toEqual(['sideways'])
    expect(rules(page({ scrollWidth: 376 }))).toEqual([])
  })

  it('tap targets: under 44 x 44 fails (either side), 43.6 counts as 44 (sub-pixel layout)', () => {
    expect(rules(page({ targets: [target(120, 43)] }))).toEqual(['target'])
    expect(rules(page({ targets: [target(30, 80)] }))).toEqual(['target'])
    expect(rules(page({ targets: [target(43.6, 44)] }))).toEqual([])
  })

  it('长辈版: its remote keys need 60 x 60, only where its rules apply', () => {
    expect(rules(page({ targets: [target(50, 50, true)] }), { checkRemote: true })).toEqual(['remote-target'])
    expect(rules(page({ targets: [target(60, 60, true)] }), { checkRemote: true })).toEqual([])
    // the standard version's remote keeps the 44 rule
    expect(rules(page({ targets: [target(50, 50, true)] }))).toEqual([])
  })

  it('长辈版: main text under 18 px fails; text outside the main content, or in the standard version, does not', () => {
    expect(rules(page({ texts: [text({ fontSize: 17, inMain: true })] }), { checkMainText: true })).toEqual(['small-text'])
    expect(rules(page({ texts: [text({ fontSize: 18, inMain: true })] }), { checkMainText: true })).toEqual([])
    expect(rules(page({ texts: [text({ fontSize: 12, inMain: false })] }), { checkMainText: true })).toEqual([])
    expect(rules(page({ texts: [text({ fontSize: 12, inMain: true })] }))).toEqual([])
    expect(RULES).toEqual({ minTargetPx: 44, minRemoteTargetPx: 60, minMainTextPx: 18 })
  })

  it('figures: smallest text and target, keys of the remote; the report groups alike violations', () => {
    const snap = page({ texts: [text({ fontSize: 19, inMain: true }), text({ fontSize: 14 })], targets: [target(44, 60), target(70, 70, true)] })
    expect(figuresOf(snap, { checkMainText: true, checkRemote: true })).toMatchObject({ smallestText: 14, smallestMainText: 19, smallestTarget: 44, remoteKeys: 1, smallestRemoteKey: 70 })
    const many = violationsOf(page({ targets: [target(30, 30), target(20, 20)] }))
    expect(grouped(many)).toEqual(['target x2 (div.k), e.g. "key" (div.k): 30.0 x 30.0 px < 44 x 44'])
  })
})
