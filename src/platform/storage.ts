import Taro from '@tarojs/taro'

/**
 * Storage seam: Taro's synchronous storage (wx storage on weapp, localStorage on H5). Stores receive
 * a KeyValueStorage, so tests hand them `memoryStorage()`.
 */
export interface KeyValueStorage {
  get<T>(key: string): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
}

export const taroStorage: KeyValueStorage = {
  get<T>(key: string): T | undefined {
    try {
      const value = Taro.getStorageSync(key)
      return value === '' || value === null || value === undefined ? undefined : (value as T)
    } catch {
      return undefined
    }
  },
  set(key, value) {
    Taro.setStorageSync(key, value)
  },
  remove(key) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // nothing stored: nothing to remove
    }
  },
}

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
