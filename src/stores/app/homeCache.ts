import type { KeyValueStorage } from '../../platform/storage'
import type { CachedHome, HomeCachePort } from './homeStore'

export const HOME_CACHE_KEY = 'tvc.home'
/** Entries kept (user x TV x mode); the oldest goes first. */
export const HOME_CACHE_ENTRIES = 4

interface Stored {
  entries: Record<string, CachedHome>
  /** The TV each user's home was last cached for: at launch the bound TVs are not loaded yet. */
  lastTv: Record<string, string>
  /** The mode each user's TV was last shown in: a TV last seen child-locked gets no adult entry. */
  lastMode: Record<string, 'child' | 'adult'>
}

const own = <T>(o: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined)

/**
 * The home cache in platform storage: entries keyed by user, TV and mode (`uid|mac|child|adult`), at
 * most HOME_CACHE_ENTRIES of them. Nothing is cached for a visitor who is not logged in. Before the
 * TVs are loaded the user's last TV stands in; before the TV reports its mode, a TV last seen in child
 * mode is shown nothing from the cache rather than an adult desktop.
 */
export function storageHomeCache(storage: KeyValueStorage, who: () => { uid: string; mac: string } | null): HomeCachePort {
  const load = (): Stored => {
    const s = storage.get<Partial<Stored>>(HOME_CACHE_KEY)
    const obj = <T>(v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, T>) : {})
    return { entries: obj<CachedHome>(s?.entries), lastTv: obj<string>(s?.lastTv), lastMode: obj<'child' | 'adult'>(s?.lastMode) }
  }
  const tvOf = (s: Stored) => {
    const w = who()
    if (!w?.uid) return null
    const mac = w.mac || own(s.lastTv, w.uid) || ''
    return mac ? { uid: w.uid, mac } : null
  }
  return {
    key(childMode) {
      const s = load()
      const tv = tvOf(s)
      if (!tv) return null
      const mode = childMode ? 'child' : 'adult'
      if (mode === 'adult' && own(s.lastMode, `${tv.uid}|${tv.mac}`) === 'child') return null
      return `${tv.uid}|${tv.mac}|${mode}`
    },
    read: (key) => own(load().entries, key),
    write(key, home) {
      const s = load()
      const [uid, mac, mode] = key.split('|')
      const kept = Object.entries(s.entries)
        .filter(([k]) => k !== key)
        .sort((a, b) => b[1].savedAt - a[1].savedAt)
        .slice(0, HOME_CACHE_ENTRIES - 1)
      storage.set(HOME_CACHE_KEY, {
        entries: Object.fromEntries([[key, home], ...kept]),
        lastTv: { ...s.lastTv, [uid]: mac },
        lastMode: { ...s.lastMode, [`${uid}|${mac}`]: mode },
      })
    },
    clear: () => storage.remove(HOME_CACHE_KEY),
  }
}
