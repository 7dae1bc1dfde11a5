/**
 * Issue 36, minors' mode as the phone knows it at any moment (main package: the TV card's line and
 * the refusal of plays and channel keys before anything is sent). Two sources:
 *   - the box's own report (type 87 `minors`, a local-stack extension): what it counted and why it
 *     refuses; when it reports, it enforces, and its word is taken;
 *   - otherwise the gateway's settings and count (queryMinorsMode), judged on the gateway's clock
 *     (its serverTime plus the time since the answer): a box that does not report (a real operator's
 *     box) does not enforce, so the phone refuses its own commands out of limits and says so.
 * The gateway is asked only when the selected TV answers without `minors` (mode off, or a box that
 * does not report), again when a box stops reporting, and when the answer is over 5 minutes old.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { MinorsInfo } from '../../../protocol/contract/minors'
import { limitSecOf, minorsReason, type MinorsReason } from '../../../protocol/minors'
import { readMinors, type MinorsBoxState } from '../../../protocol/tv/minors'
import { serverDayKey } from '../../../protocol/time'
import type { TvModeContent } from '../../../protocol/tv/messages'
import type { Api } from '../../../services/api'
import type { RootStore } from '../../../stores/app/root'
import type { ExtraStore } from '../../../stores/app/extras'
import type { TvTarget } from '../../../stores/app/types'
import { minors as t } from '../../../strings/minors'

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

export class MinorsStatus implements ExtraStore {
  info: MinorsInfo | null = null
  /** Phone clock when `info` arrived. */
  private fetchedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly api: MinorsStatusApi,
    private readonly target: () => TvTarget | null,
    private readonly tv: MinorsTvView,
    private readonly now: () => number = () => Date.now(),
  ) {
    makeAutoObservable<MinorsStatus, 'api' | 'target' | 'tv' | 'now' | 'fetchedAt' | 'loading'>(this, {
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

  /** Whether the TV itself enforces (it reports `minors`). */
  get enforcedByTv(): boolean {
    return this.box !== null
  }

  /** The gateway's clock now, from its last answer. */
  private serverNow(info: MinorsInfo): number {
    return info.serverTime + Math.max(0, this.now() - this.fetchedAt)
  }

  /** Today's count and total: the box's, else the gateway's (a new server day starts from 0). */
  usage(): { usedSec: number; limitSec: number } | null {
    const box = this.box
    if (box) return { usedSec: box.usedSec, limitSec: box.limitSec }
    const info = this.current
    if (!info?.settings.enabled) return null
    if (serverDayKey(this.serverNow(info)) !== info.today.day) return { usedSec: 0, limitSec: limitSecOf(info.settings, 0) }
    return { usedSec: info.today.usedSec, limitSec: info.today.limitSec }
  }

  /** Why plays are refused now (null: they may go). */
  reason(): MinorsReason | null {
    const box = this.box
    if (box) return box.reason
    const info = this.current
    // an old answer is asked again (another phone may have changed the settings); this one decides now
    if (info && this.now() - this.fetchedAt > MINORS_INFO_MAX_AGE_MS) void this.load()
    const use = this.usage()
    if (!info || !use) return null
    return minorsReason(info.settings, use.usedSec, use.limitSec, this.serverNow(info))
  }

  /** The card's line ('' while the mode is off): 今日已看 35/60 分钟, why, and whether the TV enforces. */
  cardLine(): string {
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
    const reason = this.reason()
    if (!reason) return ''
    return this.enforcedByTv ? t.refused[reason] : `${t.refused[reason]}${t.refusedHere}`
  }

  /** Asks the gateway for the selected TV's settings and count (one request at a time). */
  load(): Promise<void> {
    const target = this.target()
    if (!target) return Promise.resolve()
    this.loading ??= this.api
      .queryMinorsMode(target)
      .then((info) => {
        if (!info?.mac) return
        runInAction(() => {
          this.info = info
          this.fetchedAt = this.now()
        })
      })
      .catch(() => undefined) // kept as it was: the next report or play asks again
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  /** The answer of a change this phone made (the settings page): taken at once. */
  accept(info: MinorsInfo): void {
    this.info = info
    this.fetchedAt = this.now()
  }

  reset(): void {
    this.info = null
    this.fetchedAt = 0
  }
}

/**
 * The root's minors' status, created at start (appRoot) so every play and channel key is guarded from
 * the first page on, whichever page that is. The gateway is asked when the selected TV's report says
 * nothing of minors' mode; the box's rest reminder is told with `onRest`.
 */
export function minorsStatusOf(root: RootStore, onRest: (message: string) => void = () => undefined): MinorsStatus {
  return root.extra(MinorsStatus, () => {
    const status = new MinorsStatus(root.api.userCenter, () => root.tvTarget, root.tv)
    root.tv.setPlayGuard(() => status.refusal())
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
