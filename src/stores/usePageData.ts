import { useEffect, useMemo } from 'react'
import type { ViewStatus } from '../components/StateView'
import { Loadable } from './loadable'
import { useStores } from './context'

/**
 * Page-scoped remote data: a Loadable created for the page, loaded on open and whenever `key`
 * changes. The page observes it (observer) and hands `shellProps(...)` to its PageShell.
 */
export function usePageData<T>(key: string, load: () => Promise<T>, isEmpty?: (value: T) => boolean): Loadable<T> {
  const { network } = useStores()
  // one Loadable per page instance; `isEmpty` is fixed for the page
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => new Loadable<T>(network, isEmpty), [network])
  useEffect(() => {
    if (key) void data.run(load)
    // reload when the key changes; `load` closes over the same key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, key])
  return data
}

/** PageShell props for a Loadable: its state, its message, and retry where retrying helps. */
export function shellProps<T>(data: Loadable<T>, reload: () => void, emptyText?: string): { status: ViewStatus; statusText?: string; onAction?: () => void } {
  const status: ViewStatus = data.status === 'idle' ? 'loading' : data.status
  return {
    status,
    statusText: status === 'empty' ? emptyText : data.error || undefined,
    onAction: status === 'error' || status === 'offline' ? reload : undefined,
  }
}
