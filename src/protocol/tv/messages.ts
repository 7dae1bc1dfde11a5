/**
 * The message shapes between the phone and the TV (SPEC section 3 "Message envelope to TV", section 4
 * "TV connection"). Both directions use the same envelope. Reply scheme (also emulator/settop/README.md):
 *   - the phone publishes to the TV topic, actionData.from.topic = its own topic;
 *   - the TV answers EVERY command on actionData.from.topic with an envelope whose sequenceId echoes the
 *     command's sequenceId (the SPEC 4 "last sent id vs last received id" check compares these),
 *     actionData.from.topic = the TV topic and actionData.to[0].topic = the phone topic;
 *   - syncPlayState, remote keys and h5Play are answered with type 87 (mode + play state),
 *     getCurrentScreenType with type 32 ({ code }).
 */

/** SPEC 3/4: actionData types of the messages between phone and TV. */
export const tvMessage = Object.freeze({
  /** TV -> phone: mode + play state (lockCurrentStatus). */
  typeMode: 87,
  /** TV -> phone: the screen type { code }. */
  typeScreen: 32,
  /** phone -> TV: a key event (syncPlayState, getCurrentScreenType, remote keys). */
  typeKeyEvent: 13,
  /** phone -> TV: play a third-party app's web content (h5Play). */
  typeH5Play: 9,
})
const types = tvMessage

/**
 * SPEC 4/9: curVersion / currentEPGVersion / lockCurrentStatus 0 means the child version (the child
 * desktop, the child channel everywhere); EPG_NORMAL is the other value.
 */
export const CHILD_VERSION = 0

export interface Party {
  nickname: string
  topic: string
  uid: string
}

export interface Target extends Party {
  jid: string
  mac: string
}

export interface ActionData<C = unknown> {
  type: number
  content: C
  from: Party
  persistent: 0
  to: Target[]
}

export interface Envelope<C = unknown> {
  /** A timestamp (ms), strictly increasing per sender. */
  sequenceId: number
  ttsType: 0
  tts: false
  action: 'XMPP'
  /** The sender's jarvis id: the phone's cid, or the TV's MAC. */
  JarvisID: string
  /** The set-top box concerned: its MAC (12 uppercase hex digits). */
  BananaID: string
  actionData: ActionData<C>
}

/** Type 13 content. */
export interface KeyEventContent {
  keyEvent: string
  value: string
  /** Serial number of the request: the envelope's sequenceId as a string. */
  sNo: string
}

/** Type 9 content: play a third-party app's web content on the TV (SPEC 3). */
export interface H5PlayPayload {
  action: string
  package: string
  component: { pkg: string; cls: string }
  extras: { loadUrl: string }
  params: string
  type: 'web'
}

/** What the TV's play state looks like inside a type 87 reply (the virtual set-top box's model). */
export interface TvPlayState {
  power: boolean
  volume: number
  muted: boolean
  /** The type 32 screen code: SCREEN_PLAYING or SCREEN_DESKTOP. */
  screen: number
  menuOpen: boolean
  /** Index of the focused tile on the desktop. */
  focus: number
  /**
   * What plays. `programId` is an extension (the local stack's box, src/protocol/tv/childLock.ts): the
   * catalogue program of a desktop tile it plays, when it knows it.
   */
  playing: { package: string; loadUrl: string; programId?: string } | null
  lastKey: string | null
  /**
   * Extension (the local stack's box; a real box sends none of the fields below, and the app
   * then shows only "playing"): live playback. The channel the box shows when it plays live TV (a
   * live channel replaces `playing`), with the programme on air by the box's clock.
   */
  live?: LivePlayState | null
  /** Extension: digits typed on the remote and not committed yet (2 s window, OK commits at once). */
  liveEntry?: string
  /** Extension: the last channel number the box did not switch to, and why. */
  liveRefused?: { number: number; reason: 'noChannel' | 'child' } | null
  /**
   * Extension (the local stack's box; a real box sends none of it): the program the box
   * plays, with its episode and position on the stack's clock. The app shows it as what the TV plays,
   * but takes resume points only from the gateway's history (querySingleHistory / queryHistory).
   */
  vod?: VodPlayState | null
}

/** Extension: what a box playing a program (type 9 h5Play) reports. */
export interface VodPlayState {
  programId: string
  title: string
  /** 1-based episode playing now. */
  episode: number
  episodeCount: number
  /** Seconds into the episode (advances one per second while playing). */
  positionSec: number
  /** Length of the episode playing, seconds. */
  durationSec: number
  /**
   * Extension (src/protocol/tv/media.ts): the program is paused and keeps its position.
   * Present (true or false) only from a box that knows the media extension, seek to a point included.
   */
  paused?: boolean
}

/** Extension: what a box playing live TV reports. */
export interface LivePlayState {
  channelId: string
  number: number
  name: string
  /** The programme on air when the reply was sent ('' when the box knows none). */
  title: string
}

/** Type 87 content as the app keeps it: lockCurrentStatus is copied to currentEPGVersion (SPEC 4). */
export interface TvModeContent {
  currentEPGVersion: number
  lockCurrentStatus?: number
  childLock?: boolean
  globalLock?: boolean
  playState?: TvPlayState
  [key: string]: unknown
}

export interface TvMode {
  type: number
  content: TvModeContent
}

export interface TvMessage {
  type: number
  content: Record<string, unknown>
}

/** type 32 codes. */
export const SCREEN_PLAYING = 1
export const SCREEN_DESKTOP = 2

/** lockCurrentStatus / currentEPGVersion: 1 the normal desktop (CHILD_VERSION, 0, the child desktop). */
export const EPG_NORMAL = 1

/** SPEC 4: the fake local states (no device) and the default states (TV offline). */
export const DEFAULT_TV_MODE: TvMode = Object.freeze({
  type: types.typeMode,
  content: Object.freeze({ currentEPGVersion: EPG_NORMAL }),
}) as TvMode
export const DEFAULT_TV_MESSAGE: TvMessage = Object.freeze({
  type: types.typeScreen,
  content: Object.freeze({ code: SCREEN_DESKTOP }),
}) as TvMessage
