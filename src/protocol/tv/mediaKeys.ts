/** Issue 35: Android's media keys (src/protocol/tv/media.ts says what they do and the extensions beside them). */

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
