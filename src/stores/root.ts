import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { Api } from '../services/api'
import type { Device, H5Play } from '../protocol/contract/models'
import type { TvLinkDeps } from '../services/tv/types'
import { EPG_CHILD } from '../protocol/tv/messages'
import type { KeyValueStorage } from '../platform/storage'
import type { PhoneBridge } from '../platform/bridge/types'
import { routeOf } from '../routes'
import { termsVersion, tvTimers } from '../config'
import { DevicesStore } from './devicesStore'
import { HomeStore } from './homeStore'
import { SearchStore, type SearchContext } from './searchStore'
import { TasksStore, type TaskAction, type TaskUser } from './tasksStore'
import { PointsStore } from './pointsStore'
import { TvStore } from './tvStore'
import { UserStore, type UserPorts } from './userStore'
import { ConsentStore } from './consentStore'
import { Session } from './session'
import type { LockTarget } from './lockStore'
import type { WeappBridge } from '../platform/bridge/weapp'
import type { AvatarUploader } from '../services/http/upload'
import { consent as consentText, login as loginText, program as programText, tv as tvText } from '../strings'
import type { ActionResult } from './write'
import { failureMessage } from './loadState'
import { storageHomeCache } from './homeCache'
import { ModeMemory } from './modeMemory'

/** Tracking as the stores see it (SPEC 3 log records; implemented by services/tracking). */
/**
 * A store only some pages use (root.extra): reset with the user; one that shows programs also drops
 * those the user black-lists (the lists it shows were asked before).
 */
export interface ExtraStore {
  reset(): void
  dropPrograms?(programIds: string[]): void
  /** Stops its timers and reactions: the app (a test's world) is going away. */
  dispose?(): void
}

export interface TrackerPort {
  pageView(url: string, query: Record<string, string | number>): void
  click(url: string, buttonInfo: string, ext?: Record<string, unknown>): void
  expose(url: string, ext: Record<string, unknown>): void
  /** Sends what is queued (the app is being hidden). */
  flush?(): Promise<void>
}

/** Who a log record is about: read by the tracker at the time of each record. */
export interface TrackingContext {
  uid: string
  phone: string
  mac: string
}

export interface RootDeps {
  api: Api
  storage: KeyValueStorage
  /** Who is logged in: built before the request client, which reads its credentials (default: restored from storage). */
  session?: Session
  /** Native bridge: the phone number, or null. */
  getPhone: () => Promise<string | null>
  tvLinkDeps: TvLinkDeps
  /** Builds the tracker; `context` says who and which TV each record is about. */
  tracking: (context: () => TrackingContext) => TrackerPort
  /** The platform's phone bridge (the weapp login button hands its code to it). */
  bridge?: PhoneBridge
  /** The avatar upload (issue 23; wx.uploadFile or multipart); absent: no avatar editing. */
  uploadAvatar?: AvatarUploader
}

/**
 * Creates the domain stores and lets them reach each other (MobX "RootStore"). The current TV of
 * DevicesStore drives the TV link; the TV's mode (type 87 currentEPGVersion) decides child mode.
 */
export class RootStore {
  readonly session: Session
  readonly user: UserStore
  readonly consent: ConsentStore
  readonly devices: DevicesStore
  readonly tv: TvStore
  readonly search: SearchStore
  /** Issue 24: the mode each TV last reported (see childMode). */
  readonly modes: ModeMemory
  readonly home: HomeStore
  readonly tasks: TasksStore
  /** The points balance (shown by the points centre and 我的) and the sign-in strip. */
  readonly points: PointsStore
  /** Favourites, watch records and the black lists of the logged-in user (issue 11). */
  readonly tracker: TrackerPort
  /** The native bridge's phone number (the lock password reset confirms it again). */
  readonly getPhone: () => Promise<string | null>
  readonly api: Api
  readonly bridge: PhoneBridge | undefined
  readonly uploadAvatar: AvatarUploader | undefined
  started = false
  /** SPEC 3 ystProgramId: the program the user has open in detail, and may play on the TV. */
  ystProgramId = ''
  /** Set while a share sheet is open: the hide that follows is not the user leaving (SPEC 4). */
  private sharing = false
  private readonly storage: KeyValueStorage
  private readonly disposers: Array<() => void> = []
  private readonly extras = new Map<string, ExtraStore>()

