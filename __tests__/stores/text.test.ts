import { textWidth, truncateText } from '@/lib/text'

describe('text truncation (SPEC 5: non-ASCII counts as width 2)', () => {
  it('measures ASCII as 1 and everything else as 2', () => {
    expect(textWidth('abc')).toBe(3)
    expect(textWidth('电视')).toBe(4)
    expect(textWidth('TV电视')).toBe(6)
  })
  it('keeps text that fits', () => {
    expect(truncateText('电视剧', 6)).toBe('电视剧')
  })
  it('cuts by width, the ellipsis included', () => {
    expect(truncateText('庆余年第二季', 8)).toBe('庆余年…')
    expect(truncateText('abcdefghij', 8)).toBe('abcdef…')
    expect(truncateText('ab电视剧', 7)).toBe('ab电…')
  })
  it('never splits a wide character across the limit', () => {
    expect(textWidth(truncateText('一二三四五', 5))).toBeLessThanOrEqual(5)
  })
})
