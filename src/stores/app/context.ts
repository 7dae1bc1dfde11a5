import { createContext, useContext } from 'react'
import type { RootStore } from './root'

export const StoreContext = createContext<RootStore | null>(null)

/** The app's stores; pages and features read them through this hook. */
export function useStores(): RootStore {
  const root = useContext(StoreContext)
  if (!root) throw new Error('StoreContext missing: wrap the app in <StoreContext.Provider>')
  return root
}