  constructor(deps: RootDeps) {
    this.api = deps.api
    this.session = deps.session ?? new Session(deps.storage)
    this.tracker = deps.tracking(() => ({ uid: this.session.uid, phone: this.session.user?.phone ?? '', mac: this.devices.curMac }))
    this.bridge = deps.bridge
    this.uploadAvatar = deps.uploadAvatar
    this.consent = new ConsentStore(deps.storage)
    const wechat = deps.bridge?.kind === 'weapp' ? (deps.bridge as WeappBridge) : null
    this.user = new UserStore(
      {
        getPhone: deps.getPhone,
        mobileLogin: async (req) => {
          const r = await deps.api.userCenter.mobileLogin(req)
          return r.offline ? null : r
        },
        ...(wechat ? wechatPorts(wechat, deps.api) : {}),
      },
      this.session,
    )
    this.devices = new DevicesStore(deps.api.userCenter, this.user)
    this.tv = new TvStore(deps.tvLinkDeps)
    this.modes = new ModeMemory(deps.storage)
    this.search = new SearchStore(deps.api.search, deps.storage, () => this.childMode)
    this.home = new HomeStore(
      deps.api,
      (index) => this.tracker.pageView(routeOf.index, { tab: index }),
      storageHomeCache(deps.storage, () => (this.session.uid ? { uid: this.session.uid, mac: this.devices.current?.mac ?? '' } : null)),
    )
    const who = (): TaskUser | null => (this.user.user ? { uid: this.user.user.uid, phone: this.user.user.phone } : null)
    this.tasks = new TasksStore(deps.api.activity, who, (total) => this.points.setBalance(total))
    this.points = new PointsStore(deps.api.activity, who, () => this.tasks.completeAction('sign'))
    this.getPhone = deps.getPhone
    this.storage = deps.storage
    makeAutoObservable<RootStore, 'sharing' | 'disposers' | 'storage' | 'extras'>(this, {
      getPhone: false, uploadAvatar: false, extras: false, modes: false, session: false, storage: false, user: false, devices: false, tv: false, search: false, home: false, tasks: false, points: false, tracker: false, api: false, bridge: false, sharing: false, disposers: false,
    })
    this.disposers.push(
      reaction(
        () => [this.devices.current, this.user.user] as const,
        ([device, user]) => this.tv.setDevice(device ? { ...device } : null, user ? { uid: user.uid, phone: user.phone, nickName: user.nickName } : null),
        // a new nickname reaches the TV link too (SPEC 3 `from.nickname` of the next command)
        { fireImmediately: true, equals: (a, b) => sameDevice(a[0], b[0]) && a[1]?.uid === b[1]?.uid && a[1]?.nickName === b[1]?.nickName },
      ),
      // Recent searches are the logged-in user's.
      reaction(() => this.session.uid, (uid) => this.search.setOwner(uid), { fireImmediately: true }),
      // A user who logs in gets the hints of the TV's mode for them.
      reaction(() => this.session.uid, (uid) => void (uid && this.search.loadHints(this.searchContext))),
      // SPEC 4/9: the TV's mode decides the home desktop and the search hints (child version).
      reaction(() => this.childMode, () => void this.showHome()),
      // Issue 24: search results asked in the other mode leave the screen (a child never keeps adult ones).
      reaction(() => this.childMode, () => this.search.modeChanged()),
      // Issue 24: the mode the TV reports is kept for the next launch (see childMode).
      reaction(
        () => (this.tv.modeReported ? { mac: this.tv.reportedMac, child: this.curVersion === EPG_CHILD } : null),
        (r) => r && this.modes.remember(this.session.uid, r.mac, r.child),
        { fireImmediately: true, equals: (a, b) => a?.mac === b?.mac && a?.child === b?.child },
      ),
      // Whatever belonged to a user who left goes with them (logout, session ended, another login).
      this.session.onEnd((uid) => this.forgetUser(uid)),
    )
  }

