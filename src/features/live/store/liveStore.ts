import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import { realClock, type Clock } from '../../../services/tv/types'
import type { LiveProgramme } from '../../../protocol/contract/models'
import { childChannelId } from '../../../config'
import { Loadable } from '../../../stores/kit/loadable'
import type { RootStore } from '../../../stores/app/root'
import { routeOf } from '../../../routes'

export type LiveApi = Pick<Api['live'], 'getOpenNewAssortment' | 'channelList' | 'getAllProgramlist' | 'psdetail'>

export interface LiveGroup {
  assortmentId: string
  name: string
  child: boolean
}

export interface LiveChannel {
  channelId: string
  name: string
  number: number
  logo: string
  current?: LiveProgramme
  next?: LiveProgramme
}

/** A wall clock and its timers (the app's realClock; fakes in tests). */
export type LiveTimers = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>

/** How often the progress bars move (the on-air switch itself is timed to the programme's end). */
const TICK_MS = 30_000

/**
 * The gateway's clock as the phone sees it: each live answer's `serverTime` against the phone's clock
 * when it arrived. What is on air is decided on this clock, never on the phone's own (which may be
 * set wrong, or run in another time zone: times are shown in UTC+8, src/protocol/time.ts).
 */
export class ServerClock {
  private skew = 0
  constructor(private readonly local: () => number) {}
  /** An answer carried `serverTime`: the phone's clock is `serverTime - local()` off. */
  sync(serverTime: number): void {
    if (Number.isFinite(serverTime) && serverTime > 0) this.skew = serverTime - this.local()
  }
  now(): number {
    return this.local() + this.skew
  }
}

/**
 * A channel as time passes: once the programme on air has ended the next one moves up (the one after
 * it is not known until the list is asked again). Returns the same object when nothing changed.
 */
export function advanceChannel(c: LiveChannel, now: number): LiveChannel {
  if (!c.current || now < c.current.endTime) return c
  if (c.next && now < c.next.endTime) return { ...c, current: c.next, next: undefined }
  return { ...c, current: undefined, next: undefined }
}

/**
 * The 电视频道 tab: every channel group (child groups only in child mode, SPEC 9 curVersion 0 uses the
 * child channel), the channels of the selected group with the programme on air, its progress and the
 * next one, all on the gateway's clock. As time passes the list moves the next programme up when the
 * one on air ends, without a reload, then asks the gateway quietly for what comes after.
 * Created by the live tab on its first show (root.extra), so none of it loads with home.
 */
export class LiveStore {
  readonly groups = new Loadable<LiveGroup[]>()
  groupIndex = 0
  /** The gateway's now, moved by the tick; what the list shows is worked out from it. */
  now = 0
  private childMode: boolean | null = null
  private readonly channelData = new Map<string, Loadable<LiveChannel[]>>()
  readonly clock: ServerClock
  private timer: unknown = null
  private running = false
  /** Groups being asked again quietly (one request each at a time). */
  private readonly refreshing = new Set<string>()

  constructor(
    private readonly api: LiveApi,
    private readonly timers: LiveTimers = realClock,
    private readonly onGroupView: (group: LiveGroup) => void = () => undefined,
  ) {
    this.clock = new ServerClock(() => this.timers.now())
    this.now = this.clock.now()
    makeAutoObservable<LiveStore, 'api' | 'timers' | 'channelData' | 'timer' | 'running' | 'onGroupView' | 'childMode' | 'refreshing'>(this, {
      refreshing: false,
      api: false,
      timers: false,
      channelData: false,
      timer: false,
      running: false,
      onGroupView: false,
      childMode: false,
      clock: false,
    })
  }

  get group(): LiveGroup | undefined {
    return this.groups.value?.[this.groupIndex]
  }

  channelsOf(assortmentId: string): Loadable<LiveChannel[]> {
    let l = this.channelData.get(assortmentId)
    if (!l) {
      l = new Loadable<LiveChannel[]>()
      this.channelData.set(assortmentId, l)
    }
    return l
  }

