/**
 * Minors' mode as the phone knows it at any moment (main package: the TV card's line and
 * the refusal of plays and channel keys before anything is sent). Two sources:
 *   - the box's own report (type 87 `minors`, a local-stack extension): what it counted and why it
 *     refuses; when it reports, it enforces, and its word is taken;
 *   - otherwise the gateway's settings and count (queryMinorsMode), judged on the gateway's clock
 *     (its serverTime plus the time since the answer): a box that does not report (a real operator's
 *     box) does not enforce, so the phone refuses its own commands out of limits and says so.
 * The gateway is asked only when the selected TV answers without `minors` (mode off, or a box that
 * does not report), again when a box stops reporting, and when the answer is over 5 minutes old.
 *
 * It fails closed: while the selected TV is online, reports no `minors` and the gateway's answer for it
 * is missing (not yet read, the read failed, or it named another TV), plays and channel keys are
 * refused with a plain message, and each try reads again. The phone's own clock only ever makes it
 * stricter: what the gateway's last answer refused stays refused until the gateway says otherwise (a
 * new server day or the curfew's end is asked, never assumed from the phone's clock, which the child
 * holding the phone can move); a clock that went backwards asks again.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { MinorsInfo } from '../../protocol/contract/minors'
import { limitSecOf, minorsReason, type MinorsReason } from '../../protocol/minors'
import { readMinors, type MinorsBoxState } from '../../protocol/tv/minors'
import { serverDayKey } from '../../protocol/time'
import type { TvModeContent } from '../../protocol/tv/messages'
import type { Api } from '../../services/api'
import type { RootStore } from './root'
import type { ExtraStore } from './extras'
import type { TvTarget } from './types'
import { minors as t } from '../../strings/minors'

export type MinorsStatusApi = Pick<Api['userCenter'], 'queryMinorsMode'>

/** What the status reads of the TV store. */
export interface MinorsTvView {
  readonly tvMode: { content: TvModeContent }
  /** `tvMode` is the selected TV's own report. */
  readonly modeReported: boolean
  readonly online: boolean
}

/** The gateway's answer is asked again after this long (a parent may have changed it on another phone). */
export const MINORS_INFO_MAX_AGE_MS = 5 * 60_000

