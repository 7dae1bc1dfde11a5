import { KEY_EVENT_SCREEN, KEY_EVENT_SYNC } from '../../src/protocol/tv/commands'
import { buildEnvelope, createSequence } from '../../src/protocol/tv/envelope'
import { CHILD_VERSION, EPG_NORMAL, SCREEN_DESKTOP, tvMessage as types, type Envelope, type H5PlayPayload, type TvPlayState, type VodPlayState } from '../../src/protocol/tv/messages'
import type { TvLocks, TvPlay, TvScreenOption, VirtualTv } from '../directory'
import { onAirAt } from '../data/live'
import { REMOTE_KEYS } from '../../src/protocol/tv/commands'
import { KEY_EVENT_TEXT } from '../../src/protocol/tv/textInput'
import { actionOf, FamilyActivityTracker, type BoxFamily } from './family'
import { SearchField } from './textInput'
import {
  applyH5Play,
  applyKey,
  commitLive,
  digitOf,
  enterDigit,
  initialPlayState,
  LIVE_COMMIT_MS,
  stepChannel,
  withoutStaleLive,
  type LiveChannelDef,
} from './model'
import { VodPlayer, type ProgramDef } from './playback'
import { playStartOf } from '../../src/protocol/tv/playParams'
import { senderTopic } from '../../src/protocol/tv/sender'
import type { MinorsReason } from '../../src/protocol/minors'
import type { MinorsBoxState } from '../../src/protocol/tv/minors'
import { MinorsGuard, type MinorsSource, type Watching } from './minors'
import { DESKTOP_PACKAGE, LIVE_PACKAGE } from './model'
import { emulatorStrings } from '../strings'
import { applyMedia, CHANNEL_KEYS, isMediaCommand } from './media'
import { KEY_EVENT_SEEK } from '../../src/protocol/tv/media'
import { MEDIA_KEYS, MEDIA_STARTS } from '../../src/protocol/tv/mediaKeys'
import { isRecord } from '../../src/protocol/isRecord'
import type { ChildRefusal } from '../../src/protocol/tv/childLock'
import type { TvReminder } from '../../src/protocol/tv/reminder'
import { REMINDER_BANNER_MS } from '../../src/protocol/reminders'
import { serverHhmm } from '../../src/protocol/time'

export type Publish = (topic: string, payload: string) => void

/** How many sequence ids each box remembers for de-duplication. */
const SEEN_LIMIT = 4096
/** How many phones a box keeps reporting to (the latest that sent it a command). */
const PEER_LIMIT = 32
/** How many command envelopes a box keeps for inspection (tests, the admin list): the newest. */
export const RECEIVED_LIMIT = 1000

/** What a box needs besides its TV (optional: a box without channels plays no live TV). */
export interface BoxOptions {
  /** The live channels it can tune to. */
  channels?: () => readonly LiveChannelDef[]
  /** What is on air on a channel at a time, by the gateway's schedule (its changes included); else the generated one. */
  onAirTitle?: (channelId: string, at: number) => string | undefined
  /** The stack's controllable clock (what is on air); Date.now by default. */
  now?: () => number
  /**
   * The TV's family (members and the sessions behind phone topics). With it the box tells
   * each family phone who did what last and who is connected (type 87 `family`), and takes the sender
   * of a play from the session; without it, neither.
   */
  family?: BoxFamily
  /** The programs it can play episode by episode; without it a play is only recorded. */
  programs?: (programId: string) => ProgramDef | undefined
  /** The TV's minors' mode at the gateway; without it the box counts and enforces nothing. */
  minors?: MinorsSource
  /**
   * The topics of the family's phones connected now (the stack reads them from the broker),
   * told by `announce()` besides the phones the box served. Without it, only those it served.
   */
  familyTopics?: () => readonly string[]
  /**
   * The user of the broker session behind a phone topic (what `announce()` names a phone it
   * has not served yet as, to answer it from that user's way in). Optional: without it, only phones served.
   */
  userOfTopic?: (topic: string) => string | undefined
  /**
   * The catalogue's word on a program for children (the data the gateway's child channel filters on):
   * true / false, undefined for a program it does not know. With it the box enforces the child lock
   * (src/protocol/tv/childLock.ts): under child lock it starts nothing that is not child-friendly.
   * Without it (a bare box in a test) it judges no program.
   */
  childFriendly?: (programId: string) => boolean | undefined
  /** The programs of the desktop's tiles, in tile order: the child desktop's under child lock. */
  desktopTiles?: (child: boolean) => readonly string[]
}

/** What the box shows on its screen in minors' mode (its admin route lists it). */
export interface BoxMessage {
  /** `lockReset`: the TV's lock password was reset by its owner (shown for a minute). */
  kind: MinorsReason | 'rest' | 'lockReset'
  text: string
  atMs: number
}

/** The rest reminder stays on the screen this long (or until the next key). */
export const REST_MESSAGE_MS = 60_000

interface Peer {
  jid: string
  nickname: string
  uid: string
  /** The sender the broker vouched for (the user level of the topic), if any. */
  sender: string | undefined
  /** The TV topic that phone knows (its user's way in, or the bare TV topic): `from.topic` of what it gets. */
  via: string
}

