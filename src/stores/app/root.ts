import type { ProvenPhone } from '../../protocol/identity'
import { action, computed, makeObservable, reaction } from 'mobx'
import type { Api } from '../../services/api'
import type { Device } from '../../protocol/contract/models'
import { CHILD_VERSION } from '../../protocol/tv/messages'
import type { KeyValueStorage } from '../../platform/storage'
import type { PhoneBridge } from '../../platform/bridge/types'
import type { WeappBridge } from '../../platform/bridge/weapp'
import type { AvatarUploader } from '../../services/http/upload'
import { routeOf } from '../../routes'
import { tv as tvText } from '../../strings'
import { DevicesStore } from './devicesStore'
import { HomeStore } from './homeStore'
import { SearchStore, type SearchContext } from './searchStore'
import { TasksStore, type TaskUser } from './tasksStore'
import { PointsStore } from './pointsStore'
import { TvStore } from './tvStore'
import { UserStore } from './userStore'
import { ConsentStore } from './consentStore'
import { Session } from './session'
import { storageHomeCache } from './homeCache'
import { ModeMemory } from './modeMemory'
import { NoticeBoard } from './noticeBoard'
import { TextScaleStore } from './textScale'
import { standardTextScale } from '../../platform/textScale'
import { AppActions } from './actions'
import type { ExtraKey, ExtraStore } from './extras'
import { wechatBridgeOf, wechatPorts } from './wechat'
import type { RootDeps, TrackerPort, TvTarget } from './types'

/**
 * The wiring (MobX "RootStore"): builds the app-lifetime stores, lets them reach each other, holds the
 * extras registry, the state derived across stores (child mode, logged in, what blocks a TV command)
 * and the cross-store rules (`rules()`). The app's actions (launch, sign-in, logout, play on TV, ...)
 * are in actions.ts, which this class extends.
 */
export class RootStore extends AppActions {
  readonly api: Api
  /** Who is logged in (token, secret, user): the one place to read the user's uid (`session.uid`). */
  readonly session: Session
  readonly user: UserStore
  readonly consent: ConsentStore
  readonly devices: DevicesStore
  readonly tv: TvStore
  readonly search: SearchStore
  /** The mode each TV last reported (see childMode). */
  readonly modes: ModeMemory
  readonly home: HomeStore
  readonly tasks: TasksStore
  /** The points balance (shown by the points centre and 我的) and the sign-in strip. */
  readonly points: PointsStore
  /** The banner every page shows over its top (a programme reminder that went off). */
  readonly notices = new NoticeBoard()
  readonly tracker: TrackerPort
  /** The user's text size (WeChat's font size, the operator app's or the WebView's): the styles follow it. */
  readonly textScale: TextScaleStore
  /** The native bridge's phone number (the lock password reset confirms it again). */
  readonly getPhone: () => Promise<ProvenPhone | null>
  readonly bridge: PhoneBridge | undefined
  readonly uploadAvatar: AvatarUploader | undefined
  protected readonly wechat: WeappBridge | null
  protected readonly storage: KeyValueStorage
  protected readonly extras: ExtraStore[] = []
  private readonly extraOf = new Map<ExtraKey<ExtraStore>, ExtraStore>()
  private readonly disposers: Array<() => void> = []

