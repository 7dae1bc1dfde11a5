/**
 * The seam between the gateway emulator (which hands out broker credentials in jarvisLogin and owns
 * users, bound TVs and locks) and the embedded broker + virtual set-top boxes (which check those
 * credentials and play the TVs). The gateway implements `BrokerDirectory`; the broker and the set-top
 * boxes only read through it.
 *
 * Topic scheme (documented in docs/developer.md "The local stack" and emulator/settop/README.md):
 *   phone inbox: tvc/phone/{cid}          (jarvisLogin clientTopic[0]; only that phone may subscribe)
 *   TV inbox:    tvc/tv/{MAC}             (MAC = 12 uppercase hex digits; the TV subscribes to it and
 *                                          everything below it)
 *   a user's way in: tvc/tv/{MAC}/u/{uid} (queryAgentTopic data[0].topic for that user,
 *                                          src/protocol/tv/sender.ts: only that user's phones may
 *                                          publish there, so the box learns the sender from it)
 * A phone publishes only to its own user's way into TVs bound to that user; a set-top box publishes
 * replies to the phone topic named in the command's actionData.from.topic, when that phone is the
 * sender's, with `from.topic` the sender's way in (the TV topic that phone knows).
 */
import { parseSenderTopic, senderTopic } from '../src/protocol/tv/sender'
import type { LiveChannelDef } from './settop/model'
import type { ProgramDef } from './settop/playback'
import type { MinorsSettings } from '../src/protocol/minors'
import type { TvReminder } from '../src/protocol/tv/reminder'

export interface JarvisSession {
  /** MQTT client id. */
  cid: string
  /** MQTT username. */
  appKey: string
  /** MQTT password. */
  sign: string
  /** clientTopic[0] is this phone's own topic. */
  clientTopic: string[]
  uid: string
  phone: string
}

export interface VirtualTv {
  /** 12 uppercase hex digits, no separators. */
  mac: string
  name: string
  topic: string
}

export interface TvLocks {
  childLock: boolean
  globalLock: boolean
}

/** A TV's screen option (setScreenOption), reported by its box in type 87. */
export interface TvScreenOption {
  mode: 'remote' | 'mirror'
  quality: 'auto' | 'hd' | 'sd'
  autoPlayNext: boolean
}

