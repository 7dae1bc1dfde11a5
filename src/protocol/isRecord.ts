/** A plain object (not null, not an array): the first check on a JSON value read by shape. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
