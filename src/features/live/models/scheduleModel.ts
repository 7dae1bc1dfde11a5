import { makeAutoObservable, runInAction } from 'mobx'
import type { LiveProgramme } from '../../../protocol/contract/models'
import { dayParts, serverDayAdd, serverDayKey, serverDayOffset, serverDayStart } from '../../../protocol/time'
import { childChannelId } from '../../../config'
import { Loadable } from '../../../stores/kit/loadable'
import { ServerClock, type LiveApi, type LiveTimers } from '../store/liveStore'
import type { ResOf } from '../../../protocol/contract/endpoint'
import type { live } from '../../../protocol/contract/live'

export type ProgrammeDetail = ResOf<typeof live.psdetail>

/** The schedule days the gateway answers: today -3 .. +3 (server days, UTC+8). */
export const SCHEDULE_OFFSETS = [-3, -2, -1, 0, 1, 2, 3] as const

export interface ScheduleDay {
  key: string
  /** -3 .. +3 from the server's today. */
  offset: number
  month: number
  day: number
  weekday: number
}

export type ProgrammeWhen = 'past' | 'onAir' | 'later'

/** Where a programme stands at `now`. */
export function whenOf(p: Pick<LiveProgramme, 'startTime' | 'endTime'>, now: number): ProgrammeWhen {
  if (now >= p.endTime) return 'past'
  if (now >= p.startTime) return 'onAir'
  return 'later'
}

/**
 * How long before its start a programme can already be watched on the TV (the channel is put on ahead
 * of it): the longest reminder lead time, so a reminder's notice always opens it with 在电视上看.
 */
export const WATCH_AHEAD_MS = 30 * 60_000

/** 在电视上看 is offered: the programme is on air, or starts within WATCH_AHEAD_MS. */
export function watchable(p: Pick<LiveProgramme, 'startTime' | 'endTime'>, now: number): boolean {
  const when = whenOf(p, now)
  return when === 'onAir' || (when === 'later' && p.startTime - now <= WATCH_AHEAD_MS)
}

/** The programme of `list` on air at `now`, if any. */
function onAirIn(list: readonly LiveProgramme[], now: number): LiveProgramme | undefined {
  return list.find((p) => whenOf(p, now) === 'onAir')
}

/**
 * A channel's schedule page: the days today -3 .. +3 by the gateway's clock, one day's programmes
 * (getAllProgramlist), which one is on air and which are past, and one programme's detail (psdetail).
 * A day outside the range is answered 1003 by the gateway, and the page shows its message.
 */
export class ScheduleModel {
  readonly list = new Loadable<LiveProgramme[]>()
  readonly detail = new Loadable<ProgrammeDetail>((d) => !d)
  date: string
  now: number
  /** The channel, as the schedule's answer names it (null until one came). */
  channel: { name: string; number: number; logo: string } | null = null
  /**
   * The list shown was answered for the child channel (asked in child mode): a child may watch its
   * programmes. A list asked before the TV went into child mode is not, until it is asked again.
   */
  childList = false
  /** The programme whose detail is open (null: none). */
  openPsId: string | null = null
  readonly clock: ServerClock
  /** No day was asked for: the page shows the gateway's today, whatever the phone's clock says. */
  private today: boolean
  /** Loads started: an answer for an older one does not replace the day shown. */
  private loads = 0

  constructor(
    private readonly api: Pick<LiveApi, 'getAllProgramlist' | 'psdetail'>,
    readonly channelId: string,
    date: string,
    private readonly childMode: () => boolean,
    private readonly timers: Pick<LiveTimers, 'now'> = { now: () => Date.now() },
  ) {
    this.clock = new ServerClock(() => this.timers.now())
    this.now = this.clock.now()
    this.date = date || serverDayKey(this.now)
    this.today = !date
    makeAutoObservable<ScheduleModel, 'api' | 'childMode' | 'timers' | 'today' | 'loads'>(this, { api: false, childMode: false, timers: false, clock: false, today: false, loads: false })
  }

  /** Today -3 .. +3 around the gateway's today. */
  get days(): ScheduleDay[] {
    return SCHEDULE_OFFSETS.map((offset) => {
      const key = serverDayAdd(this.now, offset)
      return { key, offset, ...dayParts(key) }
    })
  }

  /** Where the shown day is from the gateway's today (0 today). */
  get dayOffset(): number {
    return serverDayOffset(this.now, this.date)
  }

  get onAir(): LiveProgramme | undefined {
    return onAirIn(this.list.value ?? [], this.now)
  }

  /**
   * One day's programmes. Without a day asked for, "today" is first guessed from the phone's clock;
   * when the gateway's `serverTime` says today is another day, that day is loaded instead. A programme
   * crossing midnight is listed whole on the day it starts, so in the minutes before today's first
   * programme (just after midnight) the one on air is yesterday's last: yesterday is shown then.
   */
  async load(date: string = this.date): Promise<void> {
    const seq = ++this.loads
    if (date !== this.date) this.today = false
    this.date = date
    await this.fetch(date)
    if (!this.today || !this.answered) return
    this.today = false
    const serverToday = serverDayKey(this.clock.now())
    if (serverToday !== date) {
      runInAction(() => (this.date = serverToday))
      await this.fetch(serverToday)
    }
    const first = this.list.value?.[0]
    if (this.answered && first && !this.onAir && this.now < first.startTime) await this.yesterdayIfOnAir(seq)
  }

  /** Whether the last fetch got the gateway's answer (an empty day included). */
  private get answered(): boolean {
    return this.list.status === 'ready' || this.list.status === 'empty'
  }

  /**
   * Shows yesterday when its list holds the programme on air. Today's list stays on screen while it is
   * asked, and stays if it fails or holds none (today is right as shown; 昨天 is a tap away); a day the
   * user chose meanwhile is not replaced.
   */
  private async yesterdayIfOnAir(seq: number): Promise<void> {
    const yesterday = serverDayAdd(serverDayStart(this.date), -1)
    const res = await this.api.getAllProgramlist(this.query(yesterday)).catch(() => undefined)
    if (!res || seq !== this.loads) return
    if (res.serverTime) this.clock.sync(res.serverTime)
    const now = this.clock.now()
    if (!onAirIn(res.list, now)) return
    runInAction(() => {
      this.childList = this.childMode()
      this.date = yesterday
      this.now = now
      this.list.set(res.list)
    })
  }

  private query(date: string) {
    return { channelId: this.channelId, date, ...(this.childMode() ? { serviceChannelId: childChannelId } : {}) }
  }

  private async fetch(date: string): Promise<void> {
    await this.list.run(async () => {
      const query = this.query(date)
      const res = await this.api.getAllProgramlist(query)
      if (res) runInAction(() => (this.childList = query.serviceChannelId === childChannelId))
      if (res?.serverTime) this.clock.sync(res.serverTime)
      if (res) runInAction(() => (this.channel = { name: res.channelName, number: res.channelNumber, logo: res.logo }))
      return res?.list ?? []
    })
    runInAction(() => (this.now = this.clock.now()))
  }

  /** The time moved on (the page's own tick): on air and past follow. */
  tick(): void {
    this.now = this.clock.now()
  }

  async openDetail(psId: string): Promise<void> {
    this.openPsId = psId
    await this.detail.run(async () => {
      const d = await this.api.psdetail({ psId })
      if (d?.serverTime) this.clock.sync(d.serverTime)
      return d
    })
    runInAction(() => (this.now = this.clock.now()))
  }

  closeDetail(): void {
    this.openPsId = null
    this.detail.reset()
  }
}
