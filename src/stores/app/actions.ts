import type { ProvenPhone } from '../../protocol/identity'
import { action, makeObservable, observable, runInAction } from 'mobx'
import type { Api } from '../../services/api'
import type { H5Play } from '../../protocol/contract/models'
import { readChildRefused } from '../../protocol/tv/childLock'
import type { KeyValueStorage } from '../../platform/storage'
import type { WeappBridge } from '../../platform/bridge/weapp'
import { routeOf } from '../../routes'
import { termsVersion, tvTimers } from '../../config'
import { consent as consentText, login as loginText, program as programText, tv as tvText } from '../../strings'
import type { ActionResult } from '../kit/write'
import { failureMessage } from '../kit/loadState'
import type { Session } from './session'
import type { UserStore } from './userStore'
import type { ConsentStore } from './consentStore'
import type { DevicesStore } from './devicesStore'
import type { TvStore } from './tvStore'
import type { SearchStore, SearchContext } from './searchStore'
import type { HomeStore } from './homeStore'
import type { TasksStore, TaskAction } from './tasksStore'
import type { ExtraStore } from './extras'
import type { TrackerPort } from './types'
import type { TextScaleStore } from './textScale'

/** Set by an explicit logout; cleared by the next login the user asks for. */
export const LOGGED_OUT_KEY = 'tvc.loggedOut'

type SignInResult = { ok: true } | { ok: false; message: string }

/**
 * The app's actions, across stores: launch, the three sign-in paths, logout, play on the TV, black-list
 * edits, the app's lifecycle. What they act on is built by the wiring (RootStore in root.ts, which
 * extends this class); the abstract members below are all they use of it (declared as getters, so
 * nothing of them is emitted here).
 */
export abstract class AppActions {
  /** The launch (start) finished: the bound TVs are known. */
  started = false
  /** SPEC 3 ystProgramId: the program the user has open in detail, and may play on the TV. */
  ystProgramId = ''
  /** Set while a share sheet is open: the hide that follows is not the user leaving (SPEC 4). */
  private sharing = false

  abstract get api(): Api
  abstract get session(): Session
  abstract get user(): UserStore
  abstract get consent(): ConsentStore
  abstract get devices(): DevicesStore
  abstract get tv(): TvStore
  abstract get search(): SearchStore
  abstract get home(): HomeStore
  abstract get tasks(): TasksStore
  abstract get tracker(): TrackerPort
  abstract get textScale(): TextScaleStore
  abstract get getPhone(): () => Promise<ProvenPhone | null>
  protected abstract get storage(): KeyValueStorage
  /** WeChat's bridge, or null (H5, the operator's app). */
  protected abstract get wechat(): WeappBridge | null
  /** The extras made so far (root.extra). */
  protected abstract get extras(): ExtraStore[]
  abstract get loggedIn(): boolean
  abstract get childMode(): boolean
  abstract get searchContext(): SearchContext
  abstract get tvBlocker(): string

  constructor() {
    // `sharing` is read only by onAppHide, never by a view or a reaction: a plain field. The lifecycle
    // calls go straight to the TV store's own actions.
    makeObservable(this, {
      started: observable,
      ystProgramId: observable,
      logout: action,
      onBlackListChanged: action,
      setYstProgramId: action,
    })
  }

  /**
   * App launch: sharer uid, a silent login through the bridge when there is no saved session and the
   * user has consented (without consent the app browses but does not log in), bound TVs.
   */
  async start(params: { sharerUid?: string } = {}): Promise<void> {
    // the user's text size: read alongside the login, which it does not wait for (or delay)
    void this.textScale.refresh()
    this.user.setSharerUid(params.sharerUid)
    if (!this.session.active && !this.storage.get<boolean>(LOGGED_OUT_KEY)) {
      // WeChat: a returning identity that consented to these terms goes straight in, so
      // its consent holds on this phone too; the operator app's bridge: the phone, after consent here
      if (this.wechat) {
        if ((await this.user.loginWithWeChat()) === 'session') this.consent.setAccepted(true)
      } else if (this.consent.accepted) await this.user.login({ silent: true })
    }
    await this.devices.load()
    runInAction(() => (this.started = true))
  }