/**
 * One virtual set-top box: listens on its TV topic (and, each user's way in below it, which
 * names the sender: src/protocol/tv/sender.ts), answers every command on the reply topic
 * (actionData.from.topic) from the TV topic that phone knows, with the command's sequenceId echoed:
 *   type 13 syncPlayState -> type 87; getCurrentScreenType -> type 32 { code }; KEYCODE_* -> type 87;
 *   type 9 h5Play -> type 87. Other types are ignored. Commands are de-duplicated by sequenceId (per
 * sender); a silent box records what it receives and answers nothing (offline TV).
 * Under global lock keys and h5Play change nothing: the type 87 answer (same sequenceId) says
 * globalLock true. `report()` pushes an unsolicited type 87 (the box's own sequenceId) to every phone
 * it served that may still hear from it: the gateway calls it when the TV's locks or screen option
 * change, so the TV follows at once instead of at the next 30 s sync. `announce()` (an
 * extension: src/protocol/README.md) sends the same type 87 once to each phone of its family when the
 * box (re)connects, so a phone that saw the TV go away sees it back at once.
 */
export class VirtualSetTopBox {
  state: TvPlayState = initialPlayState()
  silent = false
  /** Every command envelope received, duplicates included (tests assert "nothing sent twice"). */
  readonly received: Envelope[] = []
  duplicates = 0
  private readonly seen = new Set<string>()
  /** Commands dropped because they named a reply topic outside the TV's family. */
  refused = 0
  /** A slow TV: its replies leave this many ms late (past the phone's 800 ms); 0 answers at once. */
  replyDelayMs = 0
  /** Unsolicited type 87 reports pushed (lock / screen option changes). */
  reports = 0
  /** Type 87 announcements sent on (re)connecting, one per phone told. */
  announced = 0
  private readonly peers = new Map<string, Peer>()
  private readonly nextId = createSequence(() => Date.now())
  /** The live-channel entry's commit window (digits typed, no OK yet). */
  private entryTimer: ReturnType<typeof setTimeout> | null = null
  /** The TV's search field (手机输入) and who did what (family.ts). */
  readonly searchField = new SearchField()
  private readonly activity: FamilyActivityTracker | null
  /** What the command being answered did, when the TV took it (the last action); null otherwise. */
  private taken: string | null = null
  /** The program playing (episode, position on the stack's clock) and the load URL it plays. */
  private readonly player: VodPlayer
  private vodUrl = ''
  /** Minors' mode (counting, stops, refusals, the rest reminder); null without a source. */
  private readonly minors: MinorsGuard | null
  private message: BoxMessage | null = null
  /** The reminder banner shown (src/protocol/tv/reminder.ts), from `atMs` on the stack's clock for REMINDER_BANNER_MS. */
  private banner: { reminder: TvReminder; atMs: number } | null = null
  private bannerTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    readonly tv: VirtualTv,
    private readonly locks: () => TvLocks,
    private readonly publish: Publish,
    /** Told when a play command starts a program (the gateway writes the watch record). */
    private readonly onPlay: (play: TvPlay) => void = () => undefined,
    /**
     * Whether a reply may go to this topic, for this sender (the user the broker vouched for,
     * undefined when the command came in without one): only a phone of the sender's own, in the TV's
     * family (never a named stranger or another member's phone).
     */
    private readonly replyAllowed: (topic: string, sender: string | undefined) => boolean = () => true,
    /** The TV's screen option (setScreenOption), reported in type 87. */
    private readonly screenOption: () => TvScreenOption | undefined = () => undefined,
    private readonly options: BoxOptions = {},
  ) {
    this.activity = options.family ? new FamilyActivityTracker(options.family, () => (options.now ?? Date.now)()) : null
    this.player = new VodPlayer(
      options.now ?? Date.now,
      (w) => this.onPlay({ mac: this.tv.mac, ...w }),
      () => {
        // the last episode ended: back to the desktop, and the phones hear it at once
        this.state = { ...this.state, playing: null, screen: SCREEN_DESKTOP }
        this.syncMinors()
        this.report()
      },
    )
    const now = options.now ?? Date.now
    this.minors = options.minors
      ? new MinorsGuard(options.minors, now, {
          stop: (reason, atMs) => this.stopForMinors(reason, atMs),
          remind: (atMs) => {
            this.message = { kind: 'rest', text: emulatorStrings.minors.rest, atMs }
            this.report(undefined, { rest: true })
          },
        })
      : null
  }

  /** What the box shows now in minors' mode (a stop's message, or the rest reminder for a minute). */
  screenMessage(): BoxMessage | null {
    const m = this.message
    if (!m) return null
    const passing = m.kind === 'rest' || m.kind === 'lockReset'
    if (passing && (this.options.now ?? Date.now)() - m.atMs >= REST_MESSAGE_MS) return null
    // a stop's message stays while plays are refused
    if (!passing && !this.minors?.refusal()) return null
    return { ...m }
  }

  /**
   * The TV's lock password was reset by its owner (the gateway's event): the screen says so for a
   * minute, and every family phone connected hears it now, as a type 87 with `lockReset: true`
   * (a local-stack extension, src/protocol/tv/messages.ts), whatever it was doing.
   */
  passwordReset(): void {
    this.message = { kind: 'lockReset', text: emulatorStrings.lockReset, atMs: (this.options.now ?? Date.now)() }
    this.announce({ lockReset: true })
  }

  /**
   * A user's programme reminder fired for this TV (the gateway's event): the banner shows for 30 s
   * (REMINDER_BANNER_MS on the stack's clock) and the phones hear it (type 87 `reminder`). A TV that is
   * off, or silent (offline), shows nothing. Returns whether it shows.
   */
  showReminder(reminder: TvReminder): boolean {
    if (this.silent || !this.state.power) return false
    this.banner = { reminder: { ...reminder }, atMs: this.nowMs() }
    if (this.bannerTimer) clearTimeout(this.bannerTimer)
    // the banner's end is told to the phones too (it goes by itself)
    this.bannerTimer = setTimeout(() => {
      this.bannerTimer = null
      if (this.banner && !this.reminderShown()) {
        this.banner = null
        this.report()
      }
    }, REMINDER_BANNER_MS)
    this.bannerTimer.unref?.()
    this.report()
    return true
  }

  /** The reminder banner while it shows (30 s on the stack's clock; the box off ends it), else null. */
  reminderShown(): TvReminder | null {
    const b = this.banner
    if (!b) return null
    if (!this.state.power || this.nowMs() - b.atMs >= REMINDER_BANNER_MS) return null
    return { ...b.reminder }
  }

  /** The banner's text as the TV shows it (the admin route lists it). */
  reminderText(): string | null {
    const r = this.reminderShown()
    if (!r) return null
    const S = emulatorStrings.reminders
    const at = serverHhmm(r.startsAt)
    if (r.blocked) return S.bannerBlocked(at, r.channelName, r.title, S.blocked[r.blocked])
    if (r.phase === 'start') return S.bannerStart(at, r.channelName, r.title)
    return r.late ? S.bannerLate(at, r.channelName, r.title) : S.bannerAhead(at, r.channelName, r.title)
  }

  private dismissReminder(): void {
    this.banner = null
    if (this.bannerTimer) clearTimeout(this.bannerTimer)
    this.bannerTimer = null
  }

  private nowMs(): number {
    return (this.options.now ?? Date.now)()
  }

  /** The `minors` field of the type 87 (null while the mode is off or without a source). */
  minorsView(): MinorsBoxState | null {
    return this.minors?.view() ?? null
  }

  /** The total was used up or the curfew started: playback stops where it was at `atMs`, the phones hear why. */
  private stopForMinors(reason: MinorsReason, atMs: number): void {
    this.clearEntry()
    if (this.vodUrl) {
      this.vodUrl = ''
      this.player.stop(atMs)
    }
    this.state = withoutStaleLive({ ...this.state, playing: null, screen: SCREEN_DESKTOP, menuOpen: false, liveEntry: '' })
    this.searchField.follow(this.state)
    this.message = { kind: reason, text: emulatorStrings.minors[reason], atMs }
    this.report()
  }

  /** What plays now, as minors' mode counts it (the desktop and a powered-off box: nothing). */
  private watchingNow(): Watching | null {
    const s = this.state
    if (!s.power || !s.playing) return null
    const { package: pkg, loadUrl } = s.playing
    if (pkg === LIVE_PACKAGE && s.live) return { key: loadUrl, kind: 'live', title: s.live.name }
    const vod = this.vodUrl === loadUrl ? this.player.view() : null
    if (vod) return { key: `${loadUrl}#${vod.programId}`, kind: 'vod', title: vod.title, programId: vod.programId }
    const tile = pkg === DESKTOP_PACKAGE ? /\/tile\/(\d+)$/.exec(loadUrl) : null
    return { key: loadUrl, kind: 'other', title: tile ? emulatorStrings.minors.desktopTile(Number(tile[1])) : emulatorStrings.minors.web }
  }

  private syncMinors(atMs?: number): void {
    this.minors?.follow(this.watchingNow(), atMs)
  }

  /** A play or channel key starts (or switches) playback: digits and 频道± (unless the search field takes them), OK that plays. */
  private isPlayKey(keyEvent: string): boolean {
    // typing in the search field starts nothing; any key the field does not take goes on to the player
    // and is judged here (with the field open 频道+ still tunes: it must be refused at once)
    if (this.searchField.takes(keyEvent, this.state)) return false
    if (digitOf(keyEvent) !== null) return true
    if (keyEvent === REMOTE_KEYS.channelUp.keyEvent || keyEvent === REMOTE_KEYS.channelDown.keyEvent) return true
    // the media keys that start something: play, play/pause, the next or previous episode (or channel)
    if (MEDIA_START_EVENTS.has(keyEvent)) return true
    if (keyEvent === REMOTE_KEYS.ok.keyEvent) {
      // OK on a reminder banner that offers the switch tunes its channel
      const r = this.reminderShown()
      if (r && !r.blocked) return true
      return this.state.power && !this.state.menuOpen && (!!this.state.liveEntry || !this.state.playing)
    }
    return false
  }

  /**
   * The gateway changed something of this TV (locks, screen option, family, minors' mode): minors'
   * mode is applied at once (a lower total or a curfew now stops playback, a grant lifts a refusal),
   * then the phones hear the TV's state.
   */
  tvChanged(): void {
    this.minors?.tick()
    this.enforceChildLock()
    this.report()
  }

  /**
   * The child lock is on and what plays is not child-friendly (it started before the lock): playback
   * stops, written where it was, so nothing that is not for children goes on or can be resumed.
   */
  private enforceChildLock(): void {
    if (!this.playingChildRefusal(this.locks())) return
    this.clearEntry()
    if (this.vodUrl) {
      this.vodUrl = ''
      this.player.stop()
    }
    this.state = withoutStaleLive({ ...this.state, playing: null, screen: SCREEN_DESKTOP, menuOpen: false, liveEntry: '' })
    this.searchField.follow(this.state)
    this.syncMinors()
  }

  /**
   * Why the child lock refuses to start `programId` now: not child-friendly by the catalogue, or not
   * known to be (a play naming no known program). Null: it may start, the lock is off, or the box has
   * no catalogue to judge by.
   */
  private childRefusal(locks: TvLocks, programId: string | undefined): ChildRefusal | null {
    const judge = this.options.childFriendly
    if (!locks.childLock || !judge) return null
    if (!programId) return { reason: 'unknown' }
    const friendly = judge(programId)
    return friendly === true ? null : { reason: friendly === false ? 'notChildFriendly' : 'unknown', programId }
  }

  /** The program of the desktop's tile `focus` (the child desktop's under child lock), if the box knows it. */
  private tileProgram(locks: TvLocks, focus: number): string | undefined {
    return this.options.desktopTiles?.(locks.childLock)[focus]
  }

  /** What plays now would be refused under the child lock (a channel outside the child groups, a program not for children). */
  private playingChildRefusal(locks: TvLocks): ChildRefusal | null {
    const s = this.state
    if (!locks.childLock || !this.options.childFriendly || !s.power || !s.playing) return null
    if (s.playing.package === LIVE_PACKAGE && s.live) {
      const live = s.live
      return this.channels().find((c) => c.channelId === live.channelId)?.child ? null : { reason: 'notChildFriendly', channel: live.number }
    }
    const vod = this.vodUrl === s.playing.loadUrl ? this.player.view() : null
    return this.childRefusal(locks, vod?.programId ?? s.playing.programId)
  }

  /**
   * The child lock's word on a key: OK on a desktop tile starts the tile's program. Channel keys are
   * the live model's (child channels only under child lock); the media keys act only on what plays,
   * which `enforceChildLock` already stopped if it is not for children (nothing to resume). Null: the
   * key may go on.
   */
  private childKeyRefusal(keyEvent: string, locks: TvLocks): ChildRefusal | null {
    if (keyEvent !== REMOTE_KEYS.ok.keyEvent || !this.okPlaysTile()) return null
    return this.childRefusal(locks, this.tileProgram(locks, this.state.focus))
  }

  /** OK now plays the focused desktop tile (the box is on, on its desktop, no menu, no channel number, no search field). */
  private okPlaysTile(): boolean {
    const s = this.state
    return s.power && !s.menuOpen && !s.playing && !s.liveEntry && !this.searchField.focused
  }

  /** The program playing now (episode, position on the stack's clock), or null. */
  playback(): VodPlayState | null {
    return this.player.view()
  }

  /**
   * The stack's clock moved: the program playing catches up and is written at once.
   * Minors' mode counts the jump first (a program that ended within it counts until its end), so a
   * stop lands at the second the total was reached or the curfew started.
   */
  clockMoved(): void {
    const endsAt = this.vodUrl ? this.player.endsAt() : Infinity
    if (endsAt <= (this.options.now ?? Date.now)()) {
      this.minors?.tick(endsAt)
      this.minors?.follow(null, endsAt)
    } else this.minors?.tick()
    this.player.tick()
  }

  /** Anything that no longer plays the program (keys, a live channel) stops its playback, written where it was. */
  private followPlayer(): void {
    if (this.vodUrl && this.state.playing?.loadUrl !== this.vodUrl) {
      this.vodUrl = ''
      this.player.stop()
    }
  }

  private channels(): readonly LiveChannelDef[] {
    return this.options.channels?.() ?? []
  }

  private readonly titleOf = (c: LiveChannelDef): string => {
    const at = this.nowMs()
    return (this.options.onAirTitle ? this.options.onAirTitle(c.channelId, at) : onAirAt(c, at).current?.title) ?? ''
  }

  /**
   * One remote key: digits fill the live entry (committed after LIVE_COMMIT_MS, or at once by OK),
   * 频道+/− step through the channels, anything else is the desktop/player model's; any key but a digit
   * or OK drops a pending entry.
   */
  private applyRemote(keyEvent: string, locks: TvLocks): TvPlayState {
    const digit = digitOf(keyEvent)
    const s = { ...this.state, lastKey: keyEvent }
    if (digit !== null) {
      if (!s.power) return s
      this.armEntry()
      return enterDigit(s, digit)
    }
    this.clearEntry()
    if (keyEvent === REMOTE_KEYS.ok.keyEvent && s.liveEntry) return commitLive(s, this.channels(), locks, this.titleOf)
    const cleared = { ...s, liveEntry: '' }
    if (keyEvent === REMOTE_KEYS.channelUp.keyEvent) return stepChannel(cleared, this.channels(), 1, locks, this.titleOf)
    if (keyEvent === REMOTE_KEYS.channelDown.keyEvent) return stepChannel(cleared, this.channels(), -1, locks, this.titleOf)
    return withoutStaleLive(applyKey(cleared, keyEvent, locks))
  }

  private armEntry(): void {
    this.clearEntry()
    this.entryTimer = setTimeout(() => {
      this.entryTimer = null
      const locks = this.locks()
      if (locks.globalLock) return
      const before = this.state
      // out of limits the typed number is dropped (the digits were refused already, unless the limit came meanwhile)
      this.state = this.minors?.refusal() ? { ...this.state, liveEntry: '' } : commitLive(this.state, this.channels(), locks, this.titleOf)
      this.followPlayer()
      this.syncMinors()
      if (this.state !== before) this.report()
    }, LIVE_COMMIT_MS)
    this.entryTimer.unref?.()
  }

  private clearEntry(): void {
    if (this.entryTimer) clearTimeout(this.entryTimer)
    this.entryTimer = null
  }

  /** Stops the commit window (the stack is closing). */
  dispose(): void {
    this.clearEntry()
    this.dismissReminder()
    // what was counted is written before the box goes (a restart loses nothing)
    this.minors?.dispose()
    this.player.dispose()
  }

  /** Push a type 87 with the current locks, play state and screen option to every phone served. */
  report(except?: string, minorsFlags?: Pick<MinorsBoxState, 'rest'>): void {
    if (this.silent) return
    const locks = this.locks()
    for (const [topic, peer] of this.peers) {
      if (topic === except) continue
      if (!this.replyAllowed(topic, peer.sender)) {
        this.peers.delete(topic)
        continue
      }
      this.reports++
      this.pushMode(topic, peer, locks, minorsFlags)
    }
  }

  /**
   * A local-stack extension; a real box may not send it: the box (re)connected, or came
   * back from silence. One type 87, as `report()` sends it, to each phone of its family: those it
   * served and those connected now (`familyTopics`), each checked against the family as it leaves.
   * Nothing while silent. Returns how many phones it told.
   */
  announce(extra?: Record<string, unknown>): number {
    if (this.silent) return 0
    const locks = this.locks()
    const topics = new Set<string>([...this.peers.keys(), ...(this.options.familyTopics?.() ?? [])])
    let told = 0
    for (const topic of topics) {
      if (topic === this.tv.topic) continue
      // a phone not served yet is told as its own user (the session behind its topic)
      const peer = this.peers.get(topic) ?? this.peerOf(topic)
      if (!peer || !this.replyAllowed(topic, peer.sender)) continue
      this.pushMode(topic, peer, locks, undefined, extra)
      told++
    }
    this.announced += told
    return told
  }

  /** A phone the box has not served, as its own user (the session behind its topic), if known. */
  private peerOf(topic: string): Peer | undefined {
    const uid = this.options.userOfTopic?.(topic)
    return uid ? { jid: '', nickname: '', uid: '', sender: uid, via: senderTopic(this.tv.topic, uid) } : undefined
  }

  /**
   * One unsolicited type 87 (the box's own sequenceId) to one phone topic, from the TV topic that phone
   * knows: with the rest reminder's flag when that is what it reports.
   */
  private pushMode(topic: string, peer: Peer, locks: TvLocks, minorsFlags?: Pick<MinorsBoxState, 'rest'>, extra?: Record<string, unknown>): void {
    const env = buildEnvelope({
      sequenceId: this.nextId(),
      jarvisId: this.tv.mac,
      bananaId: this.tv.mac,
      type: types.typeMode,
      content: { ...this.modeContent(locks, topic, minorsFlags), ...extra },
      from: { nickname: this.tv.name, topic: peer.via, uid: '' },
      to: [{ jid: peer.jid, mac: '', nickname: peer.nickname, topic, uid: peer.uid }],
    })
    // membership is checked again as the message leaves: a phone removed meanwhile gets nothing
    setImmediate(() => this.replyAllowed(topic, peer.sender) && this.publish(topic, JSON.stringify(env)))
  }

  /**
   * One command. `sender` is the user the broker vouches for: the user level of the topic it
   * came in on (src/protocol/tv/sender.ts), undefined when it came on the bare TV topic. It, never the
   * envelope, is who did it; `from.topic` is only where the answer goes, when that phone is the sender's.
   */
  handle(payload: Uint8Array | string, sender?: string): void {
    const env = parseCommand(payload)
    if (!env || env.actionData.from.topic === this.tv.topic) return
    const topic = env.actionData.from.topic
    if (!this.replyAllowed(topic, sender)) {
      this.refused++
      return
    }
    if (this.received.length >= RECEIVED_LIMIT) this.received.shift()
    this.received.push(env)
    if (this.silent) return
    const key = `${sender ?? ''}|${topic}|${env.sequenceId}`
    if (this.seen.has(key)) {
      this.duplicates++
      return
    }
    this.remember(key)
    const via = sender ? senderTopic(this.tv.topic, sender) : this.tv.topic
    this.peers.delete(topic)
    this.peers.set(topic, { jid: env.JarvisID, nickname: env.actionData.from.nickname, uid: env.actionData.from.uid, sender, via })
    if (this.peers.size > PEER_LIMIT) this.peers.delete(this.peers.keys().next().value as string)
    this.activity?.noteContact(sender)
    this.taken = null
    // the count is brought up to now first (it may stop playback before the command is taken)
    this.minors?.tick()
    this.enforceChildLock()
    const reply = this.answer(env, sender, via)
    this.syncMinors()
    if (this.taken) {
      // the other family phones hear of it at once (the sender's own reply carries it)
      if (this.activity) this.report(topic)
    }
    if (!reply) return
    // Deferred: publishing inside the broker's delivery overflows the stack under load. Membership is
    // checked again as the reply leaves.
    const send = () => this.replyAllowed(topic, sender) && this.publish(topic, JSON.stringify(reply))
    if (this.replyDelayMs > 0) setTimeout(send, this.replyDelayMs).unref()
    else setImmediate(send)
  }

  private answer(env: Envelope<Record<string, unknown>>, sender: string | undefined, via: string): Envelope | null {
    const { type, content } = env.actionData
    const locks = this.locks()
    if (type === types.typeKeyEvent) {
      // a key the box does not know, or a value out of bounds, changes nothing (plain type 87 answer)
      const keyEvent = knownKeyEvent(content)
      if (keyEvent === KEY_EVENT_SCREEN) return this.reply(env, via, types.typeScreen, { code: this.state.screen })
      if (keyEvent === KEY_EVENT_TEXT) return this.reply(env, via, types.typeMode, this.textAnswer(content.value, locks, env.actionData.from.topic, sender))
      // out of limits a play or channel key is refused with the reason, nothing changes
      if (keyEvent && keyEvent !== KEY_EVENT_SYNC && !locks.globalLock && this.isPlayKey(keyEvent)) {
        const refused = this.minorsRefusal(env, via, locks)
        if (refused) return refused
      }
      // OK or back on the reminder banner: OK switches to its channel (judged like the number typed:
      // the child lock here, minors' mode above), back dismisses it; a banner that says why gives no switch
      if ((keyEvent === REMOTE_KEYS.ok.keyEvent || keyEvent === REMOTE_KEYS.back.keyEvent) && !locks.globalLock && this.reminderShown()) {
        return this.reminderKey(env, via, sender, keyEvent, locks)
      }
      // the child lock: OK on a tile, a media key on a program not for children: nothing changes, the reply says why
      if (keyEvent && keyEvent !== KEY_EVENT_SYNC && !locks.globalLock) {
        const child = this.childKeyRefusal(keyEvent, locks)
        if (child) return this.childRefusedReply(env, via, locks, child)
      }
      // the media keys and the seek (media.ts); the reply says what they did
      if (isMediaCommand(keyEvent) && !locks.globalLock) {
        if (this.message?.kind === 'rest') this.message = null
        return this.mediaAnswer(env, via, sender, keyEvent, content.value, locks)
      }
      // global lock: the TV takes no key (the answer says globalLock true)
      if (keyEvent && keyEvent !== KEY_EVENT_SYNC && !locks.globalLock) {
        if (this.message?.kind === 'rest') this.message = null
        const before = this.state
        const tile = keyEvent === REMOTE_KEYS.ok.keyEvent && this.okPlaysTile() ? this.tileProgram(locks, before.focus) : undefined
        if (this.searchField.key(keyEvent, this.state)) this.state = this.searchTook(keyEvent)
        else this.state = this.applyRemote(keyEvent, locks)
        // the tile's program is named in what plays (the child lock judged it above)
        if (tile && !before.playing && this.state.playing?.package === DESKTOP_PACKAGE) this.state = { ...this.state, playing: { ...this.state.playing, programId: tile } }
        this.searchField.follow(this.state)
        this.followPlayer()
        this.take(sender, actionOf(type, content))
        // a channel number outside the child groups: the reply says so in the child lock's words too
        const lr = this.state.liveRefused
        if (lr?.reason === 'child' && lr !== before.liveRefused) return this.childRefusedReply(env, via, locks, { reason: 'notChildFriendly', channel: lr.number })
      }
      return this.reply(env, via, types.typeMode, this.modeContent(locks, env.actionData.from.topic))
    }
    if (type === types.typeH5Play && isH5Play(content)) {
      if (!locks.globalLock) {
        const refused = this.minorsRefusal(env, via, locks)
        if (refused) return refused
        // the child lock: a program the catalogue does not call child-friendly (or names no known program) never starts
        const child = this.childRefusal(locks, programOf(content)?.programId)
        if (child) return this.childRefusedReply(env, via, locks, child)
      }
      const before = this.state
      if (!locks.globalLock) this.clearEntry()
      this.state = withoutStaleLive(applyH5Play(this.state, content, locks))
      this.searchField.follow(this.state)
      if (this.state !== before) this.take(sender, actionOf(type, content))
      const program = this.state !== before ? programOf(content) : null
      // the player is the sender the broker vouched for, never a field of the envelope
      const uid = sender ?? ''
      const def = program ? this.options.programs?.(program.programId) : undefined
      if (program && def) {
        // the box plays the program from the episode and second the command names
        this.vodUrl = content.extras.loadUrl
        this.player.start(def, uid, program.episodeIndex, program.positionSec)
      } else if (this.state !== before) {
        this.followPlayer()
      }
      if (program && !def && uid) {
        try {
          this.onPlay({ mac: this.tv.mac, uid, ...program })
        } catch {
          // a record that could not be written never stops the TV from answering
        }
      }
      return this.reply(env, via, types.typeMode, this.modeContent(locks, env.actionData.from.topic))
    }
    return null
  }

  /**
   * The answer to a play the box does not take out of limits (same sequenceId, its state
   * unchanged, `minors.refused` with the reason), or null when the play may go on.
   */
  private minorsRefusal(env: Envelope, via: string, locks: TvLocks): Envelope | null {
    if (!this.minors?.refusal()) return null
    this.clearEntry()
    if (this.state.liveEntry) this.state = { ...this.state, liveEntry: '' }
    return this.reply(env, via, types.typeMode, this.modeContent(locks, env.actionData.from.topic, { refused: true }))
  }

  /** OK (switch, unless the banner says why not) or back (dismiss) on the reminder banner. */
  private reminderKey(env: Envelope<Record<string, unknown>>, via: string, sender: string | undefined, keyEvent: string, locks: TvLocks): Envelope {
    const r = this.reminderShown()
    this.dismissReminder()
    if (r && keyEvent === REMOTE_KEYS.ok.keyEvent && !r.blocked) {
      this.clearEntry()
      const before = this.state
      this.state = commitLive({ ...this.state, lastKey: keyEvent, liveEntry: String(r.channel), menuOpen: false }, this.channels(), locks, this.titleOf)
      this.searchField.follow(this.state)
      this.followPlayer()
      this.take(sender, actionOf(env.actionData.type, env.actionData.content))
      const lr = this.state.liveRefused
      if (lr?.reason === 'child' && lr !== before.liveRefused) return this.childRefusedReply(env, via, locks, { reason: 'notChildFriendly', channel: lr.number })
    } else {
      this.state = { ...this.state, lastKey: keyEvent }
    }
    return this.reply(env, via, types.typeMode, this.modeContent(locks, env.actionData.from.topic))
  }

  /** The answer to a start the child lock refused: same sequenceId, nothing changed, `childRefused` says why. */
  private childRefusedReply(env: Envelope, via: string, locks: TvLocks, refusal: ChildRefusal): Envelope {
    return this.reply(env, via, types.typeMode, { ...this.modeContent(locks, env.actionData.from.topic), childRefused: refusal })
  }

  /** The search field took a key: a pending channel number is dropped (search opens over live TV too). */
  private searchTook(keyEvent: string): TvPlayState {
    this.clearEntry()
    return { ...this.state, lastKey: keyEvent, liveEntry: '' }
  }

  /** A media key or a seek, on the program playing or the live channel; `media` says what it did. */
  private mediaAnswer(env: Envelope<Record<string, unknown>>, via: string, sender: string | undefined, keyEvent: string, value: unknown, locks: TvLocks): Envelope {
    const pb = this.vodUrl && this.state.playing?.loadUrl === this.vodUrl ? this.player.current : null
    const { state, answer } = applyMedia(
      {
        state: this.state,
        playingProgram: !!pb && !pb.ended,
        changePlay: (next) => this.player.change(next),
        stepChannel: (delta) => this.applyRemote(CHANNEL_KEYS[delta], locks),
      },
      keyEvent,
      value,
    )
    this.state = state
    this.searchField.follow(this.state)
    this.followPlayer()
    if (answer.done) this.take(sender, actionOf(env.actionData.type, env.actionData.content))
    const topic = env.actionData.from.topic
    return this.reply(env, via, types.typeMode, { ...this.modeContent(locks, topic), media: answer })
  }

  /** A text for the focused input field; the answer says whether it went in. */
  private textAnswer(text: unknown, locks: TvLocks, topic: string, sender: string | undefined): Record<string, unknown> {
    if (locks.globalLock) return { ...this.modeContent(locks, topic), textInput: { focused: this.searchField.focused, accepted: false } }
    const result = this.searchField.input(text, this.state)
    if (result.accepted) this.take(sender, actionOf(types.typeKeyEvent, { keyEvent: KEY_EVENT_TEXT }))
    return { ...this.modeContent(locks, topic), textInput: result }
  }

  /** The TV took a command: it is the last action (by its sender) before the reply is built. */
  private take(sender: string | undefined, action: string | null): void {
    if (action) this.activity?.noteAction(sender, action)
    this.taken = action
  }

  /** Type 87: lockCurrentStatus is the EPG version (1 normal, 0 child desktop under child lock). */
  private modeContent(locks: TvLocks, topic?: string, minorsFlags?: Pick<MinorsBoxState, 'rest' | 'refused'>): Record<string, unknown> {
    const screenOption = this.screenOption()
    const family = topic ? this.activity?.contentFor(topic) : undefined
    const minors = this.minors?.view()
    const reminder = this.reminderShown()
    return {
      lockCurrentStatus: locks.childLock ? CHILD_VERSION : EPG_NORMAL,
      childLock: locks.childLock,
      globalLock: locks.globalLock,
      playState: this.playState(),
      ...(screenOption ? { screenOption: { ...screenOption } } : {}),
      // extensions: the search field's focus, and who did what (family phones only)
      textInput: { focused: this.searchField.focused },
      ...(family ? { family } : {}),
      // extension: while minors' mode is on, the day's count, the total and why plays are refused
      ...(minors ? { minors: { ...minors, ...minorsFlags } } : {}),
      // extension: the reminder banner while it shows (src/protocol/tv/reminder.ts)
      ...(reminder ? { reminder } : {}),
    }
  }

  /** The play state as reported: a live channel carries the programme on air now, by the stack's clock. */
  private playState(): TvPlayState {
    // the program playing, where it is now (ended after its last episode: the box stopped)
    if (this.player.current?.ended) this.player.tick()
    const vod = this.player.view()
    const live = this.state.live
    if (!live) return { ...this.state, vod }
    const c = this.channels().find((x) => x.channelId === live.channelId)
    return { ...this.state, vod, live: { ...live, title: c ? this.titleOf(c) : live.title } }
  }

  /** An answer to `request`, from `via`: the TV topic the asking phone knows (its user's way in). */
  private reply(request: Envelope, via: string, type: number, content: Record<string, unknown>): Envelope {
    const from = request.actionData.from
    return buildEnvelope({
      sequenceId: request.sequenceId,
      jarvisId: this.tv.mac,
      bananaId: this.tv.mac,
      type,
      content,
      from: { nickname: this.tv.name, topic: via, uid: '' },
      to: [{ jid: request.JarvisID, mac: '', nickname: from.nickname, topic: from.topic, uid: from.uid }],
    })
  }

  private remember(key: string): void {
    this.seen.add(key)
    if (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value
      if (oldest !== undefined) this.seen.delete(oldest)
    }
  }
}