  /** The channels of the selected group as they are at `now`. */
  get channels(): LiveChannel[] {
    const g = this.group
    const list = g ? this.channelsOf(g.assortmentId).value ?? [] : []
    return list.map((c) => advanceChannel(c, this.now))
  }

  private get serviceChannelId(): string | undefined {
    return this.childMode ? childChannelId : undefined
  }

  /**
   * The groups of the TV's mode, then the selected group's channels. A change of mode starts over:
   * a child-mode TV never shows an adult group, not even from before.
   */
  async load(childMode: boolean): Promise<void> {
    if (childMode !== this.childMode) {
      this.childMode = childMode
      this.channelData.clear()
      this.groupIndex = 0
      this.groups.reset()
    }
    const mode = childMode
    await this.groups.run(async () => {
      const res = await this.api.getOpenNewAssortment(mode ? { serviceChannelId: childChannelId } : {})
      // the gateway filters for the child channel; the app never shows an adult group in child mode either
      return (res?.list ?? []).filter((g) => !mode || g.child)
    })
    if (mode !== this.childMode) return
    runInAction(() => {
      if (this.groupIndex >= (this.groups.value?.length ?? 0)) this.groupIndex = 0
    })
    await this.loadGroup(false)
  }

  async selectGroup(index: number): Promise<void> {
    const groups = this.groups.value ?? []
    if (index < 0 || index >= groups.length) return
    this.groupIndex = index
    this.onGroupView(groups[index])
    await this.loadGroup(false)
  }

  /** The selected group's channels: loaded on first view, again on `force` (retry). */
  async loadGroup(force = true): Promise<void> {
    const g = this.group
    if (!g) return
    const l = this.channelsOf(g.assortmentId)
    if (!force && (l.status === 'ready' || l.status === 'loading' || l.status === 'empty')) return
    await l.run(() => this.fetchChannels(g.assortmentId))
    this.tick()
  }

  private async fetchChannels(assortmentId: string): Promise<LiveChannel[]> {
    const res = await this.api.channelList({ assortmentId, ...(this.serviceChannelId ? { serviceChannelId: this.serviceChannelId } : {}) })
    if (res?.serverTime) this.clock.sync(res.serverTime)
    return res?.list ?? []
  }

  /** Starts the clock: the list follows the time while the tab is on screen. */
  start(): void {
    this.running = true
    this.tick()
  }

  /** No more ticks (root.dispose: the app is going away). */
  dispose(): void {
    this.stop()
  }

  stop(): void {
    this.running = false
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
  }

  /**
   * Moves `now` and plans the next tick: at the earliest programme end on screen, or in TICK_MS for
   * the progress bars. A channel whose next programme moved up is asked for again, quietly (what is
   * shown stays; a failure keeps it).
   */
  tick(): void {
    this.now = this.clock.now()
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
    const g = this.group
    // one pass over the list as it is now (the getter maps every channel; outside a reaction it is not cached)
    const channels = this.channels
    if (g && channels.some((c) => c.current && !c.next)) void this.refreshQuietly(g.assortmentId)
    if (!this.running) return
    const ends = channels.map((c) => c.current?.endTime ?? Infinity)
    const wait = Math.max(1000, Math.min(TICK_MS, Math.min(...ends) - this.now))
    this.timer = this.timers.setTimeout(() => this.tick(), wait)
  }

  private async refreshQuietly(assortmentId: string): Promise<void> {
    if (this.refreshing.has(assortmentId)) return
    this.refreshing.add(assortmentId)
    try {
      await this.channelsOf(assortmentId).refresh(() => this.fetchChannels(assortmentId))
    } finally {
      this.refreshing.delete(assortmentId)
    }
    runInAction(() => (this.now = this.clock.now()))
  }

  reset(): void {
    this.stop()
    this.channelData.clear()
    this.groups.reset()
    this.groupIndex = 0
    this.childMode = null
  }
}

/** The app's one live store, made on first use (its code is in the live tab's chunk). */
export function liveStoreOf(root: RootStore): LiveStore {
  return root.extra(LiveStore, () => new LiveStore(root.api.live, realClock, (g) => root.tracker.click(routeOf.index, g.name, { assortmentId: g.assortmentId })))
}