export interface BrokerDirectory {
  /** The session jarvisLogin handed out for this client id, if any. */
  sessionByClientId(cid: string): JarvisSession | undefined
  /** TV topics the user may publish to (TVs bound to the user). */
  tvTopicsOfUser(uid: string): string[]
  /** Every TV known to the emulator (one virtual set-top box each). */
  allTvs(): VirtualTv[]
  /** The pairing code the TV shows now (its set-top box admin lists it); absent: no pairing. */
  pairingCode?(mac: string): string
  /**
   * The person at the TV asked it for a fresh code (its 换一个配对码 action, presence at the TV): the
   * code it shows from now on, which binds at once, during a wait after strangers' guesses too
   * (../pairing.ts). Null when the TV gave its daily number of fresh codes. Absent: no pairing.
   */
  freshPairingCode?(mac: string): string | null
  /** Current lock state of a TV, reflected in its type 87 replies. */
  locksOf(mac: string): TvLocks
  /**
   * A TV started playing a program for a user (a set-top box reports it): the gateway writes it to
   * that user's watch history. Optional: directories without history ignore plays.
   */
  recordPlay?(play: TvPlay): void
  /** The TV's screen option, reflected in its type 87 replies. Optional. */
  screenOptionOf?(mac: string): TvScreenOption
  /**
   * A TV's locks or screen option changed at the gateway: its box pushes a type 87 report to the
   * phones it serves at once. Optional; returns an unsubscribe function.
   */
  onTvChanged?(listener: (mac: string) => void): () => void
  /** The live channels a box tunes to. Optional: without them a box plays no live TV. */
  liveChannels?(): readonly LiveChannelDef[]
  /**
   * The programme on air on a channel at `at`, by the gateway's schedule (its changes included).
   * Optional: without it a box reads the generated schedule (emulator/data/live.ts).
   */
  onAirTitle?(channelId: string, at: number): string | undefined
  /** The stack's controllable clock (the gateway's): what is on air. Optional: Date.now. */
  now?(): number
  /** A program a box plays episode by episode: title and episode lengths. Optional. */
  programOf?(programId: string): ProgramDef | undefined
  /**
   * The catalogue's word on a program for children (the data of the gateway's child channel): true or
   * false, undefined for a program it does not know. Optional: without it a box judges no program under
   * the child lock (src/protocol/tv/childLock.ts).
   */
  childFriendly?(programId: string): boolean | undefined
  /** The programs of a TV desktop's tiles in order (`child`: the child desktop's). Optional. */
  desktopTiles?(child: boolean): readonly string[]
  /** The stack's clock was moved (tests): boxes playing a program write their record at once. Optional. */
  onClockMoved?(listener: () => void): () => void
  /**
   * A user's programme reminder fired for this TV (src/protocol/tv/reminder.ts): its box shows the
   * banner. Only TVs whose abilityString lists REMINDER are told. Optional; returns an unsubscribe function.
   */
  onReminder?(listener: (mac: string, reminder: TvReminder) => void): () => void
  /** A TV's lock password was reset by its owner: its box says so (screen and phones). */
  onLockPasswordReset?(listener: (mac: string) => void): () => void
  /**
   * The members of a TV's family now (uid, nickname from the member list, whether they hid
   * their presence). Optional: without it a box tells nobody who did what.
   */
  familyMembers?(mac: string): FamilyMemberView[]
  /**
   * Broker sessions were revoked (logout, a member removed, a TV unbound): the broker closes
   * every open connection of those client ids at once (their cid/sign are refused from then on).
   * Optional; returns an unsubscribe function.
   */
  onSessionsRevoked?(listener: (cids: readonly string[]) => void): () => void
  /**
   * The TV's minors' mode as the gateway keeps it, for a server day: the settings and that
   * day's counted total and grant; undefined for a TV nobody set up. Optional: without it a box
   * enforces nothing.
   */
  minorsOf?(mac: string, day: string): MinorsView | undefined
  /** The box counted playback; the gateway adds it to the day's total (kept across box restarts). */
  addMinorsUsage?(mac: string, usage: MinorsUsage): void
}

/** What a box reads of its TV's minors' mode for one server day. */
export interface MinorsView {
  settings: MinorsSettings
  usedSec: number
  grantSec: number
}

/** What a box counted since its last write: `sec` whole seconds of one thing, from `startedAt`, on `day`. */
export interface MinorsUsage {
  /** Server day 'YYYYMMDD' (UTC+8). */
  day: string
  sec: number
  startedAt: number
  kind: 'vod' | 'live' | 'other'
  title: string
  programId?: string
}

/** A member of a TV's family as its box sees it. */
export interface FamilyMemberView {
  uid: string
  nickName: string
  presenceHidden: boolean
}

/** What a set-top box reports when it starts playing something for a phone user. */
export interface TvPlay {
  mac: string
  uid: string
  programId: string
  episodeIndex: number
  /** Seconds into the episode (0 when the box does not say). */
  positionSec?: number
}

export const PHONE_TOPIC_PREFIX = 'tvc/phone/'
export const TV_TOPIC_PREFIX = 'tvc/tv/'

export function phoneTopic(cid: string): string {
  return `${PHONE_TOPIC_PREFIX}${cid}`
}

export function tvTopic(mac: string): string {
  return `${TV_TOPIC_PREFIX}${mac.replace(/[^0-9a-fA-F]/g, '').slice(-12).toUpperCase()}`
}

/** The TV topic a user publishes to (what queryAgentTopic answers that user). */
export function agentTopic(mac: string, uid: string): string {
  return senderTopic(tvTopic(mac), uid)
}

/**
 * Where a message on a TV topic came in: the TV's MAC, and the sender when it came on a user's way in
 * (`tvc/tv/{MAC}/u/{uid}`); null for anything else.
 */
export function commandTopicOf(topic: string): { mac: string; uid?: string } | null {
  const sent = parseSenderTopic(topic)
  const tv = sent ? sent.tvTopic : topic
  const m = /^tvc\/tv\/([0-9A-F]{12})$/.exec(tv)
  if (!m) return null
  return sent ? { mac: m[1], uid: sent.uid } : { mac: m[1] }
}
