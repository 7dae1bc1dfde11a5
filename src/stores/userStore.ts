import { makeAutoObservable, runInAction } from 'mobx'
import type { KeyValueStorage } from '../platform/storage'
import type { SessionPort } from '../services/http/types'
import type { UserInfo } from '../services/contract/models'
import { serviceChannelId } from '../config'
import { common, login as t } from '../strings'

export interface MobileLoginRequest {
  faceImg: string
  nickName: string
  phone: string
  loginType: 'PHONE'
  serviceChannelId: string
  sharerUid?: string
}

export interface LoginResult {
  user: UserInfo
  token: string
  secret: string
}

export interface UserPorts {
  /** The native bridge's phone number; null when it gives none (SPEC 5: then no login). */
  getPhone(): Promise<string | null>
  /** mobileLogin; null when the gateway could not be reached (the client already told the user). */
  mobileLogin(request: MobileLoginRequest): Promise<LoginResult | null>
}

const SESSION_KEY = 'tvc.session'

interface SavedSession {
  user: UserInfo
  token: string
  secret: string
}

/**
 * The phone user and the session: login through the bridge's phone number, user info + token +
 * secret persisted in platform storage and restored on relaunch, cleared by logout. It is the
 * request client's SessionPort.
 */
export class UserStore implements SessionPort {
  user: UserInfo | null = null
  sharerUid = ''
  loggingIn = false
  error = ''
  private tokenValue = ''
  private secretValue = ''

  constructor(
    private readonly ports: UserPorts,
    private readonly storage: KeyValueStorage,
  ) {
    makeAutoObservable<UserStore, 'ports' | 'storage'>(this, { ports: false, storage: false })
    this.restore()
  }

  get hasSession(): boolean {
    return this.user !== null && this.tokenValue !== ''
  }

  token(): string {
    return this.tokenValue
  }

  secret(): string {
    return this.secretValue
  }

  setToken(token: string): void {
    this.tokenValue = token
    this.save()
  }

  setSharerUid(uid: string | undefined): void {
    this.sharerUid = uid ?? ''
  }

  /** The family of the TV last selected (mc/user/changeDevice updates it on the server too). */
  setLastFamilyId(familyId: string): void {
    if (!this.user) return
    this.user = { ...this.user, lastFamilyId: familyId }
    this.save()
  }

  /** Log in with the bridge's phone number. Resolves true when logged in. */
  async login(): Promise<boolean> {
    if (this.loggingIn) return false
    this.loggingIn = true
    this.error = ''
    try {
      const phone = await this.ports.getPhone()
      if (!phone) {
        runInAction(() => (this.error = t.noPhone))
        return false
      }
      const request: MobileLoginRequest = {
        faceImg: this.user?.faceImg ?? '',
        nickName: this.user?.nickName || common.familyUser,
        phone,
        loginType: 'PHONE',
        serviceChannelId,
        ...(this.sharerUid ? { sharerUid: this.sharerUid } : {}),
      }
      const result = await this.ports.mobileLogin(request)
      if (!result || !result.user.uid || !result.token) {
        runInAction(() => (this.error = t.failed))
        return false
      }
      runInAction(() => {
        this.user = { ...result.user, nickName: result.user.nickName || common.familyUser }
        this.tokenValue = result.token
        this.secretValue = result.secret
        this.save()
      })
      return true
    } catch (e) {
      runInAction(() => (this.error = e instanceof Error && e.message ? e.message : t.failed))
      return false
    } finally {
      runInAction(() => (this.loggingIn = false))
    }
  }

  /** Clears the user, token and secret, in memory and in storage. */
  logout(): void {
    this.user = null
    this.tokenValue = ''
    this.secretValue = ''
    this.storage.remove(SESSION_KEY)
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
    const session: SavedSession = { user: this.user, token: this.tokenValue, secret: this.secretValue }
    this.storage.set(SESSION_KEY, session)
  }
}
