import { useEffect, useState, type ComponentType } from 'react'

/**
 * A component whose code is imported only once `ready` (e.g. after home has painted its desktop), so
 * it is not part of the first load (H5: its own chunk). `load` must be a module-level function. A
 * component that fails to load is left out: the page goes on as it is, and the next visit tries again.
 */
export function useLazyComponent(ready: boolean, load: () => Promise<{ default: ComponentType }>): ComponentType | null {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (!ready || Loaded) return undefined
    let alive = true
    load().then(
      (m) => alive && setLoaded(() => m.default),
      () => undefined, // left out (decoration); see above
    )
    return () => {
      alive = false
    }
  }, [ready, Loaded, load])
  return Loaded
}
