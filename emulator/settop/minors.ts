/**
 * The box's side of minors' mode: it counts playback (VOD and live; the desktop does not
 * count) on the stack's controllable clock, per server day (UTC+8), writes what it counted to the
 * gateway (which keeps the day's total: a box restart loses nothing), stops playback when the day's
 * total is used up or the curfew starts, refuses plays until the next day or the curfew's end, and
 * shows a rest reminder after each 30 minutes of continuous playback (playback goes on).
 *
 * Counting is exact on the clock whichever way it moves: a timer wakes the guard at the next thing
 * that can happen (the total reached, the curfew, Beijing midnight, the rest reminder, or a write
 * every FLUSH_EVERY_MS), and a jump of the clock is walked through in the same steps, so the box
 * stops at the second the total was reached even when the clock jumped past it. A clock set back
 * counts nothing. Settings are read from the gateway at every step, so a change or a grant applies
 * at the next step; the box takes one at once when the gateway tells it (`tick()`).
 */
import { limitSecOf, minorsReason, msUntilCurfew, msUntilNextServerDay, REST_AFTER_SEC, type MinorsReason, type MinorsSettings } from '../../src/protocol/minors'
import type { MinorsBoxState } from '../../src/protocol/tv/minors'
import { serverDayKey } from '../../src/protocol/time'
import type { MinorsUsage, MinorsView } from '../directory'

/** What the box reads and writes (the gateway, through the directory). */
export interface MinorsSource {
  /** The TV's mode for a server day; undefined when nobody set it up. */
  read(day: string): MinorsView | undefined
  /** What the box counted since its last write. */
  add(usage: MinorsUsage): void
}

/** What the box plays now, as the count names it; `key` tells one thing from another. */
export interface Watching {
  key: string
  kind: MinorsUsage['kind']
  title: string
  programId?: string
}

export interface MinorsHooks {
  /** Playback must stop: the total was reached or the curfew started at `atMs` (stack clock). */
  stop(reason: MinorsReason, atMs: number): void
  /** The rest reminder is due (playback goes on). */
  remind(atMs: number): void
}

/** While playing, the count is written to the gateway at least this often. */
export const FLUSH_EVERY_MS = 30_000
/** At most this many steps per tick (a jump over days is cut short: it counts what it walked). */
const MAX_STEPS = 64

interface Day {
  settings: MinorsSettings
  usedSec: number
  limitSec: number
}

