/**
 * The live schedule as the gateway answers it: the generated days (data/live.ts) with the admin's
 * changes applied (`/__emulator/schedule`, kept in the state file). A change is local and keeps the
 * day without gaps or overlaps:
 *   move    the programme starts and ends `shiftMs` later (earlier when negative); the one before it
 *           ends at its new start, the one after it starts at its new end (each keeps >= 5 minutes);
 *   remove  the programme is taken off; the one before it runs on to its end.
 * A programme keeps its psId (the others' ids never change). Only a programme with a neighbour on both
 * sides on its own day can be moved or removed (the day's first and last stay: a day's edges belong to
 * the neighbouring days). Reminders follow (reminders.ts).
 */
import type { LiveProgramme } from '../../src/protocol/contract/models'
import { serverDayAdd, serverDayKey } from '../../src/protocol/time'
import type { ChannelDef } from '../data/catalogue'
import { parsePsId, programmesOf, SCHEDULE_DAYS_BEFORE, type ScheduleChannel } from '../data/live'
import type { Db } from '../db/store'
import type { ScheduleChangeRec } from '../db/state'

const MIN = 60_000
/** A neighbour a change shortens keeps at least this much. */
export const NEIGHBOUR_MIN_MS = 5 * MIN
/** The furthest a programme may be moved at once. */
export const SHIFT_MAX_MS = 6 * 60 * MIN
/** Channel days kept ready (24 channels x 7 days, with room). */
const DAYS_CACHED = 400
/** Changes kept (the oldest days' go first). */
const CHANGES_KEPT = 500

export interface Schedule {
  /** A channel's programmes of one day, changes applied. */
  day(channel: ScheduleChannel, date: string): LiveProgramme[]
  /** A programme by psId as the schedule stands (undefined: unknown, or taken off). */
  find(psId: string): { programme: LiveProgramme; channel: ChannelDef } | undefined
  /** Whether the programme was taken off the schedule. */
  removed(psId: string): boolean
  /** The programme on air at `now` and the next one, changes applied. */
  onAirAt(channel: ScheduleChannel, now: number): { current?: LiveProgramme; next?: LiveProgramme }
  /** Moves a programme (throws ScheduleChangeError when it cannot be). */
  move(psId: string, shiftMs: number): LiveProgramme
  /** Takes a programme off (throws ScheduleChangeError when it cannot be). */
  remove(psId: string): void
  changes(): ScheduleChangeRec[]
  /** Every change undone (reminders already cancelled stay cancelled). */
  clear(): void
  /** Called after every change (reminders follow at once). */
  onChange(listener: () => void): () => void
}

export class ScheduleChangeError extends Error {}

function applyChanges(base: LiveProgramme[], changes: readonly ScheduleChangeRec[]): LiveProgramme[] {
  const list = base.map((p) => ({ ...p }))
  for (const c of [...changes].sort((a, b) => a.seq - b.seq)) {
    const i = list.findIndex((p) => p.psId === c.psId)
    if (i <= 0 || i >= list.length - 1) continue
    const [prev, p, next] = [list[i - 1], list[i], list[i + 1]]
    if (c.removed) {
      prev.endTime = p.endTime
      list.splice(i, 1)
      continue
    }
    const start = p.startTime + c.shiftMs
    const end = p.endTime + c.shiftMs
    if (start - prev.startTime < NEIGHBOUR_MIN_MS || next.endTime - end < NEIGHBOUR_MIN_MS) continue
    p.startTime = start
    p.endTime = end
    prev.endTime = start
    next.startTime = end
  }
  return list
}

