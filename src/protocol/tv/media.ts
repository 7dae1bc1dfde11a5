/**
 * Now playing: pause, seek and next episode from the phone.
 *
 * The media keys are Android's own (SPEC 4 type 13 key events, `value` the key code, as every key):
 *   KEYCODE_MEDIA_PLAY_PAUSE (85), KEYCODE_MEDIA_PLAY (126), KEYCODE_MEDIA_PAUSE (127),
 *   KEYCODE_MEDIA_FAST_FORWARD (90) and KEYCODE_MEDIA_REWIND (89): 10 s a press,
 *   KEYCODE_MEDIA_NEXT (87) and KEYCODE_MEDIA_PREVIOUS (88): the next / previous episode (on a live
 *   channel: the next / previous channel, as 频道+/−).
 * They are in REMOTE_KEYS (commands.ts) beside the other keys; a real box takes them as they are.
 *
 * **Local-stack extensions** (a real operator's box works without them; the SPEC 3 envelope is unchanged):
 * - **Seek to a point:** a type 13 key event `{ keyEvent: KEY_EVENT_SEEK, value: '<whole second>', sNo }`
 *   (the key events' content shape): the box plays the episode it plays from that second. The phone
 *   sends it only to a box whose report says it knows it (`vod.paused` present, below) and only after
 *   the reply to its previous command (the same key queue). A box that does not know it ignores it (its
 *   reply carries no `media`): the phone then reaches the point with ±10 s key presses instead.
 * - **`vod.paused`** (TvPlayState.vod): true while the program is paused; a paused program keeps its
 *   position on the box's clock. Its presence says the box knows this extension (seek included).
 * - **`media`**, a type 87 content field, only in the reply to a media key or a seek:
 *   `{ keyEvent, done, reason? }`; `done` false with `reason` 'live' (play/pause/seek do nothing on a
 *   live channel), 'idle' (nothing the box can pause plays), 'edge' (no next / previous episode) or
 *   'invalid' (a seek value that is not a whole second). A reply without it (a real box) says nothing
 *   of the outcome: the phone then says only that the key reached the TV.
 */
import { tvMessage as types, type KeyEventContent } from './messages'

// The keys themselves are in mediaKeys.ts, which commands.ts imports: the rest of this file (seek,
// the box's answer) is the now-playing panel's only, and leaves the app's first load with it.
export { MEDIA_KEYS, type MediaKey } from './mediaKeys'
import { MEDIA_KEYS, type MediaKey } from './mediaKeys'

/** Fast forward and rewind move this many seconds a press. */
export const SEEK_STEP_SEC = 10

/** Extension: the key event name of a seek to a point (the target second in `value`). */
export const KEY_EVENT_SEEK = 'seekTo'

/** The furthest second a seek may name (a day: no episode is longer). */
export const MAX_SEEK_SEC = 86_400

/** Whether a keyEvent name is one of the media keys. */
export function mediaKeyOf(keyEvent: string): MediaKey | null {
  for (const k of Object.keys(MEDIA_KEYS) as MediaKey[]) if (MEDIA_KEYS[k].keyEvent === keyEvent) return k
  return null
}

/** The target second of a seek's `value`, or null when it is not a whole second in 0..MAX_SEEK_SEC. */
export function seekTargetOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return null
  const sec = Number(value)
  return sec <= MAX_SEEK_SEC ? sec : null
}

/** Type 13 seek to `sec` (whole seconds into the episode playing). Throws on a value seekTargetOf refuses. */
export function seekTo(sec: number): { type: number; content: (sNo: string) => KeyEventContent } {
  const value = String(Math.floor(sec))
  if (!Number.isFinite(sec) || sec < 0 || seekTargetOf(value) === null) throw new RangeError(`not a seek target: ${sec}`)
  return { type: types.typeKeyEvent, content: (sNo) => ({ keyEvent: KEY_EVENT_SEEK, value, sNo }) }
}

export type MediaRefusal = 'live' | 'idle' | 'edge' | 'invalid'

/** The `media` field of the reply to a media key or a seek (extension). */
export interface MediaAnswer {
  keyEvent: string
  done: boolean
  reason?: MediaRefusal
}

const REFUSALS: readonly string[] = ['live', 'idle', 'edge', 'invalid']

export function readMediaAnswer(content: Record<string, unknown> | undefined): MediaAnswer | null {
  const m = content?.media
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return null
  const r = m as Record<string, unknown>
  if (typeof r.keyEvent !== 'string' || typeof r.done !== 'boolean') return null
  return {
    keyEvent: r.keyEvent,
    done: r.done,
    ...(typeof r.reason === 'string' && REFUSALS.includes(r.reason) ? { reason: r.reason as MediaRefusal } : {}),
  }
}