export class MinorsGuard {
  private watching: Watching | null = null
  /** Counted up to here (stack clock, ms). */
  private anchor = 0
  /** Since when the playback has been continuous, and how many reminders that stretch had. */
  private continuousSince = 0
  private restsShown = 0
  /** Whether the mode was on at the last step (time while it was off never counts). */
  private wasOn = false
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly source: MinorsSource,
    private readonly now: () => number,
    private readonly hooks: MinorsHooks,
  ) {}

  private day(ms: number): Day | null {
    let v: MinorsView | undefined
    try {
      v = this.source.read(serverDayKey(ms))
    } catch {
      return null
    }
    if (!v || !v.settings.enabled) return null
    return { settings: v.settings, usedSec: v.usedSec, limitSec: limitSecOf(v.settings, v.grantSec) }
  }

  /** Seconds played since the last write that the gateway does not have yet. */
  private pendingSec(now: number): number {
    return this.watching && this.wasOn ? Math.max(0, Math.floor((now - this.anchor) / 1000)) : 0
  }

  /** The type 87 field now (null: the mode is off). */
  view(): MinorsBoxState | null {
    const now = this.now()
    const d = this.day(now)
    if (!d) return null
    const usedSec = Math.min(d.usedSec + this.pendingSec(now), Math.max(d.usedSec, d.limitSec))
    // while something plays it is allowed (the timer stops it at the second it no longer is)
    return { usedSec, limitSec: d.limitSec, reason: this.watching ? null : minorsReason(d.settings, d.usedSec, d.limitSec, now) }
  }

  /** Why a play would be refused now; null: it may start. */
  refusal(): MinorsReason | null {
    const now = this.now()
    const d = this.day(now)
    return d ? minorsReason(d.settings, d.usedSec + this.pendingSec(now), d.limitSec, now) : null
  }

  /** What is playing now (null: nothing). A change counts what played before, up to `atMs`. */
  follow(what: Watching | null, atMs?: number): void {
    const before = this.watching
    if (before && what && before.key === what.key) return
    if (before) {
      this.tick(atMs)
      // the count stopped the box meanwhile: nothing plays
      if (!this.watching) return
    }
    if (!what) {
      this.watching = null
      this.disarm()
      return
    }
    this.watching = what
    if (!before) {
      const now = this.now()
      this.anchor = now
      this.continuousSince = now
      this.restsShown = 0
      this.wasOn = this.day(now) !== null
    }
    this.arm()
  }

  /**
   * Counts what played up to `upToMs` (default now), in steps that end at the total, the curfew,
   * Beijing midnight and the rest reminder; writes each step; stops the box at the step where the
   * total is used up or the curfew starts.
   */
  tick(upToMs?: number): void {
    const now = this.now()
    const until = Math.min(upToMs ?? now, now)
    const what = this.watching
    if (!what) return this.disarm()
    if (until < this.anchor) {
      // the clock was set back: nothing counts, the count goes on from here
      this.anchor = until
      this.continuousSince = Math.min(this.continuousSince, until)
      return this.arm()
    }
    let t = this.anchor
    // a reminder due on the way is shown once the walk is done, unless the walk stopped playback
    let remindAt: number | null = null
    for (let step = 0; step < MAX_STEPS && t < until; step++) {
      const d = this.day(t)
      if (!d || !this.wasOn) {
        // off (or just turned on): the time until now does not count
        t = until
        break
      }
      const reason = minorsReason(d.settings, d.usedSec, d.limitSec, t)
      if (reason) {
        this.anchor = t
        return this.halt(reason, t)
      }
      const restDue = d.settings.restReminder ? this.continuousSince + (this.restsShown + 1) * REST_AFTER_SEC * 1000 : Infinity
      if (restDue <= t) {
        this.restsShown = Math.floor((t - this.continuousSince) / (REST_AFTER_SEC * 1000))
        remindAt = t
        continue
      }
      const end = Math.min(until, restDue, t + msUntilNextServerDay(t), t + msUntilCurfew(d.settings, t), t + (d.limitSec - d.usedSec) * 1000)
      const sec = Math.floor((end - t) / 1000)
      if (sec === 0) {
        // less than a second to a boundary: step over it; to now: it counts at the next tick
        if (end === until) break
        t = end
        continue
      }
      this.write({ day: serverDayKey(t), sec, startedAt: t, kind: what.kind, title: what.title, ...(what.programId ? { programId: what.programId } : {}) })
      t += sec * 1000
    }
    this.anchor = Math.max(this.anchor, Math.min(t, until))
    // the mode as it is where the count stands: time from here counts only if it is on
    const last = this.day(this.anchor)
    const was = this.wasOn
    this.wasOn = last !== null
    if (last && was) {
      // the last step reached the total or the curfew exactly: stop there
      const reason = minorsReason(last.settings, last.usedSec, last.limitSec, this.anchor)
      if (reason) return this.halt(reason, this.anchor)
      if (last.settings.restReminder && this.continuousSince + (this.restsShown + 1) * REST_AFTER_SEC * 1000 <= this.anchor) {
        this.restsShown = Math.floor((this.anchor - this.continuousSince) / (REST_AFTER_SEC * 1000))
        remindAt = this.anchor
      }
    }
    if (remindAt !== null) this.hooks.remind(remindAt)
    this.arm()
  }

  /** The box is going away (restart, stack closing): what it counted is written first. */
  dispose(): void {
    this.tick()
    this.disarm()
    this.watching = null
  }

  private write(usage: MinorsUsage): void {
    try {
      this.source.add(usage)
    } catch {
      // the gateway refusing a write never stops the TV; the next step counts again from the gateway's total
    }
  }

  private halt(reason: MinorsReason, atMs: number): void {
    this.watching = null
    this.disarm()
    this.hooks.stop(reason, atMs)
  }

  /** Next wake-up: the nearest of the total, the curfew, midnight, the reminder, and the write cadence. */
  private arm(): void {
    this.disarm()
    if (!this.watching) return
    const now = this.now()
    let wait = FLUSH_EVERY_MS
    const d = this.wasOn ? this.day(now) : null
    if (d) {
      const leftMs = (d.limitSec - d.usedSec) * 1000 - (now - this.anchor)
      const restDue = d.settings.restReminder ? this.continuousSince + (this.restsShown + 1) * REST_AFTER_SEC * 1000 - now : Infinity
      wait = Math.min(wait, leftMs, msUntilCurfew(d.settings, now), msUntilNextServerDay(now), restDue)
    }
    this.timer = setTimeout(() => {
      this.timer = null
      this.tick()
    }, Math.max(100, Math.ceil(wait)))
    this.timer.unref?.()
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
