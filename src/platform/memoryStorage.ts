import type { KeyValueStorage } from './storage'

export function memoryStorage(initial: Record<string, unknown> = {}): KeyValueStorage & { dump(): Record<string, unknown> } {
  // JSON round trips: what real storage keeps is what serialises, so tests see the same.
  const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T
  const data = new Map(Object.entries(copy(initial)))
  return {
    get: <T>(key: string) => (data.has(key) ? copy(data.get(key) as T) : undefined),
    set: (key, value) => void data.set(key, copy(value)),
    remove: (key) => void data.delete(key),
    dump: () => Object.fromEntries(data),
  }
}
