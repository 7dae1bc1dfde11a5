/**
 * The virtual set-top box's program playback (issue 22): one program, an episode, a position and its
 * duration, advancing one second per second on the stack's controllable clock (the gateway clock).
 * When an episode ends the next one starts; after the last the box stops. While it plays, the box
 * reports where it is to the gateway (the user's watch record) at least every WRITE_EVERY_MS, when it
 * stops or switches, and at once when the clock is moved (`tick()`).
 *
 * Within one play the position never moves backwards: a clock set back holds the position where it
 * is (the anchor moves with the clock) instead of rewinding it. Only a new play command sets any
 * position.
 */
import type { VodPlayState } from '../../src/protocol/tv/messages'

/** A program the box can play: its title and each episode's length in seconds. */
export interface ProgramDef {
  programId: string
  title: string
  durations: readonly number[]
}

/** One play: where it was at `anchorMs` on the stack's clock. */
export interface Playback {
  program: ProgramDef
  /** Who started the play: the record is written for them. */
  uid: string
  episode: number
  positionSec: number
  anchorMs: number
  /** The last episode reached its end: the box has stopped. */
  ended: boolean
}

/** What the box tells the gateway: the record of `uid` for this program. */
export interface PlaybackWrite {
  uid: string
  programId: string
  episodeIndex: number
  positionSec: number
}

/** The gateway's record is written at least this often while playing. */
export const WRITE_EVERY_MS = 30_000

function durationOf(program: ProgramDef, episode: number): number {
  return Math.max(1, Math.floor(program.durations[episode - 1] ?? 1))
}

/** A new play of `program` from `episode` at `positionSec` (both clamped to the program). */
export function startPlayback(program: ProgramDef, uid: string, episode: number, positionSec: number, now: number): Playback {
  const count = Math.max(1, program.durations.length)
  const ep = Math.min(Math.max(1, Math.floor(episode) || 1), count)
  const pos = Math.min(Math.max(0, Math.floor(positionSec) || 0), durationOf(program, ep) - 1)
  return { program, uid, episode: ep, positionSec: pos, anchorMs: now, ended: false }
}

/**
 * The play at `now`: whole seconds since the anchor are added, rolling over episode ends; after the
 * last episode it has ended, at that episode's end. A clock earlier than the anchor adds nothing.
 */
export function advance(pb: Playback, now: number): Playback {
  if (pb.ended) return pb
  if (now <= pb.anchorMs) return now === pb.anchorMs ? pb : { ...pb, anchorMs: now }
  const elapsed = Math.floor((now - pb.anchorMs) / 1000)
  if (elapsed === 0) return pb
  const anchorMs = pb.anchorMs + elapsed * 1000
  let episode = pb.episode
  let position = pb.positionSec + elapsed
  const count = Math.max(1, pb.program.durations.length)
  while (position >= durationOf(pb.program, episode)) {
    if (episode >= count) return { ...pb, episode, positionSec: durationOf(pb.program, episode), anchorMs, ended: true }
    position -= durationOf(pb.program, episode)
    episode++
  }
  return { ...pb, episode, positionSec: position, anchorMs }
}

/** Milliseconds from the play's anchor until its last episode ends (Infinity once ended: nothing to wait for). */
export function msUntilEnd(pb: Playback): number {
  if (pb.ended) return Infinity
  let left = durationOf(pb.program, pb.episode) - pb.positionSec
  for (let e = pb.episode + 1; e <= pb.program.durations.length; e++) left += durationOf(pb.program, e)
  return left * 1000
}

/** What the box reports of a play (TvPlayState.vod). */
export function vodState(pb: Playback): VodPlayState {
  return {
    programId: pb.program.programId,
    title: pb.program.title,
    episode: pb.episode,
    episodeCount: Math.max(1, pb.program.durations.length),
    positionSec: pb.positionSec,
    durationSec: durationOf(pb.program, pb.episode),
  }
}

/**
 * The box's player: holds the current play, writes it to the gateway on the cadence above, and tells
 * the box when the last episode ended (the box then goes back to its desktop and reports).
 */
export class VodPlayer {
  private pb: Playback | null = null
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly now: () => number,
    private readonly write: (w: PlaybackWrite) => void,
    private readonly onEnded: () => void,
  ) {}

  /** The play now (advanced to the clock), or null. */
  get current(): Playback | null {
    if (!this.pb) return null
    this.pb = advance(this.pb, this.now())
    return this.pb
  }

  /** What to report: null when nothing plays. */
  view(): VodPlayState | null {
    const pb = this.current
    return pb && !pb.ended ? vodState(pb) : null
  }

  /** A play command: the play before (if any) is written where it stopped, then the new one from its start. */
  start(program: ProgramDef, uid: string, episode: number, positionSec: number): Playback {
    this.stop()
    this.pb = startPlayback(program, uid, episode, positionSec, this.now())
    this.save(this.pb)
    this.arm()
    return this.pb
  }

  /**
   * The box stopped playing (back, home, power, a live channel, another program): written where it
   * was; at `atMs` when it stopped earlier than now (issue 36: minors' mode stops it at the second
   * the total was reached, even when the clock jumped past it).
   */
  stop(atMs?: number): void {
    const pb = this.pb && atMs !== undefined && atMs < this.now() ? advance(this.pb, atMs) : this.current
    this.disarm()
    this.pb = null
    if (pb) this.save(pb)
  }

  /** When the last episode ends on the stack's clock (Infinity: nothing plays, or it has ended). */
  endsAt(): number {
    const pb = this.pb
    return pb && !pb.ended ? pb.anchorMs + msUntilEnd(pb) : Infinity
  }

  /** The clock moved, or the cadence timer fired: advance, write, and stop after the last episode. */
  tick(): void {
    const pb = this.current
    if (!pb) return
    this.save(pb)
    if (pb.ended) {
      this.disarm()
      this.pb = null
      this.onEnded()
      return
    }
    this.arm()
  }

  dispose(): void {
    this.disarm()
    this.pb = null
  }

  private save(pb: Playback): void {
    try {
      this.write({ uid: pb.uid, programId: pb.program.programId, episodeIndex: pb.episode, positionSec: pb.positionSec })
    } catch {
      // a record that could not be written never stops the TV playing
    }
  }

  /** Next write: WRITE_EVERY_MS from now, or the end of the last episode if that comes first. */
  private arm(): void {
    this.disarm()
    const pb = this.pb
    if (!pb) return
    const wait = Math.max(1000, Math.min(WRITE_EVERY_MS, msUntilEnd(pb)))
    this.timer = setTimeout(() => {
      this.timer = null
      this.tick()
    }, wait)
    this.timer.unref?.()
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
