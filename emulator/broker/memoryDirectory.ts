import { phoneTopic, tvTopic, type BrokerDirectory, type JarvisSession, type TvLocks, type VirtualTv } from '../directory'

/**
 * An in-memory BrokerDirectory for tests and the bench (the gateway emulator provides the real one):
 * users, their bound TVs, the jarvis sessions handed out, and lock states.
 */
export class MemoryDirectory implements BrokerDirectory {
  private readonly sessions = new Map<string, JarvisSession>()
  private readonly tvs = new Map<string, VirtualTv>()
  private readonly bindings = new Map<string, Set<string>>()
  private readonly locks = new Map<string, TvLocks>()
  private counter = 0
  private readonly changeListeners = new Set<(mac: string) => void>()
  private readonly revokeListeners = new Set<(cids: readonly string[]) => void>()

  addTv(mac: string, name = `TV ${mac.slice(-4)}`): VirtualTv {
    const tv = { mac: tvTopic(mac).slice(-12), name, topic: tvTopic(mac) }
    this.tvs.set(tv.mac, tv)
    return tv
  }

  bind(uid: string, mac: string): void {
    const tv = this.tvs.get(tvTopic(mac).slice(-12)) ?? this.addTv(mac)
    const set = this.bindings.get(uid) ?? new Set<string>()
    set.add(tv.mac)
    this.bindings.set(uid, set)
  }

  /** What jarvisLogin does: a fresh cid, credentials and the phone topic. */
  login(uid: string, phone: string): JarvisSession {
    const cid = `app-${uid}-${++this.counter}`
    const session: JarvisSession = {
      cid,
      appKey: `key-${cid}`,
      sign: `sign-${cid}`,
      clientTopic: [phoneTopic(cid)],
      uid,
      phone,
    }
    this.sessions.set(cid, session)
    return session
  }

  /** Ends broker sessions (what logout or a removal does): refused from now on, connections closed. */
  revoke(...cids: string[]): void {
    for (const cid of cids) this.sessions.delete(cid)
    for (const fn of this.revokeListeners) fn(cids)
  }

  onSessionsRevoked(listener: (cids: readonly string[]) => void): () => void {
    this.revokeListeners.add(listener)
    return () => this.revokeListeners.delete(listener)
  }

  setLocks(mac: string, locks: Partial<TvLocks>): void {
    const key = tvTopic(mac).slice(-12)
    this.locks.set(key, { ...this.locksOf(key), ...locks })
    for (const fn of this.changeListeners) fn(key)
  }

  onTvChanged(listener: (mac: string) => void): () => void {
    this.changeListeners.add(listener)
    return () => this.changeListeners.delete(listener)
  }

  sessionByClientId(cid: string): JarvisSession | undefined {
    return this.sessions.get(cid)
  }

  tvTopicsOfUser(uid: string): string[] {
    return [...(this.bindings.get(uid) ?? [])].map((mac) => tvTopic(mac))
  }

  allTvs(): VirtualTv[] {
    return [...this.tvs.values()]
  }

  locksOf(mac: string): TvLocks {
    return this.locks.get(tvTopic(mac).slice(-12)) ?? { childLock: false, globalLock: false }
  }
}
