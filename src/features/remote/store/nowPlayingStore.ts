import { makeAutoObservable, observableRef, reaction, runInAction } from 'mobx'
import type { TvStore, SequenceResult } from '../../../stores/app/tvStore'
import type { RootStore } from '../../../stores/app/root'
import type { ActionResult } from '../../../stores/kit/write'
import { formatClock, progressOf } from '../../../stores/kit/progress'
import { readMediaAnswer, seekTo, SEEK_STEP_SEC, type MediaKey } from '../../../protocol/tv/media'
import type { TvMode, TvPlayState, VodPlayState } from '../../../protocol/tv/messages'
import { tvPlaysProgram } from '../nowPlaying/playing'
import { realClock, type Clock } from '../../../services/tv/types'
import { tv as tvText } from '../../../strings'
import { minors as minorsText } from '../../../strings/minors'
import { readMinors } from '../../../protocol/tv/minors'
import { nowPlaying as t } from '../../../strings/nowPlaying'

type TvPort = Pick<TvStore, 'online' | 'tvMode' | 'tvMessage' | 'globalLocked' | 'liveChannel' | 'pressKey' | 'pressKeys' | 'pressCommand'>

/** The bar moves this often between the TV's reports. */
export const TICK_MS = 1000
/** A seek by ±10 s presses (a box without seek to a point) goes at most this far: 30 presses, 5 minutes. */
export const MAX_STEP_PRESSES = 30

/**
 * Now playing (src/protocol/tv/media.ts): what the TV plays, where it is, and the media keys.
 *
 * - The position is the box's: the last report or reply (`vod`, the local stack's extension) plus the
 *   whole seconds since it arrived by this phone's clock, not while paused, never past the episode's
 *   end; every report or reply sets it right. A box that reports no position (a real operator's box)
 *   shows no bar, and nothing is made up: it still gets the media keys.
 * - Every press goes through the TV store's key queue (one key per reply), refused under global lock;
 *   what the panel says afterwards comes from the box's reply (`media`), never a guess.
 * - Dragging the bar moves only the shown point; the release seeks once, to that point: `seekTo` to a
 *   box that says it knows it (`vod.paused` present), else ±10 s presses (at most 30, in order).
 */
export class NowPlayingStore {
  /** The last reported program and when this phone received it (its own clock). */
  private base: VodPlayState | null = null
  private baseAt = 0
  /** This phone's clock, moved on each tick while the bar is on screen. */
  private now = 0
  /** Where the finger holds the bar (seconds into the episode), null when not dragging. */
  dragSec: number | null = null
  /** What the TV's reply said about the last press ('' before any). */
  outcome = ''
  outcomeOk = true
  /** Presses sent and not answered yet. */
  pending = 0
  private watchers = 0
  private timer: unknown = null
  /** A box that took a seek without a word (no `media` in its reply) gets ±10 s presses from then on. */
  private seekIgnored = false
  private readonly stop: () => void

  constructor(
    private readonly tv: TvPort,
    private readonly clock: Pick<Clock, 'now' | 'setInterval' | 'clearInterval'> = realClock,
  ) {
    makeAutoObservable<NowPlayingStore, 'tv' | 'clock' | 'timer' | 'stop' | 'watchers' | 'base'>(this, {
      tv: false,
      clock: false,
      timer: false,
      stop: false,
      watchers: false,
      base: observableRef,
    })
    this.stop = reaction(
      () => this.tv.tvMode,
      (mode) => this.take(mode),
      { fireImmediately: true },
    )
  }

  private get playState(): TvPlayState | undefined {
    return this.tv.online ? this.tv.tvMode.content.playState : undefined
  }

  /** The program the box reports it plays, with its position (null: none, or a box that reports none). */
  get vod(): VodPlayState | null {
    return this.playState?.vod ?? null
  }

  /**
   * Whether the TV plays a program (home shows the panel under the TV card then): the box's `vod`; from
   * a box that reports none, SPEC 4's own signs of playing (its play state, or type 32 code 1) outside
   * live TV.
   */
  get playingProgram(): boolean {
    return tvPlaysProgram(this.tv)
  }

  /** A bar only for a box that reports where it is. */
  get hasBar(): boolean {
    return this.vod !== null && this.base !== null && this.base.durationSec > 0
  }

