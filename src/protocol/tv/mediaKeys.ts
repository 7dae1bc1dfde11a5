/** Android's media keys (src/protocol/tv/media.ts says what they do and the extensions beside them). */

/** The media keys of a hand remote (names as RemoteKey; key codes in REMOTE_KEYS). */
export type MediaKey = 'playPause' | 'play' | 'pause' | 'fastForward' | 'rewind' | 'next' | 'previous'

/** Android key events of the media keys: keyEvent name and key code. */
export const MEDIA_KEYS: Readonly<Record<MediaKey, { keyEvent: string; code: number }>> = Object.freeze({
  playPause: { keyEvent: 'KEYCODE_MEDIA_PLAY_PAUSE', code: 85 },
  play: { keyEvent: 'KEYCODE_MEDIA_PLAY', code: 126 },
  pause: { keyEvent: 'KEYCODE_MEDIA_PAUSE', code: 127 },
  fastForward: { keyEvent: 'KEYCODE_MEDIA_FAST_FORWARD', code: 90 },
  rewind: { keyEvent: 'KEYCODE_MEDIA_REWIND', code: 89 },
  next: { keyEvent: 'KEYCODE_MEDIA_NEXT', code: 87 },
  previous: { keyEvent: 'KEYCODE_MEDIA_PREVIOUS', code: 88 },
})

/**
 * The media keys that start playback: play, play/pause, the next and the previous episode (or channel).
 * Out of minors' mode's limits the local stack's box refuses them, and the phone refuses them
 * before sending, as it does the play and channel keys, so that a box that does not enforce the limits
 * (a real operator's box) is not started from the now-playing panel. Pause, ±10 s and seek start nothing.
 */
export const MEDIA_STARTS: readonly MediaKey[] = Object.freeze(['play', 'playPause', 'next', 'previous'] as const)
