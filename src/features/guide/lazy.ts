import { useEffect, useState, type ComponentType } from 'react'

/**
 * Home's first-visit guide, loaded only once `ready` (home has painted its desktop and a user is
 * logged in), so its code is not part of home's first load (H5: its own chunk). A guide that fails
 * to load is no guide: home goes on as it is.
 */
export function useLazyGuide(ready: boolean): ComponentType | null {
  const [Guide, setGuide] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (!ready || Guide) return undefined
    let alive = true
    import('./HomeGuide').then(
      (m) => alive && setGuide(() => m.default),
      () => undefined, // no guide; the next home visit tries again
    )
    return () => {
      alive = false
    }
  }, [ready, Guide])
  return Guide
}
