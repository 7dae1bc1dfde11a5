import { action, computed, makeObservable, observable, observableRef } from 'mobx'
import type { Command, RemoteKey } from '../../protocol/tv/commands'
import type { LinkState, SendResult, TvLink } from '../../services/tv/link'
import { DEFAULT_TV_MESSAGE, DEFAULT_TV_MODE, type H5PlayPayload, type LivePlayState, type TvMessage, type TvMode } from '../../protocol/tv/messages'
import type { KeyQueue, SequenceResult } from '../../services/tv/keySequence'
import type { TvStoreDeps } from '../../services/tv/code'
import type { TvDevice, TvUser } from '../../services/tv/types'
import { tvTimers } from '../../config'
import { tv } from '../../strings'
import type { ActionResult } from '../kit/write'
import { vodLine } from '../kit/progress'
import { MEDIA_STARTS } from '../../protocol/tv/mediaKeys'

export type { TvLinkApi, JarvisCredentials, TvDevice, TvUser, TvLinkDeps } from '../../services/tv/types'
export type { TvLinkCode, TvStoreDeps } from '../../services/tv/code'
export type { LinkState, SendResult } from '../../services/tv/link'
export type { RemoteKey } from '../../protocol/tv/commands'
export type { SequenceResult } from '../../services/tv/keySequence'

const LOCKED: SendResult = Object.freeze({ ok: false, reason: 'locked', message: tv.globalLocked })
/** The remote's keys that switch the channel (digits, 频道±). */
const CHANNEL_KEY = /^(digit\d|channelUp|channelDown)$/
/** A key that always starts or switches playback (a channel key, or a media key of MEDIA_STARTS). */
const alwaysStartsPlay = (key: RemoteKey): boolean => CHANNEL_KEY.test(key) || (MEDIA_STARTS as readonly string[]).includes(key)

/**
 * The TV domain store: what the home and detail pages read about the selected TV, and the only way
 * the UI talks to it. The link (SPEC 4 rules) does the work; the store mirrors its events.
 *
 * Deps: { api: TvLinkApi, loadMqtt: () => mqtt.js connect, url: env.mqttUrl, createWebsocket, clock?,
 * loadLink, loadKeys } (the app's defaults: createTvLinkDeps(api) in src/platform/tvLinkDeps.ts).
 */
export class TvStore {
  linkState: LinkState = 'idle'
  /** Type 87 content (lockCurrentStatus copied to currentEPGVersion); the fake/default state otherwise. */
  tvMode: TvMode = DEFAULT_TV_MODE
  /** The last other-typed message from the TV (type 32 { code } ...); the fake/default state otherwise. */
  tvMessage: TvMessage = DEFAULT_TV_MESSAGE
  /** The last problem, in words for the user (null when there is none). */
  lastError: string | null = null
  /** The TV whose own type 87 `tvMode` is ('' while it is the fake/default state). */
  reportedMac = ''
  device: TvDevice | null = null

  /** The link's code loads with the first TV (a lazy chunk on H5): none of it is on the first load. */
  private link: TvLink | null = null
  private linkLoad: Promise<TvLink> | null = null
  private user: TvUser | null = null
  private hidden = false
  /** Callers waiting for the type 87 answer to a command: sequenceId -> resolve. */
  private readonly waiting = new Map<string, (mode: TvMode | null) => void>()
  /**
   * Remote presses and channel numbers, each key sent after the reply to the one before. Its code
   * loads with the first key (a lazy chunk on H5, like the link's), never with home.
   */
  private keys: Promise<{ queue: KeyQueue; channelKeys: (n: number) => RemoteKey[] }> | null = null
  /** Why a play or channel command may not go out now (minors' mode); '' when it may. */
  private playGuard: () => string = () => ''
  /** What the guard waits for before it can judge (a read of minors' mode under way); null: nothing. */
  private playGuardSettle: () => Promise<void> | null = () => null

