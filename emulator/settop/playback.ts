/**
 * The virtual set-top box's program playback: one program, an episode, a position and its
 * duration, advancing one second per second on the stack's controllable clock (the gateway clock).
 * When an episode ends the next one starts; after the last the box stops. While it plays, the box
 * reports where it is to the gateway (the user's watch record) at least every WRITE_EVERY_MS, when it
 * stops or switches, and at once when the clock is moved (`tick()`).
 *
 * Within one play the position never moves backwards on its own: a clock set back holds the position
 * where it is (the anchor moves with the clock) instead of rewinding it. Only a play command, a seek or
 * an episode key sets another position.
 *
 * A paused play keeps its position on the stack's clock (the anchor moves with the clock);
 * the 30 s writes and the write at stop go on, with the paused position. Pause, seek and an episode
 * change are written at once.
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
  /** Paused (KEYCODE_MEDIA_PAUSE): the position holds while the clock moves. */
  paused: boolean
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
  return { program, uid, episode: ep, positionSec: pos, anchorMs: now, ended: false, paused: false }
}

/**
 * The play at `now`: whole seconds since the anchor are added, rolling over episode ends; after the
 * last episode it has ended, at that episode's end. A clock earlier than the anchor adds nothing.
 */
export function advance(pb: Playback, now: number): Playback {
  if (pb.ended) return pb
  // paused: the position holds, the anchor follows the clock (a resume counts from its own moment)
  if (pb.paused) return now === pb.anchorMs ? pb : { ...pb, anchorMs: now }
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
  if (pb.ended || pb.paused) return Infinity
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
    paused: pb.paused,
  }
}

/** The play paused (true) or playing again (false) at `now`, where it is. */
export function setPaused(pb: Playback, paused: boolean, now: number): Playback {
  const at = advance(pb, now)
  return at.ended || at.paused === paused ? at : { ...at, paused, anchorMs: now }
}

/** The play at second `sec` of its episode (clamped into the episode), paused or not as it was. */
export function seekPlayback(pb: Playback, sec: number, now: number): Playback {
  const at = advance(pb, now)
  if (at.ended) return at
  const pos = Math.min(Math.max(0, Math.floor(sec) || 0), durationOf(at.program, at.episode) - 1)
  return { ...at, positionSec: pos, anchorMs: now }
}

/**
 * The next (+1) or previous (-1) episode from its start, playing; null when there is none
 * (next on the last episode, previous on the first).
 */
export function stepEpisode(pb: Playback, delta: 1 | -1, now: number): Playback | null {
  const at = advance(pb, now)
  if (at.ended) return null
  const episode = at.episode + delta
  if (episode < 1 || episode > Math.max(1, at.program.durations.length)) return null
  return { ...at, episode, positionSec: 0, anchorMs: now, paused: false }
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
   * was; at `atMs` when it stopped earlier than now (minors' mode stops it at the second
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

  /**
   * Pause / play / seek / episode keys change the play (see setPaused, seekPlayback,
   * stepEpisode). The change is written at once and the cadence starts again from it. False when
   * nothing plays or the change is not possible (no such episode).
   */
  change(next: (pb: Playback, now: number) => Playback | null): boolean {
    const pb = this.current
    if (!pb || pb.ended) return false
    const changed = next(pb, this.now())
    if (!changed) return false
    this.pb = changed
    this.save(changed)
    this.arm()
    return true
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
