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