  constructor(deps: RootDeps) {
    super()
    this.api = deps.api
    this.storage = deps.storage
    this.getPhone = deps.getPhone
    this.bridge = deps.bridge
    this.wechat = wechatBridgeOf(deps.bridge)
    this.uploadAvatar = deps.uploadAvatar
    this.session = deps.session ?? new Session(deps.storage)
    this.tracker = deps.tracking(() => ({ uid: this.session.uid, phone: this.session.user?.phone ?? '', mac: this.devices.curMac }))
    this.consent = new ConsentStore(deps.storage)
    this.textScale = new TextScaleStore(deps.textScale ?? standardTextScale)
    this.user = new UserStore(
      {
        getPhone: deps.getPhone,
        mobileLogin: async (req) => {
          const r = await deps.api.userCenter.mobileLogin(req)
          return r.offline ? null : r
        },
        ...(this.wechat ? wechatPorts(this.wechat, deps.api) : {}),
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
    const who = (): TaskUser | null => (this.session.user ? { uid: this.session.user.uid, phone: this.session.user.phone } : null)
    this.tasks = new TasksStore(deps.api.activity, who, (total) => this.points.setBalance(total), deps.taskPolicy)
    this.points = new PointsStore(deps.api.activity, who, () => this.tasks.completeAction('sign'))
    makeObservable<RootStore, 'modeMac' | 'forgetUser'>(this, {
      tvTarget: computed,
      curVersion: computed,
      childMode: computed,
      modeMac: computed,
      loggedIn: computed,
      searchContext: computed,
      tvBlocker: computed,
      forgetUser: action,
    })
    this.disposers.push(...this.rules())
  }

  /** The rules between stores, each a reaction that lives as long as this root. */
  private rules(): Array<() => void> {
    return [
      // The user's text size goes into the page's styles whenever it changes (and at once).
      reaction(() => this.textScale.cssFactor, () => this.textScale.applyToPage(), { fireImmediately: true }),
      // SPEC 3/4: the TV link follows the current TV and the logged-in user; a new nickname reaches
      // the link too (SPEC 3 `from.nickname` of the next command).
      reaction(
        () => [this.devices.current, this.session.user] as const,
        ([device, user]) => this.tv.setDevice(device ? { ...device } : null, user ? { uid: user.uid, phone: user.phone, nickName: user.nickName } : null),
        { fireImmediately: true, equals: (a, b) => sameDevice(a[0], b[0]) && a[1]?.uid === b[1]?.uid && a[1]?.nickName === b[1]?.nickName },
      ),
      // SPEC 5: recent searches are the logged-in user's.
      reaction(() => this.session.uid, (uid) => this.search.setOwner(uid), { fireImmediately: true }),
      // SPEC 7 hotSearch: a user who logs in gets the hints of the TV's mode for them.
      reaction(() => this.session.uid, (uid) => void (uid && this.search.loadHints(this.searchContext))),
      // SPEC 4/9: the TV's mode decides the home desktop and the search hints (child version).
      reaction(() => this.childMode, () => void this.showHome()),
      // Search results asked in the other mode leave the screen (a child never keeps adult ones).
      reaction(() => this.childMode, () => this.search.modeChanged()),
      // The mode the TV reports is kept for the next launch (see childMode).
      reaction(
        () => (this.tv.modeReported ? { mac: this.tv.reportedMac, child: this.curVersion === CHILD_VERSION } : null),
        (r) => r && this.modes.remember(this.session.uid, r.mac, r.child),
        { fireImmediately: true, equals: (a, b) => a?.mac === b?.mac && a?.child === b?.child },
      ),
      // The TV says its lock password was just reset by its owner (type 87 `lockReset`, a local-stack
      // extension): the gateway's notice for this user is read and shown now, not at the next launch.
      reaction(
        () => this.tv.tvMode.content,
        (c) => void (c.lockReset === true && this.session.uid && this.devices.load()),
      ),
      // SPEC 4: whatever belonged to a user who left goes with them (logout, session ended, another login).
      this.session.onEnd((uid) => this.forgetUser(uid)),
    ]
  }

  private forgetUser(uid: string): void {
    this.tv.setDevice(null, null)
    this.home.invalidate()
    this.devices.list.set([])
    this.tasks.clear()
    this.points.clear()
    this.search.forget(uid)
    this.modes.forget(uid)
    this.notices.clear()
    for (const store of this.extras) store.reset()
    this.ystProgramId = ''
  }

  /**
   * A store only some pages use (locks, screen mode, family members, ...), created by the
   * first page that needs it through its accessor (`locksOf(root)`), so its code loads with those pages
   * and not with home. Reset with the user, disposed with the app.
   */
  extra<T extends ExtraStore>(key: ExtraKey<T>, make: () => T): T {
    const existing = this.extraOf.get(key)
    if (existing instanceof key) return existing
    const store = make()
    this.extraOf.set(key, store)
    this.extras.push(store)
    return store
  }

  /** A reaction that lives as long as this root (disposed with it). */
  keep(disposer: () => void): void {
    this.disposers.push(disposer)
  }

  /** Who asks about which TV: the logged-in user and the current TV (null without either). */
  get tvTarget(): TvTarget | null {
    const uid = this.session.uid
    const mac = this.devices.current?.mac
    return uid && mac ? { uid, mac } : null
  }

  /** SPEC 3 curVersion: the TV's EPG version; 0 is the child version. */
  get curVersion(): number {
    return Number(this.tv.tvMode.content.currentEPGVersion)
  }

  /**
   * The TV's child mode, which decides every list the app shows (SPEC 9: curVersion 0 uses the child
   * channel). It is the selected TV's own type 87 report when there is one. Until then (a cold start,
   * a TV switch, the TV offline: SPEC 4's default adult state) a TV last seen in child mode counts as
   * still in it (ModeMemory), so a child's phone never lists adult programs in that window.
   */
  get childMode(): boolean {
    if (this.tv.modeReported) return this.curVersion === CHILD_VERSION
    return this.modes.wasChild(this.modeMac)
  }

  /** The TV the mode is about: the current one, or the user's last while the bound TVs are not known. */
  private get modeMac(): string {
    const mac = this.devices.current?.mac
    if (mac) return mac
    const known = this.devices.list.status === 'ready' || this.devices.list.status === 'empty'
    return known ? '' : this.modes.lastTvOf(this.session.uid)
  }

  /**
   * SPEC 4's "logged in": the current TV (device) has abilityString or uid. Not the same as having a
   * session (`session.active`: this phone holds a user's token), which the login uses.
   */
  get loggedIn(): boolean {
    return this.devices.isLoggedIn
  }

  get searchContext(): SearchContext {
    return {
      userId: this.session.uid,
      abilityString: this.devices.current?.abilityString ?? '',
      childMode: this.childMode,
    }
  }

  /** Why a command cannot go to the TV now ('' when it is online): no TV, offline, or global lock. */
  get tvBlocker(): string {
    // Under global lock the TV takes nothing: said at once, nothing asked or sent
    if (this.tv.globalLocked) return tvText.globalLocked
    if (this.tv.online) return ''
    return this.tv.device ? tvText.offlineCannotSend : tvText.noDevice
  }

  /** The app is going away (a test's world, a benchmark's phone): no reaction, timer or link outlives it. */
  dispose(): void {
    for (const d of this.disposers) d()
    for (const store of this.extras) store.dispose?.()
    this.textScale.dispose()
    this.tv.dispose()
  }
}

function sameDevice(a: Device | null, b: Device | null): boolean {
  return a === b || (!!a && !!b && a.familyId === b.familyId && a.mac === b.mac && a.uid === b.uid && a.abilityString === b.abilityString)
}
