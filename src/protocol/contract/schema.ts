/**
 * A tiny typed schema language for the gateway contract (zod-like, no dependency): one value both
 * describes a field set at run time (validation, empty results, docs) and gives its TypeScript type
 * through `Infer`, so the client's types and the emulator's handlers are derived from the contract.
 */

interface Base<K extends string> {
  readonly kind: K
  readonly optional: boolean
  readonly doc?: string
}
export interface StrS extends Base<'string'> {
  readonly values?: readonly string[]
  /**
   * The most characters (UTF-16 code units) a request may send in this field. The gateway
   * refuses longer ones (1001) before anything is stored (emulator/gateway/strict.ts, which also bounds
   * a field without one); app builds leave it out (config/babel-strip-contract-docs.js): the app never
   * checks its own requests. Responses carry none.
   */
  readonly max?: number
}
export interface ArrS<I extends Schema> extends Base<'array'> {
  readonly items: I
  /** The most items a request may send (the gateway's default bounds the others). */
  readonly max?: number
}
export type NumS = Base<'number'>
export type BoolS = Base<'boolean'>
export interface LitS<V extends string | number | boolean> extends Base<'literal'> {
  readonly value: V
}
export type Shape = { readonly [k: string]: Schema }
export interface ObjS<F extends Shape> extends Base<'object'> {
  readonly fields: F
}
/** An object used as a map (keys not known in advance), e.g. tasks keyed by type. */
export interface RecS<V extends Schema> extends Base<'record'> {
  readonly values: V
}
/** Opaque JSON (e.g. a free-form `ext`). */
export type JsonS = Base<'json'>

export type Schema =
  | StrS
  | NumS
  | BoolS
  | LitS<string | number | boolean>
  | ArrS<Schema>
  | ObjS<Shape>
  | RecS<Schema>
  | JsonS

type Simplify<T> = { [K in keyof T]: T[K] } & {}
type OptionalKeys<F extends Shape> = { [K in keyof F]: F[K]['optional'] extends true ? K : never }[keyof F]
type RequiredKeys<F extends Shape> = Exclude<keyof F, OptionalKeys<F>>

/** The erased types (wide Schema, wide Shape) infer to unknown instead of recursing forever. */
export type Infer<S> = [Schema] extends [S]
  ? unknown
  : S extends ObjS<infer F>
    ? string extends keyof F
      ? Record<string, unknown>
      : InferNarrow<S>
    : InferNarrow<S>

type InferNarrow<S> = S extends LitS<infer V>
  ? V
  : S extends StrS & { readonly values: readonly (infer U)[] }
    ? U
    : S extends StrS
    ? string
    : S extends NumS
      ? number
      : S extends BoolS
        ? boolean
        : S extends ArrS<infer I>
          ? Infer<I>[]
          : S extends ObjS<infer F>
            ? Simplify<{ [K in RequiredKeys<F>]: Infer<F[K]> } & { [K in OptionalKeys<F>]?: Infer<F[K]> }>
            : S extends RecS<infer V>
              ? Record<string, Infer<V>>
              : S extends JsonS
              ? unknown
              : never

/** Builders. `opt(x)` marks a field optional. */
export const s = {
  str: (doc?: string, max?: number): StrS => ({ kind: 'string', optional: false, doc, ...(max !== undefined ? { max } : {}) }),
  oneOf: <V extends string>(values: readonly V[], doc?: string): StrS & { readonly values: readonly V[] } => ({
    kind: 'string',
    optional: false,
    values,
    doc,
  }),
  num: (doc?: string): NumS => ({ kind: 'number', optional: false, doc }),
  bool: (doc?: string): BoolS => ({ kind: 'boolean', optional: false, doc }),
  lit: <V extends string | number | boolean>(value: V, doc?: string): LitS<V> => ({
    kind: 'literal',
    optional: false,
    value,
    doc,
  }),
  arr: <I extends Schema>(items: I, doc?: string, max?: number): ArrS<I> => ({ kind: 'array', optional: false, items, doc, ...(max !== undefined ? { max } : {}) }),
  rec: <V extends Schema>(values: V, doc?: string): RecS<V> => ({ kind: 'record', optional: false, values, doc }),
  obj: <F extends Shape>(fields: F, doc?: string): ObjS<F> => ({ kind: 'object', optional: false, fields, doc }),
  json: (doc?: string): JsonS => ({ kind: 'json', optional: false, doc }),
}

export function opt<S extends Schema>(schema: S): S & { readonly optional: true } {
  return { ...schema, optional: true }
}

/** Validation: returns a list of problems ('' = valid). Unknown extra fields are allowed. */
export function validate(schema: Schema, value: unknown, path = '$'): string[] {
  // Opaque JSON may be anything, null included.
  if (schema.kind === 'json') return []
  if (value === undefined || value === null) {
    return schema.optional ? [] : [`${path}: missing`]
  }
  switch (schema.kind) {
    case 'string':
      if (typeof value !== 'string') return [`${path}: expected string, got ${typeof value}`]
      if (schema.values && !schema.values.includes(value)) return [`${path}: '${value}' not one of ${schema.values.join('|')}`]
      return []
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [`${path}: expected number`]
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: expected boolean`]
    case 'literal':
      return value === schema.value ? [] : [`${path}: expected ${JSON.stringify(schema.value)}, got ${JSON.stringify(value)}`]
    case 'array':
      if (!Array.isArray(value)) return [`${path}: expected array`]
      return value.flatMap((item, i) => validate(schema.items, item, `${path}[${i}]`))
    case 'record':
      if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected object`]
      return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => validate(schema.values, v, `${path}.${k}`))
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected object`]
      const record = value as Record<string, unknown>
      return Object.entries(schema.fields).flatMap(([k, f]) => validate(f, record[k], `${path}.${k}`))
    }
  }
}

/** The empty value of a schema: what a caller gets on network failure (SPEC 8). */
export function emptyOf<S extends Schema>(schema: S): Infer<S> {
  return emptyValue(schema) as Infer<S>
}

/** Untyped form of emptyOf, for code working on the erased Schema type. */
export function emptyValue(schema: Schema): unknown {
  switch (schema.kind) {
    case 'string':
      return ''
    case 'number':
      return 0
    case 'boolean':
      return false
    case 'literal':
      return schema.value
    case 'json':
      return null
    case 'array':
      return []
    case 'record':
      return {}
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [k, f] of Object.entries(schema.fields)) if (!f.optional) out[k] = emptyValue(f)
      return out
    }
  }
}