  /** Who asks about which TV: the logged-in user and the current TV (null without either). */
  get tvTarget(): LockTarget | null {
    const uid = this.user.user?.uid
    const mac = this.devices.current?.mac
    return uid && mac ? { uid, mac } : null
  }

  /**
   * A store only some pages use (issue 12: locks, screen mode, family members), created by the first
   * page that needs it, so its code loads with those pages and not with home. Reset with the user.
   */
  extra<T extends ExtraStore>(key: string, make: () => T): T {
    const existing = this.extras.get(key)
    if (existing) return existing as T
    const made = make()
    this.extras.set(key, made)
    return made
  }

  /**
   * The phone number confirmed again through the bridge: WeChat's getPhoneNumber button code
   * (mc/wxa/getSecretPhone), else the native bridge's number. Null when none was given.
   */
  confirmPhone(code?: string): Promise<string | null> {
    const bridge = this.bridge?.kind === 'weapp' ? (this.bridge as WeappBridge) : null
    return bridge ? bridge.phoneFromButton(code) : this.getPhone()
  }

  /** A reaction that lives as long as this root (disposed with it). */
  keep(disposer: () => void): void {
    this.disposers.push(disposer)
  }

  /** SPEC 3 curVersion: the TV's EPG version; 0 is the child version. */
  get curVersion(): number {
    return Number(this.tv.tvMode.content.currentEPGVersion)
  }

  /**
   * The TV's child mode, which decides every list the app shows (SPEC 9: curVersion 0 uses the child
   * channel). It is the selected TV's own type 87 report when there is one. Until then (a cold start,
   * a TV switch, the TV offline: SPEC 4's default adult state) a TV last seen in child mode counts as
   * still in it (ModeMemory, issue 24), so a child's phone never lists adult programs in that window.
   */
  get childMode(): boolean {
    if (this.tv.modeReported) return this.curVersion === EPG_CHILD
    return this.modes.wasChild(this.modeMac)
  }

  /** The TV the mode is about: the current one, or the user's last while the bound TVs are not known. */
  private get modeMac(): string {
    const mac = this.devices.current?.mac
    if (mac) return mac
    const known = this.devices.list.status === 'ready' || this.devices.list.status === 'empty'
    return known ? '' : this.modes.lastTvOf(this.session.uid)
  }

  /** SPEC 4: logged in when the current device has abilityString or uid. */
  get loggedIn(): boolean {
    return this.devices.isLoggedIn
  }

  get searchContext(): SearchContext {
    return {
      userId: this.user.user?.uid ?? '',
      abilityString: this.devices.current?.abilityString ?? '',
      childMode: this.childMode,
    }
  }

  /**
   * App launch: sharer uid, a silent login through the bridge when there is no saved session and the
   * user has consented (without consent the app browses but does not log in), bound TVs.
   */
  async start(params: { sharerUid?: string } = {}): Promise<void> {
    this.user.setSharerUid(params.sharerUid)
    if (!this.user.hasSession && !this.storage.get<boolean>(LOGGED_OUT_KEY)) {
      // WeChat (issue 23): a returning identity that consented to these terms goes straight in, so
      // its consent holds on this phone too; the operator app's bridge: the phone, after consent here
      if (this.bridge?.kind === 'weapp') {
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
  async signIn(): Promise<{ ok: true } | { ok: false; message: string }> {
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
   * ticked logs in from a fresh wx.login code, without another phone number (issue 23).
   */
  async signInWithWeChat(): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!this.consent.accepted) return this.signIn()
    if ((await this.user.loginWithWeChat({ tapped: true })) !== 'session') return { ok: false, message: this.user.error || loginText.failed }
    this.storage.remove(LOGGED_OUT_KEY)
    await this.devices.load()
    return { ok: true }
  }

  /** WeChat: the getPhoneNumber button's code becomes the bridge's phone number, then signIn. */
  async signInWithPhoneCode(code: string | undefined): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!this.consent.accepted) return this.signIn()
    const bridge = this.bridge?.kind === 'weapp' ? (this.bridge as WeappBridge) : null
    if (!bridge) return this.signIn()
    try {
      await bridge.phoneFromButton(code)
    } catch (e) {
      const message = failureMessage(e, loginText.failed)
      this.user.refuse(message)
      return { ok: false, message }
    }
    return this.signIn()
  }

