import type { ProvenPhone } from '../../protocol/identity'
import { makeAutoObservable, runInAction } from 'mobx'
import type { Session } from './session'
import type { UserInfo } from '../../protocol/contract/models'
import { serviceChannelId } from '../../config'
import { common, login as t } from '../../strings'
import { failureMessage } from '../kit/loadState'
import { isGatewayError } from '../../services/http/types'

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

/** What the gateway said of a WeChat identity (getUserInfo), with the session when it gave one. */
export interface WeChatSignIn {
  signIn: 'session' | 'unregistered' | 'loggedOut' | 'terms'
  credentials: LoginResult | null
}

export interface UserPorts {
  /** The native bridge's phone number; null when it gives none (SPEC 5: then no login). */
  getPhone(): Promise<ProvenPhone | null>
  /** mobileLogin; null when the gateway could not be reached (the client already told the user). */
  mobileLogin(request: MobileLoginRequest): Promise<LoginResult | null>
  /** WeChat only: a fresh wx.login code exchanged, then getUserInfo (null: no code or offline); `tapped`: the user asked. */
  wechatSignIn?(tapped: boolean): Promise<WeChatSignIn | null>
  /** WeChat only: createUser links the identity the button's login proved with the user of this phone login, under the session `login` (not begun yet); rejects (1004) when that user has another. */
  linkIdentity?(login: { token: string; secret: string }): Promise<void>
}

/**
 * The login flow of the phone user: the bridge's phone number, mobileLogin, the state the login card
 * shows (loggingIn, error). Who is logged in, and the credentials, live in the Session.
 */
export class UserStore {
  sharerUid = ''
  loggingIn = false
  error = ''
  /** WeChat: the gateway knows this identity but gave no session (newer terms, or after a logout): a tap on 登录 is enough. */
  wechatKnown = false

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

  /** This phone holds a user's session (token and secret): not SPEC 4's "logged in" (root.loggedIn, about the TV). */
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
      const proven = await this.ports.getPhone()
      if (!proven) {
        if (!opts.silent) runInAction(() => (this.error = t.noPhone))
        return false
      }
      const request: MobileLoginRequest = {
        faceImg: this.user?.faceImg ?? '',
        nickName: this.user?.nickName || common.familyUser,
        phone: proven.phone,
        loginType: 'PHONE',
        serviceChannelId,
        ...(this.sharerUid ? { sharerUid: this.sharerUid } : {}),
        // the bridge's proof of the number (the gateway logs in only with one it verified)
        ...(proven.phoneProof ? { phoneProof: proven.phoneProof } : {}),
      }
      const result = await this.ports.mobileLogin(request)
      if (!result || !result.user.uid || !result.token) {
        runInAction(() => (this.error = t.failed))
        return false
      }
      // WeChat: the first phone login links the identity (createUser); a phone linked to another
      // WeChat identity stays logged out, and the card says why.
      if (this.ports.linkIdentity) {
        try {
          await this.ports.linkIdentity({ token: result.token, secret: result.secret })
        } catch (e) {
          runInAction(() => (this.error = isGatewayError(e) && e.code === '1004' ? t.linkedElsewhere : failureMessage(e, t.failed)))
          return false
        }
      }
      runInAction(() => {
        this.wechatKnown = false
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

  /**
   * WeChat at launch: the identity of a fresh wx.login code, and the session the gateway
   * gives a registered identity that consented to the current terms and did not log out. Resolves what
   * the gateway said (null: no code, no answer, or refused; the login card then invites as before,
   * and a login by tap reports its own failures).
   */
  async loginWithWeChat(opts: { tapped?: boolean } = {}): Promise<WeChatSignIn['signIn'] | null> {
    if (this.loggingIn || !this.ports.wechatSignIn) return null
    this.loggingIn = true
    this.error = ''
    try {
      const r = await this.ports.wechatSignIn(opts.tapped === true)
      const credentials = r?.credentials
      runInAction(() => {
        this.wechatKnown = r?.signIn === 'terms' || r?.signIn === 'loggedOut'
        if (credentials) this.session.begin({ ...credentials, user: { ...credentials.user, nickName: credentials.user.nickName || common.familyUser } })
        else if (opts.tapped) this.error = t.failed
      })
      return r?.signIn ?? null
    } catch (e) {
      // refused (a stale code, a gateway fault): the card says why and invites a login by tap
      runInAction(() => (this.error = failureMessage(e, t.failed)))
      return null
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
