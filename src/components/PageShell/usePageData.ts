import { useEffect, useMemo } from 'react'
import { Loadable } from '../../stores/kit/loadable'

/**
 * Page-scoped remote data: a Loadable created for the page, loaded on open and whenever `key`
 * changes. The page observes it (observer) and hands it to its PageShell as `state`.
 */
export function usePageData<T>(key: string, load: () => Promise<T>, isEmpty?: (value: T) => boolean): Loadable<T> {
  // one Loadable per page instance; `isEmpty` is fixed for the page
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => new Loadable<T>(isEmpty), [])
  useEffect(() => {
    if (key) void data.run(load)
    // reload when the key changes; `load` closes over the same key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, key])
  return data
}