  /**
   * The gateway records the consent given on this phone (per uid and terms version, issue 23), so the
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

  /** Logout, or the session could not be kept (401 after refresh + retry): everything of the user goes. */
  endSession(): void {
    this.session.end()
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

  private forgetUser(uid: string): void {
    this.tv.setDevice(null, null)
    this.home.invalidate()
    this.devices.list.set([])
    this.tasks.clear()
    this.points.clear()
    this.search.forget(uid)
    this.modes.forget(uid)
    for (const store of this.extras.values()) store.reset()
    this.ystProgramId = ''
  }

  /** Why a command cannot go to the TV now ('' when it is online): no TV, offline, or global lock. */
  get tvBlocker(): string {
    // Issue 12: under global lock the TV takes nothing: said at once, nothing asked or sent
    if (this.tv.globalLocked) return tvText.globalLocked
    if (this.tv.online) return ''
    return this.tv.device ? tvText.offlineCannotSend : tvText.noDevice
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
    // Issue 36: out of minors' mode's limits the play is refused with the reason before anything is asked or sent
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
    // Issue 12: a TV under global lock answers with globalLock true: say so instead of "sent"
    const reply = await this.tv.replyTo(res.sequenceId, tvTimers.offlineAfterMs)
    return reply?.content.globalLock === true ? { ok: false, message: tvText.globalLocked } : { ok: true, message: tvText.playSent }
  }

  /**
   * The user logs out (my-info): the TV link closes, the session and everything kept for this user
   * (favourites, records, black lists, recent searches, bound TVs) are cleared, and the app does not
   * log in silently again until the user asks to (the login card).
   */
  logout(): void {
    // The gateway ends this token and stops silent WeChat login until a login by tap (issue 23). The
    // request leaves with the session's token before it ends here; offline, this phone still logs out.
    const uid = this.session.uid
    if (uid) void this.serverLogout(uid)
    this.endSession()
    this.search.reset()
    this.home.invalidate()
    this.ystProgramId = ''
    this.storage.set(LOGGED_OUT_KEY, true)
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
      for (const store of this.extras.values()) store.dropPrograms?.(ids)
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
    this.tv.onAppShow(this.loggedIn)
  }

  onNetworkChange(connected: boolean): void {
    this.tv.onNetworkChange(connected)
  }

  /** The app is going away (a test's world, a benchmark's phone): no reaction, timer or link outlives it. */
  dispose(): void {
    for (const d of this.disposers) d()
    for (const store of this.extras.values()) store.dispose?.()
    this.tv.dispose()
  }
}

/** The WeChat ports of the login (issue 23): getUserInfo for a fresh code's identity, createUser to link it. */
function wechatPorts(bridge: WeappBridge, api: Api): Pick<UserPorts, 'wechatSignIn' | 'linkIdentity'> {
  return {
    async wechatSignIn(tapped) {
      const id = await bridge.identity()
      if (!id) return null
      const r = await api.userCenter.getUserInfo({ ...id, termsVersion, ...(tapped ? { tapped } : {}) })
      return { signIn: r.signIn ?? (r.registered ? 'terms' : 'unregistered'), credentials: r.session && r.uid ? { user: { uid: r.uid, phone: r.phone, nickName: r.nickName, lastFamilyId: r.lastFamilyId, faceImg: r.faceImg }, ...r.session } : null }
    },
    async linkIdentity(phone) {
      const id = bridge.takeIdentity()
      if (id) await api.userCenter.createUser({ ...id, phone })
    },
  }
}

/** Set by an explicit logout; cleared by the next login the user asks for. */
export const LOGGED_OUT_KEY = 'tvc.loggedOut'

function sameDevice(a: Device | null, b: Device | null): boolean {
  return a === b || (!!a && !!b && a.familyId === b.familyId && a.mac === b.mac && a.uid === b.uid && a.abilityString === b.abilityString)
}
