/** Hooks for the set-top boxes: lock and screen-option changes (each box reports them at once). */
import type { TvLocks, TvScreenOption } from '../directory'
import type { TvReminder } from '../../src/protocol/tv/reminder'

export type LocksListener = (mac: string, locks: TvLocks) => void
export type ScreenListener = (mac: string, option: TvScreenOption) => void

export interface GatewayEvents {
  /** Returns an unsubscribe function. */
  onLocksChanged(listener: LocksListener): () => void
  emitLocksChanged(mac: string, locks: TvLocks): void
  /** A TV's screen option was set (setScreenOption). Returns an unsubscribe function. */
  onScreenChanged(listener: ScreenListener): () => void
  emitScreenChanged(mac: string, option: TvScreenOption): void
  /** A TV's family changed (a member left or was removed, hid or showed their presence). */
  onFamilyChanged(listener: (mac: string) => void): () => void
  emitFamilyChanged(mac: string): void
  /** Broker sessions (client ids) revoked: the broker closes their connections. */
  onBrokerSessionsRevoked(listener: (cids: readonly string[]) => void): () => void
  emitBrokerSessionsRevoked(cids: readonly string[]): void
  /** A TV's minors' mode changed (settings, a grant): its box applies it at once. */
  onMinorsChanged(listener: (mac: string) => void): () => void
  emitMinorsChanged(mac: string): void
  /** A TV's lock password was reset by its owner: its box says so on the screen and to its phones. */
  onLockPasswordReset(listener: (mac: string) => void): () => void
  emitLockPasswordReset(mac: string): void
  /** A user's reminder fired for this TV (their current TV): its box shows the banner. */
  onReminder(listener: (mac: string, reminder: TvReminder) => void): () => void
  emitReminder(mac: string, reminder: TvReminder): void
}

export function createEvents(): GatewayEvents {
  const locks = new Set<LocksListener>()
  const screens = new Set<ScreenListener>()
  const families = new Set<(mac: string) => void>()
  const revoked = new Set<(cids: readonly string[]) => void>()
  const minors = new Set<(mac: string) => void>()
  const resets = new Set<(mac: string) => void>()
  const reminders = new Set<(mac: string, reminder: TvReminder) => void>()
  return {
    onReminder(listener) {
      reminders.add(listener)
      return () => reminders.delete(listener)
    },
    emitReminder(mac, reminder) {
      for (const fn of reminders) fn(mac, { ...reminder })
    },
    onLockPasswordReset(listener) {
      resets.add(listener)
      return () => resets.delete(listener)
    },
    emitLockPasswordReset(mac) {
      for (const fn of resets) fn(mac)
    },
    onBrokerSessionsRevoked(listener) {
      revoked.add(listener)
      return () => revoked.delete(listener)
    },
    emitBrokerSessionsRevoked(cids) {
      if (cids.length === 0) return
      for (const fn of revoked) fn([...cids])
    },
    onMinorsChanged(listener) {
      minors.add(listener)
      return () => minors.delete(listener)
    },
    emitMinorsChanged(mac) {
      for (const fn of minors) fn(mac)
    },
    onFamilyChanged(listener) {
      families.add(listener)
      return () => families.delete(listener)
    },
    emitFamilyChanged(mac) {
      for (const fn of families) fn(mac)
    },
    onLocksChanged(listener) {
      locks.add(listener)
      return () => locks.delete(listener)
    },
    emitLocksChanged(mac, l) {
      for (const fn of locks) fn(mac, { ...l })
    },
    onScreenChanged(listener) {
      screens.add(listener)
      return () => screens.delete(listener)
    },
    emitScreenChanged(mac, option) {
      for (const fn of screens) fn(mac, { ...option })
    },
  }
}
