import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { Api } from '../services/api'
import type { Device } from '../services/contract/models'
import type { TvLinkDeps } from '../services/tv/types'
import { EPG_CHILD } from '../services/tv/protocol'
import type { KeyValueStorage } from '../platform/storage'
import type { PhoneBridge } from '../platform/bridge/types'
import { routeOf } from '../routes'
import { DevicesStore } from './devicesStore'
import { HomeStore } from './homeStore'
import { NetworkStatus } from './network'
import { SearchStore, type SearchContext } from './searchStore'
import { TasksStore } from './tasksStore'
import { TvStore } from './tvStore'
import { UserStore } from './userStore'

/** Tracking as the stores see it (SPEC 3 log records; implemented by services/tracking). */
export interface TrackerPort {
  pageView(url: string, query: Record<string, string | number>): void
  click(url: string, buttonInfo: string, ext?: Record<string, unknown>): void
  expose(url: string, ext: Record<string, unknown>): void
}

export interface RootDeps {
  api: Api
  storage: KeyValueStorage
  /** Native bridge: the phone number, or null. */
  getPhone: () => Promise<string | null>
  tvLink: TvLinkDeps
  tracker: TrackerPort
  network?: NetworkStatus
  /** The platform's phone bridge (the weapp login button hands its code to it). */
  bridge?: PhoneBridge
}

/**
 * Creates the domain stores and lets them reach each other (MobX "RootStore"). The current TV of
 * DevicesStore drives the TV link; the TV's mode (type 87 currentEPGVersion) decides child mode.
 */
export class RootStore {
  readonly network: NetworkStatus
  readonly user: UserStore
  readonly devices: DevicesStore
  readonly tv: TvStore
  readonly search: SearchStore
  readonly home: HomeStore
  readonly tasks: TasksStore
  readonly tracker: TrackerPort
  readonly api: Api
  readonly bridge: PhoneBridge | undefined
  started = false
  /** SPEC 3 ystProgramId: the program the user has open in detail, and may play on the TV. */
  ystProgramId = ''
  /** Set while a share sheet is open: the hide that follows is not the user leaving (SPEC 4). */
  private sharing = false
  private readonly disposers: Array<() => void> = []

  constructor(deps: RootDeps) {
    this.api = deps.api
    this.tracker = deps.tracker
    this.bridge = deps.bridge
    this.network = deps.network ?? new NetworkStatus()
    this.user = new UserStore(
      {
        getPhone: deps.getPhone,
        mobileLogin: async (req) => {
          const r = await deps.api.userCenter.mobileLogin(req)
          return r.offline ? null : r
        },
      },
      deps.storage,
    )
    this.devices = new DevicesStore(deps.api.userCenter, this.user, this.network)
    this.tv = new TvStore(deps.tvLink)
    this.search = new SearchStore(deps.api.search, deps.storage, this.network)
    this.home = new HomeStore(deps.api, this.network, (index) => this.tracker.pageView(routeOf.index, { tab: index }))
    this.tasks = new TasksStore(deps.api.activity, this.network)
    makeAutoObservable<RootStore, 'sharing' | 'disposers'>(this, {
      network: false, user: false, devices: false, tv: false, search: false, home: false, tasks: false, tracker: false, api: false, bridge: false, sharing: false, disposers: false,
    })
    this.disposers.push(
      reaction(
        () => [this.devices.current, this.user.user] as const,
        ([device, user]) => this.tv.setDevice(device ? { ...device } : null, user ? { uid: user.uid, phone: user.phone, nickName: user.nickName } : null),
        { fireImmediately: true, equals: (a, b) => sameDevice(a[0], b[0]) && a[1]?.uid === b[1]?.uid },
      ),
    )
  }

  /** SPEC 3 curVersion: the TV's EPG version; 0 is the child version. */
  get curVersion(): number {
    return Number(this.tv.tvMode.content.currentEPGVersion)
  }

  get childMode(): boolean {
    return this.curVersion === EPG_CHILD
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

  /** App launch: sharer uid, login through the bridge when there is no saved session, bound TVs. */
  async start(params: { sharerUid?: string } = {}): Promise<void> {
    this.user.setSharerUid(params.sharerUid)
    if (!this.user.hasSession) await this.user.login()
    await this.devices.load()
    runInAction(() => (this.started = true))
  }

  /** The session could not be kept (401 after refresh + retry): log out cleanly. */
  endSession(): void {
    this.tv.setDevice(null, null)
    this.user.logout()
    this.devices.list.set([])
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
  }

  onAppShow(): void {
    this.sharing = false
    this.tv.onAppShow(this.loggedIn)
  }

  onNetworkChange(connected: boolean): void {
    this.tv.onNetworkChange(connected)
  }

  dispose(): void {
    for (const d of this.disposers) d()
    this.tv.dispose()
  }
}

function sameDevice(a: Device | null, b: Device | null): boolean {
  return a === b || (!!a && !!b && a.familyId === b.familyId && a.mac === b.mac && a.uid === b.uid && a.abilityString === b.abilityString)
}
