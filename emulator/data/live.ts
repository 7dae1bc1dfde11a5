/**
 * Live schedules, generated per (channel, server day) from a sub-seed: stable across restarts and
 * the same whichever day is asked first.
 *
 * Days are server days in UTC+8 (src/protocol/time.ts), whatever the host's time zone. Each day's
 * list runs without gaps or overlaps from its first start to the start of the next day's first
 * programme; a programme crossing midnight belongs to the day it starts on and is listed whole, so
 * day D's first programme starts at D 00:00 plus the overrun of D-1's last one (0-35 minutes, a
 * function of (channel, D) alone). Programmes last 20-120 minutes.
 */
import type { LiveProgramme } from '../../src/protocol/contract/models'
import { DAY_MS, serverDayAdd, serverDayKey, serverDayStart } from '../../src/protocol/time'
import type { ChannelDef } from './catalogue'
import { createRng, hashString } from './prng'
import { childLiveShows, liveShows } from './vocab'

/** A channel as far as its schedule goes: child channels air child shows only. */
export type ScheduleChannel = Pick<ChannelDef, 'channelId'> & { child?: boolean }

/** 'YYYYMMDD' of the server day (UTC+8) of `ms`: sign-in days, daily tasks and schedules use it. */
export const dayKey = serverDayKey

const MIN = 60_000
/** How long programmes last (minutes): every one is 20-120. */
const LENGTHS = [20, 30, 45, 60, 90, 120] as const
/** How far a day's first programme starts after midnight (minutes): the previous day's overrun. */
const OVERRUNS = [0, 0, 5, 10, 15, 25, 35] as const
/** The last programme of a day is at least this long, so it always starts before midnight. */
const LAST_MIN = 45

/** Days the schedule answers, around the server's today: -3 .. +3. */
export const SCHEDULE_DAYS_BEFORE = 3
export const SCHEDULE_DAYS_AFTER = 3

function firstStart(channelId: string, date: string): number {
  const rng = createRng(hashString(`${channelId}/${date}/start`))
  return serverDayStart(date) + rng.pick(OVERRUNS) * MIN
}

export function programmesOf(channel: ScheduleChannel, date: string): LiveProgramme[] {
  const rng = createRng(hashString(`${channel.channelId}/${date}`))
  const shows = channel.child ? childLiveShows : liveShows
  const end = firstStart(channel.channelId, serverDayAdd(serverDayStart(date), 1))
  const list: LiveProgramme[] = []
  let t = firstStart(channel.channelId, date)
  for (let i = 0; t < end; i++) {
    const left = end - t
    let len: number = rng.pick(LENGTHS) * MIN
    if (left <= 120 * MIN) len = left
    else if (left - len < LAST_MIN * MIN) len = left - 60 * MIN
    const show = rng.pick(shows)
    list.push({
      psId: `${channel.channelId}_${date}_${i}`,
      channelId: channel.channelId,
      title: show === '黄金剧场' || show === '午夜剧场' || show === '动画剧场' ? `${show}：第${rng.int(1, 40)}集` : show,
      startTime: t,
      endTime: t + len,
    })
    t += len
  }
  return list
}

/** The programme on air at `now` and the one after it (the next may start on the next day). */
export function onAirAt(channel: ScheduleChannel, now: number): { current?: LiveProgramme; next?: LiveProgramme } {
  // `now` may fall before today's first start (yesterday's last programme is still on)
  const today = serverDayKey(now)
  const days = [serverDayAdd(now, -1), today, serverDayAdd(now, 1)]
  const all = days.flatMap((d) => programmesOf(channel, d))
  const i = all.findIndex((p) => p.startTime <= now && now < p.endTime)
  if (i < 0) return {}
  return { current: all[i], next: all[i + 1] }
}

/** Whether `date` is a schedule day the gateway answers: today -3 .. +3 in server days. */
export function isScheduleDay(date: string, now: number): boolean {
  const offset = Math.round((serverDayStart(date) - serverDayStart(serverDayKey(now))) / DAY_MS)
  return offset >= -SCHEDULE_DAYS_BEFORE && offset <= SCHEDULE_DAYS_AFTER
}

export function parsePsId(psId: string): { channelId: string; date: string; index: number } | null {
  const m = /^(ch\d+)_(\d{8})_(\d+)$/.exec(psId)
  return m ? { channelId: m[1], date: m[2], index: Number(m[3]) } : null
}
