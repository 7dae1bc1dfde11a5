import { makeAutoObservable } from 'mobx'
import type { KeyValueStorage } from '../../platform/storage'

export const MODE_MEMORY_KEY = 'tvc.tvModes'
/** TVs (and users) remembered; the oldest goes first. */
export const MODE_MEMORY_LIMIT = 20

interface Stored {
  /** mac -> whether the TV last reported child mode, and when. */
  tvs: Record<string, { child: boolean; at: number }>
  /** uid -> the TV that user's phone last heard from (the bound TVs are not known at launch). */
  lastTv: Record<string, { mac: string; at: number }>
}

const own = <T>(o: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined)
const newest = <T extends { at: number }>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort((a, b) => b[1].at - a[1].at).slice(0, MODE_MEMORY_LIMIT))

/**
 * The mode each TV last reported (type 87), kept on the phone. Until the TV speaks after a
 * launch, a TV switch or while it is offline, SPEC 4's default state is the adult mode; a TV last seen
 * in child mode is treated as still in child mode meanwhile, so a child never sees an adult list in
 * that window. The TV's next report decides again. Kept per TV (the mode is the TV's, whoever asks).
 */
export class ModeMemory {
  private stored: Stored

  constructor(private readonly storage: KeyValueStorage) {
    this.stored = this.load()
    makeAutoObservable<ModeMemory, 'storage'>(this, { storage: false })
  }

  /** Whether `mac` last reported child mode (false for a TV never heard). */
  wasChild(mac: string): boolean {
    return Boolean(mac) && own(this.stored.tvs, mac)?.child === true
  }

  /** The TV `uid` last heard from on this phone ('' when none). */
  lastTvOf(uid: string): string {
    return (uid && own(this.stored.lastTv, uid)?.mac) || ''
  }

  /** The TV reported its mode: kept for the next launch (a write only when something changed). */
  remember(uid: string, mac: string, child: boolean, at = Date.now()): void {
    if (!mac) return
    const same = own(this.stored.tvs, mac)?.child === child && (!uid || own(this.stored.lastTv, uid)?.mac === mac)
    if (same) return
    this.stored = {
      tvs: newest({ ...this.stored.tvs, [mac]: { child, at } }),
      lastTv: uid ? newest({ ...this.stored.lastTv, [uid]: { mac, at } }) : this.stored.lastTv,
    }
    this.storage.set(MODE_MEMORY_KEY, this.stored)
  }

  /** A user left: which TV they used goes; each TV's mode stays (it is the TV's, and keeps children safe). */
  forget(uid: string): void {
    if (!own(this.stored.lastTv, uid)) return
    const lastTv = { ...this.stored.lastTv }
    delete lastTv[uid]
    this.stored = { ...this.stored, lastTv }
    this.storage.set(MODE_MEMORY_KEY, this.stored)
  }

  private load(): Stored {
    const s = this.storage.get<Record<string, unknown>>(MODE_MEMORY_KEY)
    const tvs: Stored['tvs'] = {}
    const lastTv: Stored['lastTv'] = {}
    // what another build or a damaged store left is read field by field: an entry that is not whole is skipped
    for (const [mac, v] of Object.entries(isObject(s?.tvs) ? s.tvs : {})) {
      if (isObject(v) && typeof v.child === 'boolean') tvs[mac] = { child: v.child, at: Number(v.at) || 0 }
    }
    for (const [uid, v] of Object.entries(isObject(s?.lastTv) ? s.lastTv : {})) {
      if (isObject(v) && typeof v.mac === 'string' && v.mac) lastTv[uid] = { mac: v.mac, at: Number(v.at) || 0 }
    }
    return { tvs, lastTv }
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return Boolean(v) && typeof v === 'object' && !Array.isArray(v)
}
