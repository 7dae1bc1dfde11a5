import { REMOTE_KEYS } from '../../src/protocol/tv/commands'
import { SCREEN_DESKTOP, SCREEN_PLAYING, type H5PlayPayload, type LivePlayState, type TvPlayState } from '../../src/protocol/tv/messages'

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
    live: null,
    liveEntry: '',
    liveRefused: null,
  }
}

/** What `playing` holds while the box shows live TV. */
export const LIVE_PACKAGE = 'tvc.live'
/** Digits typed on the remote wait this long for more before the box switches (OK switches at once). */
export const LIVE_COMMIT_MS = 2000
/** At most this many digits are kept (channel numbers of up to 4 digits). */
const LIVE_ENTRY_MAX = 4

/** A channel the box can tune to. */
export interface LiveChannelDef {
  channelId: string
  number: number
  name: string
  /** A child channel: the only ones a box under child lock plays. */
  child: boolean
}

const DIGIT = /^KEYCODE_([0-9])$/

/** The digit of a KEYCODE_0 .. KEYCODE_9 key event, or null. */
export function digitOf(keyEvent: string): number | null {
  const m = DIGIT.exec(keyEvent)
  return m ? Number(m[1]) : null
}

/** A digit typed on the remote: kept in the entry (the box commits it after LIVE_COMMIT_MS or on OK). */
export function enterDigit(state: TvPlayState, digit: number): TvPlayState {
  if (!state.power) return state
  const entry = `${state.liveEntry ?? ''}${digit}`.slice(-LIVE_ENTRY_MAX)
  return { ...state, liveEntry: entry, menuOpen: false }
}

function tuned(state: TvPlayState, c: LiveChannelDef, title: string): TvPlayState {
  const live: LivePlayState = { channelId: c.channelId, number: c.number, name: c.name, title }
  return {
    ...state,
    power: true,
    menuOpen: false,
    live,
    liveEntry: '',
    liveRefused: null,
    playing: { package: LIVE_PACKAGE, loadUrl: `tvc://live/${c.channelId}` },
    screen: SCREEN_PLAYING,
  }
}

/**
 * The typed number is committed: the box switches to that live channel from wherever it is (desktop
 * or a program). A number with no channel, or (under child lock) a channel outside the child groups,
 * changes nothing but `liveRefused`, which says so.
 */
export function commitLive(
  state: TvPlayState,
  channels: readonly LiveChannelDef[],
  locks: { childLock: boolean },
  titleOf: (c: LiveChannelDef) => string,
): TvPlayState {
  const entry = state.liveEntry ?? ''
  if (!entry) return state
  const number = Number(entry)
  const c = channels.find((x) => x.number === number)
  if (!c) return { ...state, liveEntry: '', liveRefused: { number, reason: 'noChannel' } }
  if (locks.childLock && !c.child) return { ...state, liveEntry: '', liveRefused: { number, reason: 'child' } }
  return tuned(state, c, titleOf(c))
}

/**
 * 频道+ / 频道−: the next or previous channel by number, wrapping around (+ on the last is the first);
 * under child lock only child channels. From outside live TV it tunes the first channel.
 */
export function stepChannel(
  state: TvPlayState,
  channels: readonly LiveChannelDef[],
  delta: 1 | -1,
  locks: { childLock: boolean },
  titleOf: (c: LiveChannelDef) => string,
): TvPlayState {
  if (!state.power) return state
  const allowed = channels.filter((c) => !locks.childLock || c.child).sort((a, b) => a.number - b.number)
  if (allowed.length === 0) return state
  const at = state.playing?.package === LIVE_PACKAGE && state.live ? allowed.findIndex((c) => c.channelId === state.live?.channelId) : -1
  const next = at >= 0 ? allowed[(at + delta + allowed.length) % allowed.length] : allowed[0]
  return tuned(state, next, titleOf(next))
}

/** Anything that stops live playback (back, home, power, a program) clears the live channel shown. */
export function withoutStaleLive(state: TvPlayState): TvPlayState {
  if (state.playing?.package === LIVE_PACKAGE || !state.live) return state
  return { ...state, live: null }
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
