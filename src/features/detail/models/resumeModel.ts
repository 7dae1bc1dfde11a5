import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import type { HistoryItem } from '../../../protocol/contract/models'
import type { VodPlayState } from '../../../protocol/tv/messages'
import { Loadable } from '../../../stores/kit/loadable'
import { resume as r } from '../../../strings/resume'
import { formatClock } from '../../../stores/kit/progress'

/**
 * Where the user stopped in a program, for its detail page. The resume point comes from the
 * gateway's history (querySingleHistory), never from the phone's own timers: a real box speaks SPEC 4
 * only, and the local stack's box writes the record while it plays. What the TV reports it plays (the
 * local stack's `vod` extension) may move the shown point forward while the page is open.
 *
 * Within one play the shown point never moves backwards: a late sync reply, an answer written before
 * the last one the page saw, or a missing reply leave it where it is. Only a new play command from
 * the page (an episode, 继续在电视上播放, 重新播放) sets any point.
 */

/** What the page shows of where the user stopped. */
export interface ResumePoint {
  episode: number
  positionSec: number
  durationSec: number
  finished: boolean
  /** The TV it was last watched on ('' when the page only knows what it sent). */
  mac: string
}

/** One range of the episode selector: 1–30, 31–60, … */
export interface EpisodeRange {
  from: number
  to: number
}

export const EPISODE_RANGE_SIZE = 30

/** The episode ranges of a series of `count` episodes (one range when it fits in one). */
export function episodeRanges(count: number, size = EPISODE_RANGE_SIZE): EpisodeRange[] {
  const n = Math.max(0, Math.floor(count))
  const out: EpisodeRange[] = []
  for (let from = 1; from <= n; from += size) out.push({ from, to: Math.min(n, from + size - 1) })
  return out
}

/** The index of the range holding `episode` (0 when none does). */
export function rangeIndexOf(ranges: readonly EpisodeRange[], episode: number): number {
  const i = ranges.findIndex((r) => episode >= r.from && episode <= r.to)
  return i < 0 ? 0 : i
}

/** Whether `b` is further into the program than `a` (a later episode, or later in the same one). */
export function isAhead(a: Pick<ResumePoint, 'episode' | 'positionSec'>, b: Pick<ResumePoint, 'episode' | 'positionSec'>): boolean {
  return b.episode > a.episode || (b.episode === a.episode && b.positionSec > a.positionSec)
}

function pointOf(h: HistoryItem): ResumePoint {
  return { episode: Math.max(1, h.episodeIndex), positionSec: Math.max(0, h.positionSec), durationSec: h.durationSec, finished: h.finished === true, mac: h.mac }
}

export type ResumeApi = { box: Pick<Api['box'], 'querySingleHistory'> }

/** The resume point of one program on its detail page. */
export class ResumeModel {
  /** The record as the gateway last answered (null: none). */
  readonly record: Loadable<HistoryItem | null>
  /** What the page shows: the furthest point seen in this play, or the start of a new play. */
  point: ResumePoint | null = null
  private programId = ''
  /** Moved on by every play command: a record asked for before it belongs to the play before. */
  private epoch = 0

  constructor(
    private readonly api: ResumeApi,
    private readonly uid: () => string,
  ) {
    this.record = new Loadable<HistoryItem | null>((v) => v === null)
    makeAutoObservable<ResumeModel, 'api' | 'uid' | 'programId' | 'epoch'>(this, { api: false, uid: false, programId: false, epoch: false, record: false })
  }

  /** querySingleHistory of the program (logged out: nothing). */
  async load(programId: string): Promise<void> {
    const uid = this.uid()
    if (programId !== this.programId) {
      this.programId = programId
      this.point = null
    }
    if (!uid || !programId) return
    const epoch = this.epoch
    const h = await this.record.refresh(async () => (await this.api.box.querySingleHistory({ uid, programId })).list[0] ?? null)
    if (h && h.programId === this.programId && epoch === this.epoch) runInAction(() => this.see(pointOf(h)))
  }

  /** What the TV says it plays (the local stack's `vod`): moves the point forward when it is this program. */
  seeTv(vod: VodPlayState | null | undefined, mac: string): void {
    if (!vod || vod.programId !== this.programId) return
    this.see({ episode: vod.episode, positionSec: vod.positionSec, durationSec: vod.durationSec, finished: false, mac })
  }

  /** A play command the page sent: the new play starts where it says, whatever was shown. */
  startedPlay(start: { episode: number; positionSec: number; durationSec: number }, mac: string): void {
    this.epoch++
    this.point = { ...start, finished: false, mac }
  }

  /** The episode to mark as last watched (0: none). */
  get lastEpisode(): number {
    return this.point?.episode ?? 0
  }

  private see(next: ResumePoint): void {
    const cur = this.point
    if (!cur) {
      this.point = next
      return
    }
    if (isAhead(cur, next)) this.point = next
    else if (next.finished && !cur.finished && next.episode === cur.episode && next.positionSec === cur.positionSec) this.point = next
  }
}


/** What a record says about where the user stopped: 看到第3集 12:05, or 已看完 (观看记录). */
export function recordProgress(item: Pick<HistoryItem, 'finished' | 'episodeIndex' | 'positionSec'>): string {
  if (item.finished === true) return r.finished
  return r.episodePosition(Math.max(1, item.episodeIndex), formatClock(item.positionSec))
}