  /** Paused (true) or playing (false) as the box reports it; null when it does not say. */
  get paused(): boolean | null {
    return typeof this.vod?.paused === 'boolean' ? this.vod.paused : null
  }

  get durationSec(): number {
    return this.base?.durationSec ?? 0
  }

  /** Seconds into the episode shown: the finger while dragging, else the last report moved on by this phone's clock. */
  get positionSec(): number {
    return this.dragSec ?? this.boxPositionSec
  }

  /** Where the box is by its last report and this phone's clock since (the finger left out). */
  private get boxPositionSec(): number {
    const b = this.base
    if (!b) return 0
    const elapsed = b.paused ? 0 : Math.max(0, Math.floor((this.now - this.baseAt) / 1000))
    return Math.min(b.durationSec, b.positionSec + elapsed)
  }

  get progress(): number {
    return progressOf({ positionSec: this.positionSec, durationSec: this.durationSec })
  }

  get positionText(): string {
    return formatClock(this.positionSec)
  }

  get durationText(): string {
    return formatClock(this.durationSec)
  }

  /** The title line: the program (and episode) the box names, a live channel, or that something plays. */
  get title(): string {
    const vod = this.vod
    if (vod?.title) return vod.title
    const live = this.tv.liveChannel
    if (live) return live.title ? `${live.name} · ${live.title}` : live.name
    return this.playingProgram ? t.somethingPlays : t.nothingPlays
  }

  get episodeText(): string {
    const vod = this.vod
    return vod ? t.episodeOf(vod.episode, vod.episodeCount) : ''
  }

  /** The box named in its report that it knows seek to a point (and has not ignored one since). */
  private get seekKnown(): boolean {
    return this.paused !== null && !this.seekIgnored
  }

  /** The bar is on screen: it moves every second while the program plays. Returns the stop. */
  watch(): () => void {
    this.watchers++
    this.schedule()
    let done = false
    return () => {
      if (done) return
      done = true
      this.watchers--
      this.schedule()
    }
  }

  /** 播放/暂停: PLAY or PAUSE when the box says which it is in, else PLAY_PAUSE. */
  togglePlay(): Promise<ActionResult> {
    const paused = this.paused
    return this.press(paused === null ? 'playPause' : paused ? 'play' : 'pause')
  }

  /** One media key through the key queue; the outcome is the box's reply. */
  async press(key: MediaKey): Promise<ActionResult> {
    const res = await this.run(() => this.tv.pressKey(key))
    return this.tell(res.ok ? outcomeOf(key, res.reply) : failed(res))
  }

  /** The finger is on the bar at `fraction` (0..1) of the episode: only the shown point moves. */
  dragTo(fraction: number): void {
    if (!this.hasBar) return
    const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0
    this.dragSec = Math.min(this.durationSec - 1, Math.floor(f * this.durationSec))
  }

  /** The finger left the bar: one seek to where it was (nothing when it never moved). */
  async dragEnd(): Promise<ActionResult | null> {
    const target = this.dragSec
    if (target === null) return null
    const res = await this.seek(target)
    runInAction(() => (this.dragSec = null))
    return res
  }

  dragCancel(): void {
    this.dragSec = null
  }

  /** Seek to `sec` of the episode playing: seekTo to a box that knows it, else ±10 s presses. */
  async seek(sec: number): Promise<ActionResult> {
    if (this.tv.globalLocked) return this.tell({ ok: false, message: tvText.globalLocked })
    if (this.seekKnown) {
      const res = await this.run(() => this.tv.pressCommand(seekTo(Math.max(0, sec))))
      if (!res.ok) return this.tell(failed(res))
      if (res.reply.content.globalLock === true || readMediaAnswer(res.reply.content)) return this.tell(outcomeOf('seek', res.reply))
      // the box ignored it: from now on this TV gets ±10 s presses
      runInAction(() => (this.seekIgnored = true))
      return this.step(sec, res.reply.content.playState?.vod ?? null)
    }
    return this.step(sec, this.base && { ...this.base, positionSec: this.boxPositionSec })
  }

