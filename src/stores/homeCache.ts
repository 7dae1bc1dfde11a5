import type { KeyValueStorage } from '../platform/storage'
import type { CachedHome, HomeCachePort } from './homeStore'

export const HOME_CACHE_KEY = 'tvc.home'
/** Entries kept (user x TV x mode); the oldest goes first. */
export const HOME_CACHE_ENTRIES = 4

type Entries = Record<string, CachedHome>

/**
 * The home cache in platform storage: entries keyed by user, TV and mode (`uid|mac|child|adult`), at
 * most HOME_CACHE_ENTRIES of them. Nothing is cached for a visitor who is not logged in.
 */
export function storageHomeCache(storage: KeyValueStorage, who: () => { uid: string; mac: string } | null): HomeCachePort {
  const entries = (): Entries => {
    const e = storage.get<Entries>(HOME_CACHE_KEY)
    return e && typeof e === 'object' && !Array.isArray(e) ? e : {}
  }
  return {
    key(childMode) {
      const w = who()
      return w?.uid ? `${w.uid}|${w.mac || '-'}|${childMode ? 'child' : 'adult'}` : null
    },
    read: (key) => (Object.prototype.hasOwnProperty.call(entries(), key) ? entries()[key] : undefined),
    write(key, home) {
      const kept = Object.entries(entries())
        .filter(([k]) => k !== key)
        .sort((a, b) => b[1].savedAt - a[1].savedAt)
        .slice(0, HOME_CACHE_ENTRIES - 1)
      storage.set(HOME_CACHE_KEY, Object.fromEntries([[key, home], ...kept]))
    },
    clear: () => storage.remove(HOME_CACHE_KEY),
  }
}
