/** Hooks for the set-top boxes: lock changes (reflected in their type 87 replies). */
import type { TvLocks } from '../directory'

export type LocksListener = (mac: string, locks: TvLocks) => void

export interface GatewayEvents {
  /** Returns an unsubscribe function. */
  onLocksChanged(listener: LocksListener): () => void
  emitLocksChanged(mac: string, locks: TvLocks): void
}

export function createEvents(): GatewayEvents {
  const listeners = new Set<LocksListener>()
  return {
    onLocksChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emitLocksChanged(mac, locks) {
      for (const l of listeners) l(mac, { ...locks })
    },
  }
}