export function createSchedule(db: Db, channels: readonly ChannelDef[], now: () => number): Schedule {
  const listeners = new Set<() => void>()
  const own = (psId: string) => (Object.prototype.hasOwnProperty.call(db.state.scheduleChanges, psId) ? db.state.scheduleChanges[psId] : undefined)
  const changesOfDay = (channelId: string, date: string) =>
    Object.values(db.state.scheduleChanges).filter((c) => {
      const ref = parsePsId(c.psId)
      return ref?.channelId === channelId && ref.date === date
    })
  // days as answered, until the next change (generating a day is the runner's main cost: every
  // upcoming reminder looks its programme up at every run)
  const cache = new Map<string, LiveProgramme[]>()
  /** The cached day itself: read it, never change it (callers get copies). */
  const dayRef = (channel: ScheduleChannel, date: string): readonly LiveProgramme[] => {
    const key = `${channel.channelId}/${date}/${channel.child === true}`
    const hit = cache.get(key)
    if (hit) return hit
    const base = programmesOf(channel, date)
    const changes = changesOfDay(channel.channelId, date)
    const list = changes.length ? applyChanges(base, changes) : base
    if (cache.size >= DAYS_CACHED) cache.clear()
    cache.set(key, list)
    return list
  }
  const day = (channel: ScheduleChannel, date: string): LiveProgramme[] => dayRef(channel, date).map((p) => ({ ...p }))
  const locate = (psId: string) => {
    const ref = parsePsId(psId)
    const channel = ref ? channels.find((c) => c.channelId === ref.channelId) : undefined
    return ref && channel ? { ref, channel } : undefined
  }
  const changed = () => {
    cache.clear()
    for (const l of [...listeners]) {
      try {
        l()
      } catch (e) {
        console.error('schedule listener failed:', e)
      }
    }
  }
  /** Keeps a change after checking it leaves a day the rules allow; the oldest days' changes go past the bound. */
  const keep = (psId: string, change: Omit<ScheduleChangeRec, 'psId' | 'seq'>): LiveProgramme[] => {
    const at = locate(psId)
    if (!at) throw new ScheduleChangeError(`no programme ${psId}`)
    const base = programmesOf(at.channel, at.ref.date)
    const before = day(at.channel, at.ref.date)
    const i = before.findIndex((p) => p.psId === psId)
    if (i < 0) throw new ScheduleChangeError(`${psId} is not on the schedule`)
    if (i === 0 || i === before.length - 1) throw new ScheduleChangeError(`${psId} is the first or last of its day: it cannot be changed`)
    const previous = own(psId)
    const seq = Math.max(0, ...Object.values(db.state.scheduleChanges).map((c) => c.seq)) + 1
    const rec: ScheduleChangeRec = { psId, seq, shiftMs: (previous?.shiftMs ?? 0) + change.shiftMs, removed: change.removed }
    const trial = applyChanges(base, [...changesOfDay(at.channel.channelId, at.ref.date).filter((c) => c.psId !== psId), rec])
    const moved = trial.find((p) => p.psId === psId)
    if (!change.removed && (!moved || moved.startTime !== before[i].startTime + change.shiftMs)) {
      throw new ScheduleChangeError(`moving ${psId} would leave a neighbour under ${NEIGHBOUR_MIN_MS / MIN} minutes`)
    }
    db.state.scheduleChanges[psId] = rec
    // the changes of days long gone go first (the schedule answers today -3 .. +3)
    const oldest = serverDayAdd(now(), -SCHEDULE_DAYS_BEFORE - 1)
    const all = Object.values(db.state.scheduleChanges)
    if (all.length > CHANGES_KEPT) {
      for (const c of all.sort((a, b) => (parsePsId(a.psId)?.date ?? '').localeCompare(parsePsId(b.psId)?.date ?? '') || a.seq - b.seq).slice(0, all.length - CHANGES_KEPT)) {
        delete db.state.scheduleChanges[c.psId]
      }
    }
    for (const c of Object.values(db.state.scheduleChanges)) if ((parsePsId(c.psId)?.date ?? '') < oldest) delete db.state.scheduleChanges[c.psId]
    db.touch()
    db.flush()
    changed()
    return trial
  }
  return {
    day,
    find(psId) {
      const at = locate(psId)
      if (!at) return undefined
      const programme = dayRef(at.channel, at.ref.date).find((p) => p.psId === psId)
      return programme ? { programme: { ...programme }, channel: at.channel } : undefined
    },
    removed: (psId) => own(psId)?.removed === true,
    onAirAt(channel, t) {
      const days = [serverDayAdd(t, -1), serverDayKey(t), serverDayAdd(t, 1)]
      const all = days.flatMap((d) => dayRef(channel, d))
      const i = all.findIndex((p) => p.startTime <= t && t < p.endTime)
      if (i < 0) return {}
      const copy = (p: LiveProgramme | undefined) => (p ? { ...p } : undefined)
      return { current: copy(all[i]), next: copy(all[i + 1]) }
    },
    move(psId, shiftMs) {
      if (!Number.isInteger(shiftMs) || shiftMs === 0 || Math.abs(shiftMs) > SHIFT_MAX_MS) {
        throw new ScheduleChangeError(`a move is a whole number of ms, not 0, at most ${SHIFT_MAX_MS} either way`)
      }
      if (own(psId)?.removed) throw new ScheduleChangeError(`${psId} was taken off the schedule`)
      const list = keep(psId, { shiftMs, removed: false })
      return { ...(list.find((p) => p.psId === psId) as LiveProgramme) }
    },
    remove(psId) {
      if (own(psId)?.removed) throw new ScheduleChangeError(`${psId} was taken off the schedule already`)
      keep(psId, { shiftMs: 0, removed: true })
    },
    changes: () => Object.values(db.state.scheduleChanges).sort((a, b) => a.seq - b.seq),
    clear() {
      for (const k of Object.keys(db.state.scheduleChanges)) delete db.state.scheduleChanges[k]
      db.touch()
      db.flush()
      changed()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
