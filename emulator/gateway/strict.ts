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

/** A request string field without its own `max` in the contract is at most this long. */
export const DEFAULT_STRING_MAX = 256
/** A request array without its own `max` has at most this many items. */
export const DEFAULT_ARRAY_MAX = 100
/** No field name of a request is longer (the contract's longest is 16). */
export const MAX_KEY_LENGTH = 64

/**
 * The first value of a request over its bound, as the refusal names it (field path and
 * limit), or null. Strings: the field's `max` in the contract, else DEFAULT_STRING_MAX characters;
 * arrays: `max`, else DEFAULT_ARRAY_MAX items; field names: MAX_KEY_LENGTH. Runs before anything
 * reads the request (after the depth check), so nothing unbounded is stored or echoed in a message.
 */
export function overLimit(schema: Schema | undefined, value: unknown, path = '$'): string | null {
  if (typeof value === 'string') {
    const max = schema?.kind === 'string' && schema.max !== undefined ? schema.max : DEFAULT_STRING_MAX
    return value.length > max ? `${path} 超过 ${max} 个字符` : null
  }
  if (value === null || typeof value !== 'object') return null
  if (Array.isArray(value)) {
    const max = schema?.kind === 'array' && schema.max !== undefined ? schema.max : DEFAULT_ARRAY_MAX
    if (value.length > max) return `${path} 超过 ${max} 项`
    const items = schema?.kind === 'array' ? schema.items : undefined
    for (let i = 0; i < value.length; i++) {
      const found = overLimit(items, value[i], `${path}[${i}]`)
      if (found) return found
    }
    return null
  }
  const entries = Object.entries(value)
  if (entries.length > DEFAULT_ARRAY_MAX) return `${path} 超过 ${DEFAULT_ARRAY_MAX} 项`
  for (const [k, v] of entries) {
    if (k.length > MAX_KEY_LENGTH) return `${path} 的字段名超过 ${MAX_KEY_LENGTH} 个字符`
    const child =
      schema?.kind === 'object' ? (Object.prototype.hasOwnProperty.call(schema.fields, k) ? schema.fields[k] : undefined) : schema?.kind === 'record' ? schema.values : undefined
    const found = overLimit(child, v, `${path}.${k}`)
    if (found) return found
  }
  return null
}
