import { sameData } from '@/lib/sameData'

/** A refresh keeps what is shown only when the answer is the same data: any difference replaces it. */
describe('sameData', () => {
  it('the same JSON data in other objects', () => {
    expect(sameData({ a: 1, b: [1, { c: 'x' }], d: null }, { a: 1, b: [1, { c: 'x' }], d: null })).toBe(true)
    expect(sameData([], [])).toBe(true)
    expect(sameData('文', '文')).toBe(true)
  })

  it('any difference counts: a value, a key more or less, an array against an object, order in an array', () => {
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false)
    expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(sameData({ a: 1, b: 2 }, { a: 1 })).toBe(false)
    expect(sameData([1, 2], [2, 1])).toBe(false)
    expect(sameData([1], { 0: 1 })).toBe(false)
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false)
    expect(sameData(null, {})).toBe(false)
    expect(sameData(0, '0')).toBe(false)
  })

  it('the same fields in another order count as different (the safe side: the refresh renders)', () => {
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false)
  })
})
