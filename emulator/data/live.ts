/** Live programme lists, generated per (channel, day) from a sub-seed: stable across restarts. */
import type { LiveProgramme } from '../../src/protocol/contract/models'
import type { ChannelDef } from './catalogue'
import { createRng, hashString } from './prng'
import { liveShows } from './vocab'

/** 'YYYYMMDD' of a local date. */
export function dayKey(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`
}

function dayStart(date: string): number {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8))).getTime()
}

export function programmesOf(channel: ChannelDef, date: string): LiveProgramme[] {
  const rng = createRng(hashString(`${channel.channelId}/${date}`))
  const start = dayStart(date)
  const end = start + 24 * 3600_000
  const list: LiveProgramme[] = []
  let t = start
  for (let i = 0; t < end; i++) {
    const len = rng.pick([30, 45, 60, 90, 120]) * 60_000
    const show = rng.pick(liveShows)
    list.push({
      psId: `${channel.channelId}_${date}_${i}`,
      channelId: channel.channelId,
      title: show === '黄金剧场' || show === '午夜剧场' ? `${show}：第${rng.int(1, 40)}集` : show,
      startTime: t,
      endTime: Math.min(t + len, end),
    })
    t += len
  }
  return list
}

export function parsePsId(psId: string): { channelId: string; date: string; index: number } | null {
  const m = /^(ch\d+)_(\d{8})_(\d+)$/.exec(psId)
  return m ? { channelId: m[1], date: m[2], index: Number(m[3]) } : null
}