export class MinorsStatusStore implements ExtraStore {
  info: MinorsInfo | null = null
  /** The TV whose last read failed ('' none): the mode of that TV cannot be told. */
  failedFor = ''
  /** Phone clock when `info` arrived. */
  private fetchedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly api: MinorsStatusApi,
    private readonly target: () => TvTarget | null,
    private readonly tv: MinorsTvView,
    private readonly now: () => number = () => Date.now(),
  ) {
    makeAutoObservable<MinorsStatusStore, 'api' | 'target' | 'tv' | 'now' | 'fetchedAt' | 'loading'>(this, {
      api: false,
      target: false,
      tv: false,
      now: false,
      fetchedAt: false,
      loading: false,
    })
  }

  /** The box's report, when the selected TV sent one that carries `minors`. */
  get box(): MinorsBoxState | null {
    return this.tv.online && this.tv.modeReported ? readMinors(this.tv.tvMode.content) : null
  }

  /** The gateway's answer for the selected TV (null: none yet, or another TV's). */
  private get current(): MinorsInfo | null {
    const target = this.target()
    return this.info && target && this.info.mac === target.mac ? this.info : null
  }

  /** Whether minors' mode is on for the selected TV. */
  get on(): boolean {
    return this.box !== null || this.current?.settings.enabled === true
  }

  /**
   * Whether the mode of the selected TV cannot be told now: it is online, reports no `minors`, and the
   * gateway's answer for it is missing. Plays are then refused (fail closed).
   */
  get unknown(): boolean {
    return this.tv.online && this.box === null && this.target() !== null && this.current === null
  }

  /** Whether the TV itself enforces (it reports `minors`). */
  get enforcedByTv(): boolean {
    return this.box !== null
  }

  /** The gateway's clock now, from its last answer. */
  private serverNow(info: MinorsInfo): number {
    return info.serverTime + Math.max(0, this.now() - this.fetchedAt)
  }

  /**
   * Today's count and total: the box's, else the gateway's last answer. When the phone's clock says a
   * new server day began, the gateway is asked (its answer starts the day from 0): the phone's clock
   * alone never does.
   */
  usage(): { usedSec: number; limitSec: number } | null {
    const box = this.box
    if (box) return { usedSec: box.usedSec, limitSec: box.limitSec }
    const info = this.current
    if (!info?.settings.enabled) return null
    if (serverDayKey(this.serverNow(info)) !== info.today.day) void this.load()
    return { usedSec: info.today.usedSec, limitSec: info.today.limitSec }
  }

  /** Why plays are refused now (null: they may go). */
  reason(): MinorsReason | null {
    const box = this.box
    if (box) return box.reason
    const info = this.current
    if (!info) return null
    const elapsed = this.now() - this.fetchedAt
    // an old answer is asked again (another phone may have changed the settings), and so is one that the
    // phone's clock, set back, places in the future; this one decides now
    if (elapsed > MINORS_INFO_MAX_AGE_MS || elapsed < 0) void this.load()
    if (!info.settings.enabled) return null
    // at the gateway's own moment, by its own count
    const then = minorsReason(info.settings, info.today.usedSec, info.today.limitSec, info.serverTime)
    // and since, by the phone's clock: it may start the curfew (stricter), never end a refusal
    const at = this.serverNow(info)
    const sameDay = serverDayKey(at) === info.today.day
    const later = minorsReason(info.settings, sameDay ? info.today.usedSec : 0, sameDay ? info.today.limitSec : limitSecOf(info.settings, 0), at)
    if (later) return later
    if (then) {
      // a new day or the curfew's end by the phone's clock: only the gateway's answer lifts it
      void this.load()
      return then
    }
    return null
  }

  /** The card's line ('' while the mode is off): 今日已看 35/60 分钟, why, and whether the TV enforces. */
  cardLine(): string {
    if (this.unknown && this.failedFor === this.target()?.mac) return t.unreadableCard
    const use = this.on ? this.usage() : null
    if (!use) return ''
    const reason = this.reason()
    const parts = [t.cardLine(Math.floor(use.usedSec / 60), Math.floor(use.limitSec / 60))]
    if (reason) parts.push(t.why[reason])
    if (!this.enforcedByTv) parts.push(t.notEnforced)
    return parts.join(' · ')
  }

  /** What the user is told when a play or channel command is refused; '' when it may go. */
  refusal(): string {
    if (this.unknown) {
      // fail closed: nothing goes while the mode cannot be told; each try reads again
      void this.load()
      return this.failedFor === this.target()?.mac ? t.unreadable : t.reading
    }
    const reason = this.reason()
    if (!reason) return ''
    return this.enforcedByTv ? t.refused[reason] : `${t.refused[reason]}${t.refusedHere}`
  }

  /**
   * Asks the gateway for the selected TV's settings and count (one request at a time). A failed read (no
   * answer, or one for another TV) is remembered: until a read succeeds, that TV's plays are refused.
   */
  load(): Promise<void> {
    const target = this.target()
    if (!target) return Promise.resolve()
    const failed = (): void =>
      runInAction(() => {
        this.failedFor = target.mac
      })
    const loading = (this.loading ??= this.api
      .queryMinorsMode(target)
      .then((info) => {
        if (!info?.mac || info.mac !== target.mac) return failed()
        runInAction(() => {
          this.info = info
          this.fetchedAt = this.now()
          if (this.failedFor === info.mac) this.failedFor = ''
        })
      })
      .catch(failed)
      .finally(() => {
        this.loading = null
      }))
    return loading
  }

  /**
   * What a play waits for before it is judged: a read under way, or one started now because the mode
   * cannot be told; null when it can be judged at once.
   */
  settle(): Promise<void> | null {
    if (this.loading) return this.loading
    return this.unknown ? this.load() : null
  }

  /** The answer of a change this phone made (the settings page): taken at once. */
  accept(info: MinorsInfo): void {
    this.info = info
    this.fetchedAt = this.now()
  }

  reset(): void {
    this.info = null
    this.fetchedAt = 0
    this.failedFor = ''
  }
}

/**
 * The root's minors' status, created at start (appRoot) so every play and channel key is guarded from
 * the first page on, whichever page that is. The gateway is asked when the selected TV's report says
 * nothing of minors' mode; the box's rest reminder is told with `onRest`.
 */
export function minorsStatusOf(root: RootStore, onRest: (message: string) => void = () => undefined): MinorsStatusStore {
  return root.extra(MinorsStatusStore, () => {
    const status = new MinorsStatusStore(root.api.userCenter, () => root.tvTarget, root.tv)
    root.tv.setPlayGuard(
      () => status.refusal(),
      () => status.settle(),
    )
    root.keep(
      reaction(
        () => [root.tvTarget?.mac ?? '', root.tv.modeReported && status.box === null] as const,
        ([mac, silent]) => {
          if (mac && silent && (!status.info || status.info.mac !== mac || status.info.settings.enabled)) void status.load()
        },
        { fireImmediately: true, equals: (a, b) => a[0] === b[0] && a[1] === b[1] },
      ),
    )
    root.keep(
      reaction(
        () => status.box?.rest === true,
        (rest) => rest && onRest(t.rest),
      ),
    )
    return status
  })
}
