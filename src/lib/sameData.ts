/**
 * Whether two pieces of JSON data (what the gateway answers and the cache keeps: objects, arrays,
 * strings, numbers, booleans, null) are equal field by field. A refresh that brings back what is
 * already shown keeps the shown value, so nothing renders again (the returning user's first load,
 * docs/developer.md "First load and size budgets").
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    return a.length === other.length && a.every((x, i) => sameData(x, other[i]))
  }
  const ka = Object.keys(a)
  const rb = b as Record<string, unknown>
  const ra = a as Record<string, unknown>
  return ka.length === Object.keys(rb).length && ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameData(ra[k], rb[k]))
}
