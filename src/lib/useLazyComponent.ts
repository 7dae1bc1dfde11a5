import { useEffect, useState, type ComponentType } from 'react'

type Load = () => Promise<{ default: ComponentType }>

/** Components already imported, by their load function: a part mounted again renders at once. */
const loaded = new Map<Load, ComponentType>()

/**
 * Imports a part ahead of its first render (e.g. while the page's data is still on its way), so that
 * when it mounts it renders in the same commit as what surrounds it instead of arriving later and
 * moving content. A failure is left to the part's own load.
 */
export function preloadComponent(load: Load): Promise<void> {
  return load().then(
    (m) => void loaded.set(load, m.default),
    () => undefined,
  )
}

/**
 * A component whose code is imported only once `ready` (e.g. after home has painted its desktop), so
 * it is not part of the first load (H5: its own chunk). `load` must be a module-level function. A
 * component that fails to load is left out: the page goes on as it is, and the next visit tries again.
 */
export function useLazyComponent(ready: boolean, load: Load): ComponentType | null {
  const [Loaded, setLoaded] = useState<ComponentType | null>(() => loaded.get(load) ?? null)
  useEffect(() => {
    if (!ready || Loaded) return undefined
    let alive = true
    load().then(
      (m) => {
        loaded.set(load, m.default)
        if (alive) setLoaded(() => m.default)
      },
      () => undefined, // left out (decoration); see above
    )
    return () => {
      alive = false
    }
  }, [ready, Loaded, load])
  return Loaded
}
