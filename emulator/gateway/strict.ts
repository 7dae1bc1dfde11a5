/**
 * Strict request checks on top of the contract's `validate` (which the client shares and which lets
 * unknown fields through): a request is refused when it nests deeper than MAX_DEPTH or carries a field
 * its contract entry does not name, so nothing but contract fields ever reaches a handler or the state.
 */
import type { Schema } from '../../src/protocol/contract/schema'

/** Deepest nesting of objects/arrays a request may have (the contract's deepest request is 3). */
export const MAX_DEPTH = 16

/** Nesting depth of a JSON value, iterative (a hostile value cannot overflow the stack). */
export function depthOf(value: unknown, limit = MAX_DEPTH): number {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number]
    if (v === null || typeof v !== 'object') continue
    deepest = Math.max(deepest, d + 1)
    if (deepest > limit) return deepest
    for (const child of Object.values(v as object)) stack.push([child, d + 1])
  }
  return deepest
}

/** Paths of fields the schema does not name (records and free JSON take any key). */
export function unknownFields(schema: Schema, value: unknown, path = '$'): string[] {
  if (value === null || typeof value !== 'object') return []
  if (schema.kind === 'array' && Array.isArray(value)) return value.flatMap((v, i) => unknownFields(schema.items, v, `${path}[${i}]`))
  if (schema.kind === 'record' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => unknownFields(schema.values, v, `${path}.${k}`))
  }
  if (schema.kind === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) =>
      Object.prototype.hasOwnProperty.call(schema.fields, k) ? unknownFields(schema.fields[k], v, `${path}.${k}`) : [`${path}.${k}`],
    )
  }
  return []
}
