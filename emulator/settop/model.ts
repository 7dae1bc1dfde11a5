import { REMOTE_KEYS } from '../../src/protocol/tv/commands'
import { SCREEN_DESKTOP, SCREEN_PLAYING, type H5PlayPayload, type TvPlayState } from '../../src/protocol/tv/messages'

/** The desktop of the virtual TV: a grid of tiles the arrow keys move the focus over. */
export const DESKTOP_COLUMNS = 4
export const DESKTOP_TILES = 12
export const DESKTOP_PACKAGE = 'tvc.desktop'

export function initialPlayState(): TvPlayState {
  return {
    power: true,
    volume: 20,
    muted: false,
    screen: SCREEN_DESKTOP,
    menuOpen: false,
    focus: 0,
    playing: null,
    lastKey: null,
  }
}

const K = REMOTE_KEYS

/** What one remote key does to the set-top box. Pure: returns the next state. */
export function applyKey(state: TvPlayState, keyEvent: string, locks: { globalLock: boolean }): TvPlayState {
  const s: TvPlayState = { ...state, lastKey: keyEvent }
  if (!s.power) {
    if (keyEvent === K.power.keyEvent) s.power = true
    return s
  }
  switch (keyEvent) {
    case K.power.keyEvent:
      return { ...s, power: false, playing: null, menuOpen: false, screen: SCREEN_DESKTOP }
    case K.up.keyEvent:
      return moveFocus(s, -DESKTOP_COLUMNS)
    case K.down.keyEvent:
      return moveFocus(s, DESKTOP_COLUMNS)
    case K.left.keyEvent:
      return moveFocus(s, -1)
    case K.right.keyEvent:
      return moveFocus(s, 1)
    case K.ok.keyEvent:
      if (s.menuOpen) return { ...s, menuOpen: false }
      if (s.playing || locks.globalLock) return s
      return {
        ...s,
        playing: { package: DESKTOP_PACKAGE, loadUrl: `tvc://desktop/tile/${s.focus}` },
        screen: SCREEN_PLAYING,
      }
    case K.back.keyEvent:
      if (s.menuOpen) return { ...s, menuOpen: false }
      return { ...s, playing: null, screen: SCREEN_DESKTOP }
    case K.home.keyEvent:
      return { ...s, playing: null, menuOpen: false, screen: SCREEN_DESKTOP }
    case K.menu.keyEvent:
      return { ...s, menuOpen: !s.menuOpen }
    case K.volumeUp.keyEvent:
      return { ...s, volume: Math.min(100, s.volume + 1), muted: false }
    case K.volumeDown.keyEvent:
      return { ...s, volume: Math.max(0, s.volume - 1), muted: false }
    case K.mute.keyEvent:
      return { ...s, muted: !s.muted }
    default:
      return s
  }
}

function moveFocus(s: TvPlayState, delta: number): TvPlayState {
  if (s.playing || s.menuOpen) return s
  const next = s.focus + delta
  if (next < 0 || next >= DESKTOP_TILES) return s
  if (Math.abs(delta) === 1 && Math.floor(next / DESKTOP_COLUMNS) !== Math.floor(s.focus / DESKTOP_COLUMNS)) return s
  return { ...s, focus: next }
}

/** Type 9 h5Play: the TV wakes up and plays the third-party web content (not under global lock). */
export function applyH5Play(state: TvPlayState, payload: H5PlayPayload, locks: { globalLock: boolean }): TvPlayState {
  if (locks.globalLock) return state
  return {
    ...state,
    power: true,
    menuOpen: false,
    playing: { package: payload.package, loadUrl: payload.extras.loadUrl },
    screen: SCREEN_PLAYING,
  }
}
