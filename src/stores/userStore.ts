import { makeAutoObservable, runInAction } from 'mobx'
import type { Session } from './session'
import type { UserInfo } from '../protocol/contract/models'
import { serviceChannelId } from '../config'
import { common, login as t } from '../strings'
import { failureMessage } from './loadState'

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

/**
 * The login flow of the phone user: the bridge's phone number, mobileLogin, the state the login card
 * shows (loggingIn, error). Who is logged in, and the credentials, live in the Session.
 */
export class UserStore {
  sharerUid = ''
  loggingIn = false
  error = ''

  constructor(
    private readonly ports: UserPorts,
    readonly session: Session,
  ) {
    makeAutoObservable<UserStore, 'ports'>(this, { ports: false, session: false })
  }

  /** The logged-in user (the Session's). */
  get user(): UserInfo | null {
    return this.session.user
  }

  get hasSession(): boolean {
    return this.session.active
  }

  setSharerUid(uid: string | undefined): void {
    this.sharerUid = uid ?? ''
  }

  /** The family of the TV last selected (mc/user/changeDevice updates it on the server too). */
  setLastFamilyId(familyId: string): void {
    this.session.updateUser({ lastFamilyId: familyId })
  }

  /**
   * Log in with the bridge's phone number. Resolves true when logged in. `silent` (the attempt at
   * launch): no number is not a failure to report, the card simply invites the user to log in.
   */
  async login(opts: { silent?: boolean } = {}): Promise<boolean> {
    if (this.loggingIn) return false
    this.loggingIn = true
    this.error = ''
    try {
      const phone = await this.ports.getPhone()
      if (!phone) {
        if (!opts.silent) runInAction(() => (this.error = t.noPhone))
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
        this.session.begin({ user: { ...result.user, nickName: result.user.nickName || common.familyUser }, token: result.token, secret: result.secret })
      })
      return true
    } catch (e) {
      runInAction(() => (this.error = failureMessage(e, t.failed)))
      return false
    } finally {
      runInAction(() => (this.loggingIn = false))
    }
  }

  /** A login refused before it started (no consent): the message the login card shows. */
  refuse(message: string): void {
    this.error = message
  }

  /** Clears the user, token and secret, in memory and in storage. */
  logout(): void {
    this.session.end()
  }
}
