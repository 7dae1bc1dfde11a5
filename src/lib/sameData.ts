/**
 * Whether two pieces of JSON data (what the gateway answers and the cache keeps) are the same: the
 * same JSON text. A refresh that brings back what is already shown keeps the shown value, so nothing
 * renders again (the returning user's first load, docs/developer.md "First load and size budgets").
 * The same fields in another order count as different: the refresh then renders, as without this.
 */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}