  /**
   * The login the user asked for (the login card, My TVs): consent first, then the bridge's phone
   * number and mobileLogin, then the bound TVs. Resolves the message to show when it did not work.
   */
  async signIn(): Promise<SignInResult> {
    if (!this.consent.accepted) {
      this.user.refuse(consentText.required)
      return { ok: false, message: consentText.required }
    }
    if (!(await this.user.login())) return { ok: false, message: this.user.error || loginText.failed }
    this.storage.remove(LOGGED_OUT_KEY)
    await Promise.all([this.devices.load(), this.recordConsent()])
    return { ok: true }
  }

  /**
   * WeChat, an identity the gateway knows (newer terms, or a logout elsewhere): 登录 with the consent
   * ticked logs in from a fresh wx.login code, without another phone number.
   */
  async signInWithWeChat(): Promise<SignInResult> {
    if (!this.consent.accepted) return this.signIn()
    if ((await this.user.loginWithWeChat({ tapped: true })) !== 'session') return { ok: false, message: this.user.error || loginText.failed }
    this.storage.remove(LOGGED_OUT_KEY)
    await this.devices.load()
    return { ok: true }
  }

  /** WeChat: the getPhoneNumber button's code becomes the bridge's phone number, then signIn. */
  async signInWithPhoneCode(code: string | undefined): Promise<SignInResult> {
    if (!this.consent.accepted || !this.wechat) return this.signIn()
    try {
      await this.wechat.phoneFromButton(code)
    } catch (e) {
      const message = failureMessage(e, loginText.failed)
      this.user.refuse(message)
      return { ok: false, message }
    }
    return this.signIn()
  }

  /**
   * The phone number confirmed again through the bridge: WeChat's getPhoneNumber button code
   * (mc/wxa/getSecretPhone), else the native bridge's number. Null when none was given.
   */
  confirmPhone(code?: string): Promise<ProvenPhone | null> {
    return this.wechat ? this.wechat.phoneFromButton(code) : this.getPhone()
  }

  /**
   * The gateway records the consent given on this phone (per uid and terms version), so the
   * same WeChat user goes straight in elsewhere. Not recorded (offline, refused): the next silent
   * login asks for consent again, nothing else changes.
   */
  private async recordConsent(): Promise<void> {
    const uid = this.session.uid
    if (!uid || !this.consent.accepted) return
    try {
      await this.api.userCenter.recordConsent({ uid, termsVersion })
    } catch {
      // offline (the client said so) or refused: only the next silent login is affected
    }
  }

  private async serverLogout(uid: string): Promise<void> {
    try {
      await this.api.userCenter.logout({ uid })
    } catch {
      // offline: this phone is logged out all the same (LOGGED_OUT_KEY)
    }
  }

  /**
   * Logout, or the session could not be kept (401 after refresh + retry): the session ends, and with
   * it everything of the user (the wiring's forgetUser, on session.onEnd).
   */
  endSession(): void {
    this.session.end()
  }

  /**
   * The user logs out (my-info): the TV link closes, the session and everything kept for this user
   * (favourites, records, black lists, recent searches, bound TVs) are cleared (endSession), the
   * search screen is emptied, and the app does not log in silently again until the user asks to
   * (the login card).
   */
  logout(): void {
    // The gateway ends this token and stops silent WeChat login until a login by tap. The
    // request leaves with the session's token before it ends here; offline, this phone still logs out.
    const uid = this.session.uid
    if (uid) void this.serverLogout(uid)
    this.endSession()
    this.search.reset()
    this.storage.set(LOGGED_OUT_KEY, true)
  }

