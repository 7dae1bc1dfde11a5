import { flowRowHeight, nearListEnd } from '@/subpackages/pages/flow-more/flow-more'

/** 更多 pages in when the list is scrolled to within half a screen of its last row (its own arithmetic, no page query). */
describe('flow-more paging', () => {
  const row = flowRowHeight(390)
  it('asks for more within the threshold of the last row, not before', () => {
    // 7 rows below a 12 px gap, a 700 px viewport, threshold 400
    const end = 12 + 7 * row
    expect(nearListEnd(end - 700 - 400, 700, 7, row, 400)).toBe(true)
    expect(nearListEnd(end - 700 - 401, 700, 7, row, 400)).toBe(false)
    expect(nearListEnd(0, 700, 1, row, 400)).toBe(true)
  })
  it('never for an empty list', () => {
    expect(nearListEnd(0, 700, 0, row, 400)).toBe(false)
  })
})