  constructor(private readonly deps: TvStoreDeps) {
    makeObservable<TvStore, 'setLinkState' | 'setMode' | 'setMessage'>(this, {
      linkState: observable,
      tvMode: observableRef,
      tvMessage: observableRef,
      lastError: observable,
      reportedMac: observable,
      device: observableRef,
      modeReported: computed,
      online: computed,
      globalLocked: computed,
      liveChannel: computed,
      nowPlaying: computed,
      stateLabel: computed,
      setDevice: action,
      setLinkState: action,
      setMode: action,
      setMessage: action,
    })
  }

  private ensureLink(): Promise<TvLink> {
    if (this.link) return Promise.resolve(this.link)
    if (!this.linkLoad) {
      this.setLinkState('connecting', null)
      const attempt = this.deps.loadLink().then((Link) => {
        const link = new Link(this.deps, {
          state: (state, error) => this.setLinkState(state, error),
          mode: (mode, sequenceId) => this.setMode(mode, sequenceId),
          message: (message) => this.setMessage(message),
        })
        if (this.hidden) link.onAppHide(false)
        link.setTarget(this.device, this.user)
        this.link = link
        return link
      })
      // A failed load (a chunk that did not arrive) is told, and tried again on the next resync.
      attempt.catch(() => {
        this.linkLoad = null
        this.setLinkState('offline', tv.linkLoadFailed)
      })
      this.linkLoad = attempt
    }
    return this.linkLoad
  }

  /**
   * Whether `tvMode` is what the selected TV itself reported (type 87), not SPEC 4's default state (no
   * TV, offline, or not heard yet) nor another TV's report from before a switch.
   */
  get modeReported(): boolean {
    return this.reportedMac !== '' && this.reportedMac === this.device?.mac
  }

  get online(): boolean {
    return this.linkState === 'online'
  }

  /** The TV said it is under global lock (type 87 globalLock true): it takes no command. */
  get globalLocked(): boolean {
    return this.online && this.tvMode.content.globalLock === true
  }

  /**
   * The live channel the TV reports it shows (a local-stack box extension; a real box sends
   * none, and this stays null), from the box's own reply, never from the phone's guess.
   */
  get liveChannel(): LivePlayState | null {
    if (!this.online) return null
    const ps = this.tvMode.content.playState
    return ps?.playing && ps.live ? ps.live : null
  }

  /** Line 1 of the TV card: what the TV is playing ('' when nothing, or when it is not online). */
  get nowPlaying(): string {
    const live = this.liveChannel
    if (live) return tv.playingLive(live.name, live.title)
    // a program the box reports (the local stack's `vod`) is named with its episode
    const playState = this.tvMode.content.playState
    return this.online && playState?.playing ? (vodLine(playState) ?? tv.playing) : ''
  }

