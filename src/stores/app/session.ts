import { makeAutoObservable } from 'mobx'
import type { KeyValueStorage } from '../../platform/storage'
import type { SessionPort } from '../../services/http/types'
import type { UserInfo } from '../../protocol/contract/models'

/** Where the session is kept (the H5 shell in index.html reads it to draw a returning user's home). */
export const SESSION_KEY = 'tvc.session'

interface SavedSession {
  user: UserInfo
  token: string
  secret: string
}

/** What one login hands over: the user, the token and the body secret (mobileLogin). */
export interface Credentials {
  user: UserInfo
  token: string
  secret: string
}

/**
 * Who is logged in: user info, token and body secret, persisted in platform storage and restored on
 * relaunch. The composition root builds it first and hands it to the request client (which reads the
 * credentials and writes a refreshed token back) and to the stores (which log in and out through it).
 * A refreshed token is written back only into the session the refresh started under (replaceToken).
 */
export class Session implements SessionPort {
  user: UserInfo | null = null
  private tokenValue = ''
  private secretValue = ''
  private readonly endListeners: Array<(uid: string) => void> = []

  constructor(private readonly storage: KeyValueStorage) {
    makeAutoObservable<Session, 'storage' | 'endListeners'>(this, { storage: false, endListeners: false })
    this.restore()
  }

  get active(): boolean {
    return this.user !== null && this.tokenValue !== ''
  }

  get uid(): string {
    return this.user?.uid ?? ''
  }

  token(): string {
    return this.tokenValue
  }

  secret(): string {
    return this.secretValue
  }

  replaceToken(from: string, to: string): boolean {
    if (!this.active || this.tokenValue !== from || !to) return false
    this.tokenValue = to
    this.save()
    return true
  }

  /** A login succeeded: these credentials are the session now. */
  begin(credentials: Credentials): void {
    const before = this.uid
    if (before && before !== credentials.user.uid) this.notifyEnd(before)
    this.user = credentials.user
    this.tokenValue = credentials.token
    this.secretValue = credentials.secret
    this.save()
  }

  /** The user's own fields changed (e.g. lastFamilyId after switching TV). */
  updateUser(patch: Partial<UserInfo>): void {
    if (!this.user) return
    this.user = { ...this.user, ...patch }
    this.save()
  }

  /** Logout, or the gateway ended the session: user, token and secret go, in memory and in storage. */
  end(): void {
    const uid = this.uid
    this.user = null
    this.tokenValue = ''
    this.secretValue = ''
    this.storage.remove(SESSION_KEY)
    if (uid) this.notifyEnd(uid)
  }

  /** Called with the uid of a user whose session ended (logout, or another user logged in). */
  onEnd(listener: (uid: string) => void): () => void {
    this.endListeners.push(listener)
    return () => {
      const i = this.endListeners.indexOf(listener)
      if (i >= 0) this.endListeners.splice(i, 1)
    }
  }

  private notifyEnd(uid: string): void {
    for (const l of [...this.endListeners]) l(uid)
  }

  private restore(): void {
    const saved = this.storage.get<SavedSession>(SESSION_KEY)
    if (!saved || !saved.user?.uid || !saved.token) return
    this.user = saved.user
    this.tokenValue = saved.token
    this.secretValue = saved.secret ?? ''
  }

  private save(): void {
    if (!this.user) return
    const saved: SavedSession = { user: this.user, token: this.tokenValue, secret: this.secretValue }
    this.storage.set(SESSION_KEY, saved)
  }
}