/** What a key event may carry (every type 87 repeats the last key to every family phone). */
export const KEY_LIMITS = Object.freeze({ keyEvent: 64, value: 256, sNo: 64 })
/** What a play may carry (every type 87 repeats what plays to every family phone). */
export const PLAY_LIMITS = Object.freeze({ package: 128, loadUrl: 1024, params: 1024 })

/** The media keys that start playback (refused with the reason out of minors' limits). */
const MEDIA_START_EVENTS: ReadonlySet<string> = new Set(MEDIA_STARTS.map((k) => MEDIA_KEYS[k].keyEvent))

/** The key events the box knows: the remote's keys (digits, text keys included), the sync and screen-type requests, text. */
const KNOWN_KEYS: ReadonlySet<string> = new Set([...Object.values(REMOTE_KEYS).map((k) => k.keyEvent), KEY_EVENT_SYNC, KEY_EVENT_SCREEN, KEY_EVENT_TEXT, KEY_EVENT_SEEK])

const within = (v: unknown, max: number) => v === undefined || (typeof v === 'string' && v.length <= max)

/** The key event of a type 13 content when the box knows it and its value and sNo are within bounds; '' otherwise. */
export function knownKeyEvent(content: Record<string, unknown>): string {
  const k = content.keyEvent
  if (typeof k !== 'string' || k.length > KEY_LIMITS.keyEvent || !KNOWN_KEYS.has(k)) return ''
  return within(content.value, KEY_LIMITS.value) && within(content.sNo, KEY_LIMITS.sNo) ? k : ''
}