  /**
   * The type 87 the TV answered a command with (same sequenceId), or null when none came within
   * `ms` (the link's own 800 ms rule then says the TV is offline).
   */
  replyTo(sequenceId: number, ms: number): Promise<TvMode | null> {
    const id = String(sequenceId)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        resolve(null)
      }, ms)
      this.waiting.set(id, (mode) => {
        clearTimeout(timer)
        this.waiting.delete(id)
        resolve(mode)
      })
    })
  }

  /** The link state in words (strings.tv). */
  get stateLabel(): string {
    if (!this.device) return tv.noDevice
    return tv[this.linkState]
  }

  /** Select the current TV (null: none -> fake local states, no connection). */
  setDevice(device: TvDevice | null, user: TvUser | null): void {
    this.device = device
    this.user = user
    if (this.link) this.link.setTarget(device, user)
    else if (device && user) void this.ensureLink().catch(() => undefined)
  }

  resync(): SendResult {
    if (this.link) return this.link.resync()
    if (!this.device) return { ok: false, reason: 'noDevice', message: tv.noDevice }
    void this.ensureLink().catch(() => undefined)
    return { ok: false, reason: 'offline', message: tv.offlineCannotSend }
  }

  /**
   * Minors' mode decides whether plays and channel keys go out (features/minors sets the
   * guard: the box's own report, else the gateway's settings on the gateway's clock). Refused commands
   * are never sent.
   */
  setPlayGuard(guard: () => string, settle: () => Promise<void> | null = () => null): void {
    this.playGuard = guard
    this.playGuardSettle = settle
  }

  /** Why a play or a channel key is refused now ('' when it may go). */
  playRefusal(): string {
    return this.playGuard()
  }

  /**
   * What to wait for before `playRefusal()` can judge (a read of the mode under way, so a play just after
   * the TV came online is judged, not refused for it); null when it can judge now. Never rejects.
   */
  playGuardReady(): Promise<void> | null {
    return this.playGuardSettle()?.catch(() => undefined) ?? null
  }

  /**
   * Whether a key starts or switches playback: a channel key, a media key that starts, and OK when it
   * would play (the focused desktop tile, or a typed channel number). From a box that says what it shows
   * (type 87 playState) OK is judged on that: not in a menu, not while the TV's search field takes it,
   * not over what already plays. A box that says nothing (SPEC only): OK may start anything.
   */
  private startsPlay(key: RemoteKey): boolean {
    if (alwaysStartsPlay(key)) return true
    if (key !== 'ok') return false
    const content = this.tvMode.content
    const ps = this.modeReported ? content.playState : undefined
    if (!ps) return true
    const textInput = content.textInput as { focused?: unknown } | undefined
    return ps.power && !ps.menuOpen && textInput?.focused !== true && (!!ps.liveEntry || !ps.playing)
  }

  /** Sent only while the TV is online; otherwise { ok: false, message } for the UI to show. */
  sendKey(key: RemoteKey): SendResult {
    if (this.globalLocked) return LOCKED
    return this.link ? this.link.sendKey(key) : this.notYet()
  }

  /** A command of src/protocol/tv other than a key (a text for the TV's input field); same rules. */
  sendCommand(cmd: Command): SendResult {
    if (this.globalLocked) return LOCKED
    return this.link ? this.link.sendCommand(cmd) : this.notYet()
  }

  /**
   * A press on the phone's remote: sent after the TV's reply to the previous press (presses never pile
   * up unanswered; see KeyQueue). Under global lock nothing is sent.
   */
  pressKey(key: RemoteKey): Promise<SequenceResult> {
    return this.pressKeys([key])
  }

  /**
   * Several presses as one sequence (a swipe on the touch pad, ±10 s steps towards a point),
   * in order, each after the reply to the one before; a missing reply stops the rest. Under global lock
   * nothing is sent; out of minors' limits a sequence holding a key that starts playback is refused whole.
   */
  async pressKeys(keys: readonly RemoteKey[]): Promise<SequenceResult> {
    if (this.globalLocked) return { ok: false, reason: 'locked', message: tv.globalLocked, sent: 0 }
    // OK on a tile and the touch pad's tap (an OK) are judged like the channel keys
    const starts = keys.some((k) => this.startsPlay(k))
    const ready = starts ? this.playGuardReady() : null
    if (ready) await ready
    const refusal = starts ? this.playGuard() : ''
    if (refusal) return { ok: false, reason: 'minors', message: refusal, sent: 0 }
    const seq = await this.keySequence()
    if (!seq) return { ok: false, reason: 'offline', message: tv.linkLoadFailed, sent: 0 }
    return seq.queue.run(keys)
  }

  /**
   * A command other than a key (a text for the TV's input field), in the same line as the
   * remote's presses: sent after the TV's reply to the previous one. Under global lock nothing is sent.
   */
  async pressCommand(cmd: Command): Promise<SequenceResult> {
    if (this.globalLocked) return { ok: false, reason: 'locked', message: tv.globalLocked, sent: 0 }
    const keys = await this.keySequence()
    if (!keys) return { ok: false, reason: 'offline', message: tv.linkLoadFailed, sent: 0 }
    return keys.queue.run([cmd])
  }

  private async keySequence(): Promise<{ queue: KeyQueue; channelKeys: (n: number) => RemoteKey[] } | null> {
    if (!this.keys) {
      this.keys = this.deps.loadKeys().then((m) => ({
        queue: new m.KeyQueue(
          { send: (k) => this.sendKey(k), sendCommand: (c) => this.sendCommand(c), replyTo: (id, ms) => this.replyTo(id, ms) },
          tvTimers.offlineAfterMs,
        ),
        channelKeys: m.channelKeys,
      }))
    }
    try {
      return await this.keys
    } catch {
      // a chunk that did not arrive is tried again on the next press
      this.keys = null
      return null
    }
  }

  /**
   * Switches the TV to a live channel with SPEC 4 key events only: the number's digits, then OK, each
   * sent after the reply to the one before. What the user is told comes from the box's last reply:
   * switched, refused (no such channel, child mode), or, from a box that reports no live state (a
   * real operator's box), "sent". A missing reply stops the sequence: nothing more is sent.
   */
  async switchChannel(channel: { number: number; name: string }): Promise<ActionResult> {
    if (this.globalLocked) return { ok: false, message: tv.globalLocked }
    const ready = this.playGuardReady()
    if (ready) await ready
    const refusal = this.playGuard()
    if (refusal) return { ok: false, message: refusal }
    const keys = await this.keySequence()
    if (!keys) return { ok: false, message: tv.linkLoadFailed }
    const res = await keys.queue.run(keys.channelKeys(channel.number))
    if (!res.ok) return { ok: false, message: res.reason === 'noReply' ? tv.switchUnfinished : res.message }
    const content = res.reply.content
    if (content.globalLock === true) return { ok: false, message: tv.globalLocked }
    const ps = content.playState
    const refused = ps?.liveRefused
    if (refused && refused.number === channel.number) {
      return { ok: false, message: refused.reason === 'child' ? tv.switchChildOnly : tv.switchNoChannel(channel.number) }
    }
    if (ps?.live?.number === channel.number) return { ok: true, message: tv.switched(channel.name) }
    if (ps && ps.live === undefined) return { ok: true, message: tv.switchSent }
    return { ok: false, message: tv.switchUnfinished }
  }

  /**
   * Type 9 h5Play; the page has shown the confirm dialog (SPEC 5) before calling this. Under global
   * lock nothing is sent (the TV would refuse it), nor kept for later.
   */
  playOnTv(payload: H5PlayPayload): SendResult {
    if (this.globalLocked) return LOCKED
    const refusal = this.playGuard()
    if (refusal) return { ok: false, reason: 'minors', message: refusal }
    return this.link ? this.link.playOnTv(payload) : this.notYet()
  }

  private notYet(): SendResult {
    return this.device ? { ok: false, reason: 'offline', message: tv.offlineCannotSend } : { ok: false, reason: 'noDevice', message: tv.noDevice }
  }

  onAppHide(fromShare: boolean): void {
    if (!fromShare) this.hidden = true
    this.link?.onAppHide(fromShare)
  }

  onAppShow(loggedIn: boolean): void {
    this.hidden = false
    this.link?.onAppShow(loggedIn)
  }

  onNetworkChange(connected: boolean): void {
    this.link?.onNetworkChange(connected)
  }

  dispose(): void {
    this.link?.dispose()
  }

  private setLinkState(state: LinkState, error: string | null): void {
    this.linkState = state
    this.lastError = error
  }

  private setMode(mode: TvMode, sequenceId?: string): void {
    this.tvMode = mode
    this.reportedMac = mode === DEFAULT_TV_MODE ? '' : (this.device?.mac ?? '')
    if (sequenceId !== undefined) this.waiting.get(sequenceId)?.(mode)
  }

  private setMessage(message: TvMessage): void {
    this.tvMessage = message
  }
}
