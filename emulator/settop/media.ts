/**
 * The virtual box's media keys and seek (src/protocol/tv/media.ts):
 * - a program playing: KEYCODE_MEDIA_PLAY_PAUSE toggles, KEYCODE_MEDIA_PLAY / _PAUSE set, paused it
 *   keeps its position on the stack's clock; KEYCODE_MEDIA_FAST_FORWARD / _REWIND move 10 s within the
 *   episode; KEYCODE_MEDIA_NEXT / _PREVIOUS start the next / previous episode (none: 'edge'); a seek
 *   (`seekTo`, the second in `value`) plays from that second of the episode;
 * - a live channel: play/pause, ±10 s and seek do nothing ('live'); next / previous step the channel
 *   as 频道+/−;
 * - anything else (the desktop, a desktop tile, web content, the TV off): nothing to control ('idle').
 * Every answer names the key and whether it was done (`media` in the type 87 reply).
 */
import { REMOTE_KEYS } from '../../src/protocol/tv/commands'
import { KEY_EVENT_SEEK, mediaKeyOf, SEEK_STEP_SEC, seekTargetOf, type MediaAnswer, type MediaKey, type MediaRefusal } from '../../src/protocol/tv/media'
import type { TvPlayState } from '../../src/protocol/tv/messages'
import { LIVE_PACKAGE } from './model'
import { seekPlayback, setPaused, stepEpisode, type Playback } from './playback'

/** Whether the box's media handler takes this key event (the media keys and the seek). */
export function isMediaCommand(keyEvent: string): boolean {
  return keyEvent === KEY_EVENT_SEEK || mediaKeyOf(keyEvent) !== null
}

/** What the media handler needs of the box. */
export interface MediaTarget {
  state: TvPlayState
  /** Whether the box plays a program now (its player has a play that has not ended). */
  playingProgram: boolean
  /** Change the program's play (VodPlayer.change): false when it could not. */
  changePlay(next: (pb: Playback, now: number) => Playback | null): boolean
  /** The box's own 频道+ / 频道− (the channel list, child lock, the pending entry): the next state. */
  stepChannel(delta: 1 | -1): TvPlayState
}

export interface MediaOutcome {
  state: TvPlayState
  answer: MediaAnswer
}

const refused = (keyEvent: string, state: TvPlayState, reason: MediaRefusal): MediaOutcome => ({ state, answer: { keyEvent, done: false, reason } })

/** One media key or seek on the box (not under global lock: the box refuses every key there first). */
export function applyMedia(target: MediaTarget, keyEvent: string, value: unknown): MediaOutcome {
  const state: TvPlayState = { ...target.state, lastKey: keyEvent }
  const key: MediaKey | 'seek' | null = keyEvent === KEY_EVENT_SEEK ? 'seek' : mediaKeyOf(keyEvent)
  if (!key) return refused(keyEvent, state, 'invalid')
  if (!state.power) return refused(keyEvent, state, 'idle')
  const done = (s: TvPlayState = state): MediaOutcome => ({ state: s, answer: { keyEvent, done: true } })

  if (state.playing?.package === LIVE_PACKAGE && state.live) {
    // live TV: no pause, no seek; the episode keys are the channel keys
    if (key === 'next' || key === 'previous') {
      const next = target.stepChannel(key === 'next' ? 1 : -1)
      return done({ ...next, lastKey: keyEvent })
    }
    return refused(keyEvent, state, 'live')
  }
  if (!target.playingProgram) return refused(keyEvent, state, 'idle')

  switch (key) {
    case 'seek': {
      const sec = seekTargetOf(value)
      if (sec === null) return refused(keyEvent, state, 'invalid')
      return target.changePlay((pb, now) => seekPlayback(pb, sec, now)) ? done() : refused(keyEvent, state, 'idle')
    }
    case 'fastForward':
    case 'rewind': {
      const delta = key === 'fastForward' ? SEEK_STEP_SEC : -SEEK_STEP_SEC
      return target.changePlay((pb, now) => seekPlayback(pb, pb.positionSec + delta, now)) ? done() : refused(keyEvent, state, 'idle')
    }
    case 'next':
    case 'previous':
      return target.changePlay((pb, now) => stepEpisode(pb, key === 'next' ? 1 : -1, now)) ? done() : refused(keyEvent, state, 'edge')
    case 'play':
    case 'pause':
    case 'playPause':
      return target.changePlay((pb, now) => setPaused(pb, key === 'playPause' ? !pb.paused : key === 'pause', now)) ? done() : refused(keyEvent, state, 'idle')
  }
}

/** The channel keys the box's live model knows, for `stepChannel`. */
export const CHANNEL_KEYS = { 1: REMOTE_KEYS.channelUp.keyEvent, [-1]: REMOTE_KEYS.channelDown.keyEvent } as const
