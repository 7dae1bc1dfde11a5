/**
 * How far into a program, as the TV card, 继续观看, the detail page and 观看记录 show it.
 * Small and free of models, so home's first load carries only this (the rest loads with its pages).
 */
import type { VodPlayState } from '../../protocol/tv/messages'
import { tv as tvText } from '../../strings'

/** Seconds as m:ss, or h:mm:ss from one hour up (12:05, 1:02:05, 0:00). */
export function formatClock(sec: number): string {
  const s = Number.isFinite(sec) ? Math.max(0, Math.floor(sec)) : 0
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`
}

/** Something watched: how far in and how long, in seconds (a watch record, the TV's report). */
export interface Watched {
  positionSec: number
  durationSec: number
  finished?: boolean
}

/** Something on air: when it starts and ends, in ms (a live programme). */
export interface Aired {
  startTime: number
  endTime: number
}

/**
 * How far in, 0..1 (a progress bar's width): into the episode watched, or into the programme on air
 * at `now` (live TV).
 */
export function progressOf(p: Watched): number
export function progressOf(p: Aired, now: number): number
export function progressOf(p: Watched | Aired, now = 0): number {
  if ('positionSec' in p) return p.finished ? 1 : share(p.positionSec, p.durationSec)
  return share(now - p.startTime, p.endTime - p.startTime)
}

function share(part: number, whole: number): number {
  if (!(whole > 0)) return 0
  return Math.min(1, Math.max(0, part / whole))
}

/** The name of a bound TV by its mac, else the mac itself (a TV no longer bound). */
export function tvNameOf(devices: ReadonlyArray<{ mac: string; deviceName: string }>, mac: string): string {
  return devices.find((d) => d.mac === mac)?.deviceName ?? mac
}

/**
 * Line 1 of the TV card for a program: "正在播放 {title} · 第2集" from what the box reports
 * (the local stack's `vod`), or null when it reports none (a real box: the card says only that it plays).
 */
export function vodLine(playState: { vod?: VodPlayState | null } | undefined): string | null {
  const vod = playState?.vod
  if (!vod || !vod.title) return null
  return tvText.playingVod(vod.title, vod.episodeCount > 1 ? vod.episode : null)
}