  /**
   * Home for the TV's current mode: its desktop (the child desktop in the child version) and, for a
   * logged-in user, the hot-search hints of that mode. The home page calls it on open; a change of
   * the TV's mode calls it again.
   */
  async showHome(): Promise<void> {
    const jobs: Array<Promise<void>> = [this.home.load(this.childMode)]
    if (this.session.uid) jobs.push(this.search.loadHints(this.searchContext))
    await Promise.all(jobs)
  }

  /** The hot-search hints, once per user, for pages that show the search box. */
  async ensureHints(): Promise<void> {
    if (this.search.inputList.length === 0 && this.session.uid) await this.search.loadHints(this.searchContext)
  }

  /**
   * SPEC 5: play a program's third-party web content on the TV. Refused plainly while the TV is not
   * online (nothing is asked or sent); otherwise the confirm dialog names the app (cancel is logged),
   * then the type 9 payload goes out. Resolves what to tell the user, or null when they cancelled.
   */
  async playOnTv(
    programId: string,
    play: H5Play | undefined,
    confirm: (title: string, text: string) => Promise<boolean>,
    page: string = routeOf.detail,
  ): Promise<ActionResult | null> {
    if (!play) return { ok: false, message: programText.playNeedsApp }
    const blocker = this.tvBlocker
    if (blocker) return { ok: false, message: blocker }
    // Out of minors' mode's limits the play is refused with the reason before anything is asked or sent
    const ready = this.tv.playGuardReady()
    if (ready) await ready
    const refusal = this.tv.playRefusal()
    if (refusal) return { ok: false, message: refusal }
    if (!(await confirm(tvText.playConfirmTitle, tvText.playConfirm(play.appName)))) {
      this.tracker.click(page, 'cancel', { programId, action: 'h5Play', app: play.appName })
      return null
    }
    const { appName: _appName, ...payload } = play
    this.tracker.click(page, programText.playOnTv, { programId, app: play.appName })
    const res = this.tv.playOnTv(payload)
    if (!res.ok) return { ok: false, message: res.message }
    // A TV under global lock answers with globalLock true: say so instead of "sent"
    const reply = await this.tv.replyTo(res.sequenceId, tvTimers.offlineAfterMs)
    if (reply?.content.globalLock === true) return { ok: false, message: tvText.globalLocked }
    // the TV's child lock refused a program that is not for children (src/protocol/tv/childLock.ts)
    if (readChildRefused(reply?.content)) return { ok: false, message: tvText.childRefused }
    return { ok: true, message: tvText.playSent }
  }

  /**
   * A black list changed (a program on its detail page or in my-black-list, a category in
   * black-list): lists already on screen drop black-listed programs, and home reloads when shown
   * (the gateway filters the desktop, search and related lists).
   */
  onBlackListChanged(change: { programIds?: string[]; typeId?: string }): void {
    const ids = change.programIds
    if (ids?.length) {
      this.search.dropPrograms(ids)
      for (const store of this.extras) store.dropPrograms?.(ids)
    }
    this.home.invalidate()
  }

  /**
   * A real action happened (played on the TV, favourite added, TV bound, shared): the tasks it
   * advances get their progress (SPEC 7 act* calls). Null when no open task is advanced by it.
   */
  recordAction(action: TaskAction): Promise<ActionResult | null> {
    return this.tasks.completeAction(action)
  }

  setYstProgramId(programId: string): void {
    this.ystProgramId = programId
  }

  markSharing(): void {
    this.sharing = true
  }

  onAppHide(): void {
    const fromShare = this.sharing
    this.tv.onAppHide(fromShare)
    void this.tracker.flush?.()
  }

  onAppShow(): void {
    this.sharing = false
    // the text size may have been changed in WeChat's or the system's settings meanwhile
    void this.textScale.refresh()
    this.tv.onAppShow(this.loggedIn)
  }

  onNetworkChange(connected: boolean): void {
    this.tv.onNetworkChange(connected)
  }
}
