import { makeAutoObservable, reaction, runInAction } from 'mobx'
import { LAST_ACTION_SHOWN_SEC, PRESENCE_WINDOW_SEC, readFamilyActivity, type FamilyActivity, type PresentMember } from '../../../protocol/tv/family'
import type { TvStore } from '../../../stores/app/tvStore'
import type { RootStore } from '../../../stores/app/root'
import { REMOTE_KEYS, type RemoteKey } from '../../../protocol/tv/commands'
import { realClock, type Clock } from '../../../services/tv/types'
import { tv } from '../../../strings'
import { shared as t } from '../../../strings/shared'

/** The wall clock and the timers the store needs (the app's realClock; fakes in tests). */
export type SharedClock = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>

/**
 * Who is using the shared TV, as the TV's box tells this phone (type 87 `family`, a
 * local-stack extension: src/protocol/tv/family.ts): the TV card's line 2 "妈妈 · 刚刚 · 调高音量"
 * ("你" for this user's own commands, text input as 输入了文字, nothing once the action is older than
 * 10 minutes), and the members whose phones are connected (the family panel). The age is the box's
 * `ageSec` plus the time since the message arrived, by this phone's clock only: the two clocks are
 * never compared. A box that sends no `family` (a real operator's) shows nothing.
 */
export class SharedTvStore {
  private activity: FamilyActivity | null = null
  private receivedAt = 0
  /** This phone's clock, moved on while an action is shown (observed by `line`). */
  private now = 0
  private timer: unknown = null
  private readonly stop: () => void

  constructor(
    private readonly tv: Pick<TvStore, 'tvMode' | 'online'>,
    private readonly clock: SharedClock = realClock,
  ) {
    makeAutoObservable<SharedTvStore, 'tv' | 'clock' | 'timer' | 'stop'>(this, { tv: false, clock: false, timer: false, stop: false })
    this.stop = reaction(
      () => this.tv.tvMode,
      (mode) => this.take(readFamilyActivity(mode.content)),
      { fireImmediately: true },
    )
  }

  /** Seconds since the last action, by the box's age and this phone's clock since it arrived. */
  private get ageSec(): number | null {
    const a = this.activity?.lastAction
    if (!a) return null
    return a.ageSec + Math.max(0, Math.floor((this.now - this.receivedAt) / 1000))
  }

  /** Line 2 of the TV card, or '' when there is nothing to show. */
  get line(): string {
    const a = this.activity?.lastAction
    const age = this.ageSec
    if (!this.tv.online || !a || age === null || age > LAST_ACTION_SHOWN_SEC) return ''
    const when = age < 60 ? t.justNow : t.minutesAgo(Math.floor(age / 60))
    return t.line(a.self ? t.you : a.name, when, actionLabel(a.action))
  }

  /**
   * The members whose phones are connected to the TV now (this user as "你"): what the box said last,
   * for at most PRESENCE_WINDOW_SEC by this phone's clock (the 30 s sync renews it while online).
   */
  get present(): PresentMember[] {
    if (!this.tv.online || this.now - this.receivedAt > PRESENCE_WINDOW_SEC * 1000) return []
    return this.activity?.present ?? []
  }

  private take(activity: FamilyActivity | null): void {
    this.activity = activity
    this.receivedAt = this.clock.now()
    this.now = this.receivedAt
    this.schedule()
  }

  /**
   * Wakes up exactly when what is shown changes: the action's next whole minute, its 10-minute end,
   * the end of the presence window. Nothing is scheduled once both are past.
   */
  private schedule(): void {
    this.clock.clearTimeout(this.timer)
    this.timer = null
    const since = this.now - this.receivedAt
    const waits: number[] = []
    const a = this.activity?.lastAction
    if (a) {
      const ageMs = a.ageSec * 1000 + since
      if (ageMs < (LAST_ACTION_SHOWN_SEC + 1) * 1000) waits.push(60_000 - (ageMs % 60_000), (LAST_ACTION_SHOWN_SEC + 1) * 1000 - ageMs)
    }
    if ((this.activity?.present.length ?? 0) > 0 && since <= PRESENCE_WINDOW_SEC * 1000) waits.push(PRESENCE_WINDOW_SEC * 1000 + 1 - since)
    if (waits.length === 0) return
    this.timer = this.clock.setTimeout(() => {
      runInAction(() => (this.now = this.clock.now()))
      this.schedule()
    }, Math.max(1, Math.min(...waits)))
  }

  reset(): void {
    this.clock.clearTimeout(this.timer)
    this.timer = null
    this.activity = null
  }

  dispose(): void {
    this.reset()
    this.stop()
  }
}

/** What an action did, in words: a key event name, inputText (never the text) or h5Play. */
export function actionLabel(action: string): string {
  // the action comes from the TV: own keys only (`constructor` is no label of ours)
  const named = Object.prototype.hasOwnProperty.call(t.actions, action) ? t.actions[action as keyof typeof t.actions] : undefined
  if (named) return named
  const key = (Object.keys(REMOTE_KEYS) as RemoteKey[]).find((k) => REMOTE_KEYS[k].keyEvent === action)
  return key ? t.pressed(tv.keys[key]) : t.otherAction
}

/** The root's shared-TV store (home's TV card and the family panel read it). */
export function sharedTvOf(root: RootStore): SharedTvStore {
  return root.extra(SharedTvStore, () => new SharedTvStore(root.tv))
}
