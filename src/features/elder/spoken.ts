import type { RemoteKey } from '../../protocol/tv/commands'
import type { TvMode } from '../../protocol/tv/messages'
import { elder as t } from '../../strings/elder'

/** The big remote's keys (MIIT 适老化: the few a TV needs, each at least 60 x 60). */
export const ELDER_KEYS = ['power', 'volumeUp', 'volumeDown', 'channelUp', 'channelDown', 'up', 'down', 'left', 'right', 'ok', 'back', 'home'] as const satisfies readonly RemoteKey[]

export type ElderKey = (typeof ELDER_KEYS)[number]

/**
 * The key that takes a press back, for the presses that can be taken back: volume and channel steps.
 * Power is not (a box switched off stops what it played, and switching it on does not bring that
 * back), nor are the arrows, OK, back and home (what they opened or left on the TV is not restored by
 * another key).
 */
const UNDO: Partial<Record<ElderKey, ElderKey>> = Object.freeze({
  volumeUp: 'volumeDown',
  volumeDown: 'volumeUp',
  channelUp: 'channelDown',
  channelDown: 'channelUp',
})

export function undoKeyOf(key: ElderKey): ElderKey | null {
  return UNDO[key] ?? null
}

/**
 * What the TV did with a key, in words, said once its type 87 reply arrived (SPEC 4: every command is
 * answered; the reply carries the same sequenceId). A box that reports its play state (the local
 * stack's, an extension) adds the volume, the channel, or whether it is on; a real operator's box
 * that sends SPEC's fields only gets the key's own words.
 */
export function saidOf(key: ElderKey, reply: TvMode | null): string {
  const ps = reply?.content.playState
  if (key === 'power') return ps ? (ps.power ? t.said.powerOn : t.said.powerOff) : t.said.power
  const words = t.said[key]
  if ((key === 'volumeUp' || key === 'volumeDown') && ps && Number.isFinite(ps.volume)) return `${words}${t.saidVolume(ps.volume)}`
  if ((key === 'channelUp' || key === 'channelDown') && ps?.live) return `${words}${t.saidChannel(ps.live.number, ps.live.name)}`
  return words
}
