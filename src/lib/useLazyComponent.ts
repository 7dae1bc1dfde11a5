import { useEffect, useState, type ComponentType } from 'react'

/** A module-level function importing a part (its own chunk on H5, an async subpackage on weapp). */
export type LoadPart<P = object> = () => Promise<{ default: ComponentType<P> }>

type Entry = { part: ComponentType<never> } | { loading: Promise<ComponentType<never>> }

/**
 * The one cache of parts whose code arrives later, by their load function: a part mounted again, or
 * in a second place, renders at once, and a load under way is shared by every place waiting for it.
 * Both shapes of a late part use it: `useLazyComponent` / LazyPart (decoration: left out when it
 * fails) and `asyncPart` (a failure shown, with a tap to try again).
 */
const loaded = new Map<LoadPart<never>, Entry>()

/** The part, if its code has arrived. */
export function loadedPart<P>(load: LoadPart<P>): ComponentType<P> | null {
  const entry = loaded.get(load as LoadPart<never>)
  return entry && 'part' in entry ? (entry.part as ComponentType<P>) : null
}

/**
 * Load a part once for all its places. A failed load is forgotten (webpack forgets a failed chunk
 * too), so the next try fetches it afresh.
 */
export function loadPart<P>(load: LoadPart<P>): Promise<ComponentType<P>> {
  const key = load as LoadPart<never>
  const entry = loaded.get(key)
  if (entry) return ('part' in entry ? Promise.resolve(entry.part) : entry.loading) as Promise<ComponentType<P>>
  const loading = load().then(
    (m) => {
      loaded.set(key, { part: m.default as ComponentType<never> })
      return m.default as ComponentType<never>
    },
    (e: unknown) => {
      loaded.delete(key)
      throw e
    },
  )
  loaded.set(key, { loading })
  return loading as Promise<ComponentType<P>>
}

/**
 * Imports a part ahead of its first render (e.g. while the page's data is still on its way), so that
 * when it mounts it renders in the same commit as what surrounds it instead of arriving later and
 * moving content. A failure is left to the part's own load.
 */
export function preloadComponent(load: LoadPart): Promise<void> {
  return loadPart(load).then(
    () => undefined,
    () => undefined,
  )
}

/**
 * A component whose code is imported only once `ready` (e.g. after home has painted its desktop), so
 * it is not part of the first load (H5: its own chunk). `load` must be a module-level function. A
 * component that fails to load is left out: the page goes on as it is, and the next visit tries again.
 */
export function useLazyComponent(ready: boolean, load: LoadPart): ComponentType | null {
  const [Loaded, setLoaded] = useState<ComponentType | null>(() => loadedPart(load))
  useEffect(() => {
    if (!ready || Loaded) return undefined
    let alive = true
    loadPart(load).then(
      (part) => {
        if (alive) setLoaded(() => part)
      },
      () => undefined, // left out (decoration); see above
    )
    return () => {
      alive = false
    }
  }, [ready, Loaded, load])
  return Loaded
}