function isH5Play(c: Record<string, unknown>): c is Record<string, unknown> & H5PlayPayload {
  return (
    typeof c.package === 'string' &&
    c.package.length <= PLAY_LIMITS.package &&
    isRecord(c.extras) &&
    typeof c.extras.loadUrl === 'string' &&
    c.extras.loadUrl.length <= PLAY_LIMITS.loadUrl &&
    within(c.params, PLAY_LIMITS.params)
  )
}

/**
 * The program a play payload starts: params `{"programId": "...", "episode": n}` (what the catalogue's
 * h5Play carries), else a `/h5/{programId}.html` load URL. Null when it names none.
 */
export function programOf(play: H5PlayPayload): { programId: string; episodeIndex: number; positionSec: number } | null {
  let params: unknown
  try {
    params = JSON.parse(play.params)
  } catch {
    params = null
  }
  if (isRecord(params) && typeof params.programId === 'string' && params.programId) {
    // `episode` and `positionSec` of an object params say where to start (src/protocol/tv/playParams)
    const start = playStartOf(play.params)
    return { programId: params.programId, episodeIndex: start.episode, positionSec: start.positionSec }
  }
  const m = /\/h5\/([A-Za-z0-9_-]+)\.html(?:$|[?#])/.exec(play.extras.loadUrl)
  return m ? { programId: m[1], episodeIndex: 1, positionSec: 0 } : null
}

/** A command envelope with what the box needs, or null (bad JSON, unknown shape: ignored). */
function parseCommand(payload: Uint8Array | string): Envelope<Record<string, unknown>> | null {
  let env: unknown
  try {
    env = JSON.parse(typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8'))
  } catch {
    return null
  }
  if (!isRecord(env) || !isRecord(env.actionData)) return null
  const { actionData } = env
  const sequenceId = Number(env.sequenceId)
  if (!Number.isFinite(sequenceId)) return null
  if (typeof actionData.type !== 'number' || !isRecord(actionData.content)) return null
  if (!isRecord(actionData.from) || typeof actionData.from.topic !== 'string' || !actionData.from.topic) return null
  return { ...(env as unknown as Envelope<Record<string, unknown>>), sequenceId }
}
