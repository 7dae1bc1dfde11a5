/** @jest-environment node */
import { emptyOf, opt, s, validate } from '../../src/protocol/contract/schema'

const shape = s.obj({
  id: s.str(),
  n: s.num(),
  flag: s.bool(),
  kind: s.oneOf(['a', 'b'] as const),
  fixed: s.lit(48),
  list: s.arr(s.obj({ x: s.str() })),
  byType: s.rec(s.arr(s.num())),
  maybe: opt(s.str()),
})

describe('contract schema', () => {
  it('accepts a matching value (extra fields allowed, optional fields may be absent)', () => {
    expect(validate(shape, { id: 'i', n: 1, flag: true, kind: 'a', fixed: 48, list: [{ x: 'y' }], byType: { '6': [1] }, extra: 1 })).toEqual([])
  })

  it('reports missing fields, wrong types, values outside oneOf/literal, bad nested items', () => {
    const problems = validate(shape, { n: '1', flag: 1, kind: 'c', fixed: 47, list: [{}], byType: { '6': ['x'] }, maybe: 3 })
    expect(problems).toEqual([
      '$.id: missing',
      '$.n: expected number',
      '$.flag: expected boolean',
      "$.kind: 'c' not one of a|b",
      '$.fixed: expected 48, got 47',
      '$.list[0].x: missing',
      '$.byType.6[0]: expected number',
      '$.maybe: expected string, got number',
    ])
  })

  it('builds the empty value of a shape (what a network failure resolves)', () => {
    expect(emptyOf(shape)).toEqual({ id: '', n: 0, flag: false, kind: '', fixed: 48, list: [], byType: {} })
  })
})
