import { tvMessage as types, type H5PlayPayload, type KeyEventContent } from './messages'
import { MEDIA_KEYS, type MediaKey } from './mediaKeys'

/** The remote-control keys a phone remote needs (labels: strings.tv.keys). */
export type RemoteKey =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'ok'
  | 'back'
  | 'home'
  | 'menu'
  | 'volumeUp'
  | 'volumeDown'
  | 'mute'
  | 'power'
  | 'channelUp'
  | 'channelDown'
  | DigitKey
  | TextKey
  | MediaKey

/** 手机输入: delete and confirm in the TV's input field, and the TV's search (focuses its search field). */
export type TextKey = 'del' | 'enter' | 'search'

/** The number keys 0-9 of a hand remote (live TV: a channel number, then OK). */
export type DigitKey = 'digit0' | 'digit1' | 'digit2' | 'digit3' | 'digit4' | 'digit5' | 'digit6' | 'digit7' | 'digit8' | 'digit9'

/** Android key events of the set-top box: keyEvent name and key code (sent as `value`). */
export const REMOTE_KEYS: Readonly<Record<RemoteKey, { keyEvent: string; code: number }>> = Object.freeze({
  up: { keyEvent: 'KEYCODE_DPAD_UP', code: 19 },
  down: { keyEvent: 'KEYCODE_DPAD_DOWN', code: 20 },
  left: { keyEvent: 'KEYCODE_DPAD_LEFT', code: 21 },
  right: { keyEvent: 'KEYCODE_DPAD_RIGHT', code: 22 },
  ok: { keyEvent: 'KEYCODE_DPAD_CENTER', code: 23 },
  back: { keyEvent: 'KEYCODE_BACK', code: 4 },
  home: { keyEvent: 'KEYCODE_HOME', code: 3 },
  menu: { keyEvent: 'KEYCODE_MENU', code: 82 },
  volumeUp: { keyEvent: 'KEYCODE_VOLUME_UP', code: 24 },
  volumeDown: { keyEvent: 'KEYCODE_VOLUME_DOWN', code: 25 },
  mute: { keyEvent: 'KEYCODE_VOLUME_MUTE', code: 164 },
  power: { keyEvent: 'KEYCODE_POWER', code: 26 },
  channelUp: { keyEvent: 'KEYCODE_CHANNEL_UP', code: 166 },
  channelDown: { keyEvent: 'KEYCODE_CHANNEL_DOWN', code: 167 },
  // KEYCODE_0 .. KEYCODE_9 are Android codes 7 .. 16
  digit0: { keyEvent: 'KEYCODE_0', code: 7 },
  digit1: { keyEvent: 'KEYCODE_1', code: 8 },
  digit2: { keyEvent: 'KEYCODE_2', code: 9 },
  digit3: { keyEvent: 'KEYCODE_3', code: 10 },
  digit4: { keyEvent: 'KEYCODE_4', code: 11 },
  digit5: { keyEvent: 'KEYCODE_5', code: 12 },
  digit6: { keyEvent: 'KEYCODE_6', code: 13 },
  digit7: { keyEvent: 'KEYCODE_7', code: 14 },
  digit8: { keyEvent: 'KEYCODE_8', code: 15 },
  digit9: { keyEvent: 'KEYCODE_9', code: 16 },
  del: { keyEvent: 'KEYCODE_DEL', code: 67 },
  enter: { keyEvent: 'KEYCODE_ENTER', code: 66 },
  search: { keyEvent: 'KEYCODE_SEARCH', code: 84 },
  // Android's media keys (play/pause, ±10 s, episodes): src/protocol/tv/media.ts
  ...MEDIA_KEYS,
})

/** The digit key of 0-9. */
export function digitKey(d: number): DigitKey {
  if (!Number.isInteger(d) || d < 0 || d > 9) throw new RangeError(`not a digit: ${d}`)
  return `digit${d}` as DigitKey
}

/**
 * Switching a TV to a live channel with nothing but SPEC 4 key events, as its own hand remote does:
 * the channel number's digits (KEYCODE_0 .. KEYCODE_9), then KEYCODE_DPAD_CENTER to commit at once
 * (without it the box commits 2 s after the last digit). The phone sends each key after the reply to
 * the previous one.
 */
export function channelKeys(channelNumber: number): RemoteKey[] {
  if (!Number.isInteger(channelNumber) || channelNumber < 0 || channelNumber > 9999) throw new RangeError(`not a channel number: ${channelNumber}`)
  const digits: RemoteKey[] = [...String(channelNumber)].map((c) => digitKey(Number(c)))
  return [...digits, 'ok']
}

export type { MediaKey } from './mediaKeys'

export const KEY_EVENT_SYNC = 'syncPlayState'
export const KEY_EVENT_SCREEN = 'getCurrentScreenType'

/** A command body: actionData type + content; the link wraps it in an envelope with its sequenceId. */
export interface Command<C = unknown> {
  type: number
  content: (sNo: string) => C
}

function keyEvent(keyEventName: string, value: string): Command<KeyEventContent> {
  return { type: types.typeKeyEvent, content: (sNo) => ({ keyEvent: keyEventName, value, sNo }) }
}

/** Type 13: ask the TV for its play state (answered with type 87). */
export function syncPlayState(): Command<KeyEventContent> {
  return keyEvent(KEY_EVENT_SYNC, '')
}

/** Type 13: ask the TV which screen it shows (answered with type 32 { code }). */
export function getCurrentScreenType(value = ''): Command<KeyEventContent> {
  return keyEvent(KEY_EVENT_SCREEN, value)
}

/** Type 13: one remote-control key press (answered with type 87). */
export function remoteKey(key: RemoteKey): Command<KeyEventContent> {
  const k = REMOTE_KEYS[key]
  if (!k) throw new Error(`unknown remote key: ${String(key)}`)
  return keyEvent(k.keyEvent, String(k.code))
}

/** Type 9 h5Play: exactly the SPEC 3 third-party payload (UI-only fields such as appName are dropped). */
export function h5Play(payload: H5PlayPayload): Command<H5PlayPayload> {
  const body: H5PlayPayload = {
    action: payload.action,
    package: payload.package,
    component: { pkg: payload.component.pkg, cls: payload.component.cls },
    extras: { loadUrl: payload.extras.loadUrl },
    params: payload.params,
    type: 'web',
  }
  return { type: types.typeH5Play, content: () => body }
}