  /** Towards `sec` by ±10 s presses from where the box is, at most MAX_STEP_PRESSES, in order. */
  private async step(sec: number, from: VodPlayState | null): Promise<ActionResult> {
    if (!from) return this.tell({ ok: false, message: t.invalid })
    const presses = Math.round((sec - from.positionSec) / SEEK_STEP_SEC)
    const n = Math.min(MAX_STEP_PRESSES, Math.abs(presses))
    if (n === 0) return this.tell({ ok: true, message: t.movedTo(formatClock(from.positionSec)) })
    const key: MediaKey = presses > 0 ? 'fastForward' : 'rewind'
    const res = await this.run(() => this.tv.pressKeys(Array.from({ length: n }, () => key)))
    if (!res.ok) return this.tell(failed(res))
    const at = formatClock(res.reply.content.playState?.vod?.positionSec ?? 0)
    const answer = readMediaAnswer(res.reply.content)
    if (answer && !answer.done) return this.tell(outcomeOf(key, res.reply))
    return this.tell({ ok: true, message: Math.abs(presses) > n ? t.steppedPartly(at) : t.stepped(at) })
  }

  private async run(send: () => Promise<SequenceResult>): Promise<SequenceResult> {
    this.pending++
    try {
      return await send()
    } finally {
      runInAction(() => this.pending--)
    }
  }

  private tell(res: ActionResult): ActionResult {
    this.outcome = res.message
    this.outcomeOk = res.ok
    return res
  }

  /** A report or a reply: the point is set right, from now on this phone's clock moves it. */
  private take(mode: TvMode): void {
    const vod = this.tv.online ? (mode.content.playState?.vod ?? null) : null
    // another program or episode, or none: what the last reply said is about something no longer on screen
    if (vod?.programId !== this.base?.programId || vod?.episode !== this.base?.episode) this.outcome = ''
    this.base = vod
    this.baseAt = this.clock.now()
    this.now = this.baseAt
    this.schedule()
  }

  /** Ticks only while a bar is on screen and the program plays (not paused). */
  private schedule(): void {
    const run = this.watchers > 0 && this.base !== null && !this.base.paused
    if (run && this.timer === null) {
      this.timer = this.clock.setInterval(() => runInAction(() => (this.now = this.clock.now())), TICK_MS)
    } else if (!run && this.timer !== null) {
      this.clock.clearInterval(this.timer)
      this.timer = null
    }
  }

  reset(): void {
    this.dragSec = null
    this.outcome = ''
    this.outcomeOk = true
    this.seekIgnored = false
  }

  dispose(): void {
    this.watchers = 0
    this.base = null
    this.schedule()
    this.stop()
  }
}

function failed(res: Extract<SequenceResult, { ok: false }>): ActionResult {
  return { ok: false, message: res.reason === 'noReply' ? t.noReply : res.message }
}

/** What a media key or a seek did, in words, from the box's reply only. */
export function outcomeOf(key: MediaKey | 'seek', reply: TvMode): ActionResult {
  const content = reply.content
  if (content.globalLock === true) return { ok: false, message: tvText.globalLocked }
  // the box refused a key that starts playback out of minors' limits (the phone had not known yet)
  const minors = readMinors(content)
  if (minors?.refused) return { ok: false, message: minors.reason ? minorsText.refused[minors.reason] : minorsText.refusedByTv }
  const answer = readMediaAnswer(content)
  // a box without the extension (a real one): the key reached it, nothing more is known
  if (!answer) return { ok: true, message: t.sent }
  const ps = content.playState
  if (!answer.done) {
    switch (answer.reason) {
      case 'live':
        return { ok: false, message: t.live }
      case 'edge':
        return { ok: false, message: key === 'previous' ? t.firstEpisode : t.lastEpisode }
      case 'invalid':
        return { ok: false, message: t.invalid }
      default:
        return { ok: false, message: t.idle }
    }
  }
  if (ps?.live && (key === 'next' || key === 'previous')) return { ok: true, message: t.channelNow(ps.live.name) }
  const vod = ps?.vod
  if (!vod) return { ok: true, message: t.sent }
  const at = formatClock(vod.positionSec)
  switch (key) {
    case 'next':
    case 'previous':
      return { ok: true, message: t.episodeNow(vod.episode) }
    case 'pause':
    case 'play':
    case 'playPause':
      return { ok: true, message: vod.paused ? t.paused(at) : t.resumed(at) }
    default:
      return { ok: true, message: t.movedTo(at) }
  }
}

/** The root's now-playing store (home's panel and the remote's share it). */
export function nowPlayingOf(root: RootStore): NowPlayingStore {
  return root.extra(NowPlayingStore, () => new NowPlayingStore(root.tv))
}
