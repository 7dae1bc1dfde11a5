import { KEY_EVENT_SCREEN, KEY_EVENT_SYNC } from '../../src/protocol/tv/commands'
import { buildEnvelope, createSequence } from '../../src/protocol/tv/envelope'
import { EPG_CHILD, EPG_NORMAL, tvMessage as types, type Envelope, type H5PlayPayload, type TvPlayState } from '../../src/protocol/tv/messages'
import type { TvLocks, TvPlay, TvScreenOption, VirtualTv } from '../directory'
import { onAirAt } from '../data/live'
import { REMOTE_KEYS } from '../../src/protocol/tv/commands'
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

export type Publish = (topic: string, payload: string) => void

/** How many sequence ids each box remembers for de-duplication. */
const SEEN_LIMIT = 4096
/** How many phones a box keeps reporting to (the latest that sent it a command). */
const PEER_LIMIT = 32

/** What a box needs besides its TV (optional: a box without channels plays no live TV). */
export interface BoxOptions {
  /** The live channels it can tune to. */
  channels?: () => readonly LiveChannelDef[]
  /** The stack's controllable clock (what is on air); Date.now by default. */
  now?: () => number
}

interface Peer {
  jid: string
  nickname: string
  uid: string
}

/**
 * One virtual set-top box: listens on its TV topic, answers every command on the sender's topic
 * (actionData.from.topic) from its own TV topic, with the command's sequenceId echoed:
 *   type 13 syncPlayState -> type 87; getCurrentScreenType -> type 32 { code }; KEYCODE_* -> type 87;
 *   type 9 h5Play -> type 87. Other types are ignored. Commands are de-duplicated by sequenceId (per
 * sender); a silent box records what it receives and answers nothing (offline TV).
 * Under global lock keys and h5Play change nothing: the type 87 answer (same sequenceId) says
 * globalLock true. `report()` pushes an unsolicited type 87 (the box's own sequenceId) to every phone
 * it served that may still hear from it: the gateway calls it when the TV's locks or screen option
 * change, so the TV follows at once instead of at the next 30 s sync.
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
  private readonly peers = new Map<string, Peer>()
  private readonly nextId = createSequence(() => Date.now())
  /** The live-channel entry's commit window (digits typed, no OK yet). */
  private entryTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    readonly tv: VirtualTv,
    private readonly locks: () => TvLocks,
    private readonly publish: Publish,
    /** Told when a play command starts a program (the gateway writes the watch record). */
    private readonly onPlay: (play: TvPlay) => void = () => undefined,
    /** Whether a reply may go to this topic: only the phones of the TV's family (never a named stranger). */
    private readonly replyAllowed: (topic: string) => boolean = () => true,
    /** The TV's screen option (setScreenOption), reported in type 87. */
    private readonly screenOption: () => TvScreenOption | undefined = () => undefined,
    private readonly options: BoxOptions = {},
  ) {}

  private channels(): readonly LiveChannelDef[] {
    return this.options.channels?.() ?? []
  }

  private readonly titleOf = (c: LiveChannelDef): string => onAirAt(c, (this.options.now ?? Date.now)()).current?.title ?? ''

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
      this.state = commitLive(this.state, this.channels(), locks, this.titleOf)
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
  }

  /** Push a type 87 with the current locks, play state and screen option to every phone served. */
  report(): void {
    if (this.silent) return
    const content = this.modeContent(this.locks())
    for (const [topic, peer] of this.peers) {
      if (!this.replyAllowed(topic)) {
        this.peers.delete(topic)
        continue
      }
      const env = buildEnvelope({
        sequenceId: this.nextId(),
        jarvisId: this.tv.mac,
        bananaId: this.tv.mac,
        type: types.typeMode,
        content,
        from: { nickname: this.tv.name, topic: this.tv.topic, uid: '' },
        to: [{ jid: peer.jid, mac: '', nickname: peer.nickname, topic, uid: peer.uid }],
      })
      this.reports++
      setImmediate(() => this.publish(topic, JSON.stringify(env)))
    }
  }

  handle(payload: Uint8Array | string): void {
    const env = parseCommand(payload)
    if (!env || env.actionData.from.topic === this.tv.topic) return
    if (!this.replyAllowed(env.actionData.from.topic)) {
      this.refused++
      return
    }
    if (this.received.length >= 10_000) this.received.shift()
    this.received.push(env)
    if (this.silent) return
    const key = `${env.actionData.from.topic}|${env.sequenceId}`
    if (this.seen.has(key)) {
      this.duplicates++
      return
    }
    this.remember(key)
    const topic = env.actionData.from.topic
    this.peers.delete(topic)
    this.peers.set(topic, { jid: env.JarvisID, nickname: env.actionData.from.nickname, uid: env.actionData.from.uid })
    if (this.peers.size > PEER_LIMIT) this.peers.delete(this.peers.keys().next().value as string)
    const reply = this.answer(env)
    if (!reply) return
    // Deferred: publishing inside the broker's delivery overflows the stack under load.
    const send = () => this.publish(topic, JSON.stringify(reply))
    if (this.replyDelayMs > 0) setTimeout(send, this.replyDelayMs).unref()
    else setImmediate(send)
  }

  private answer(env: Envelope<Record<string, unknown>>): Envelope | null {
    const { type, content } = env.actionData
    const locks = this.locks()
    if (type === types.typeKeyEvent) {
      const keyEvent = typeof content.keyEvent === 'string' ? content.keyEvent : ''
      if (keyEvent === KEY_EVENT_SCREEN) return this.reply(env, types.typeScreen, { code: this.state.screen })
      // global lock: the TV takes no key (the answer says globalLock true)
      if (keyEvent !== KEY_EVENT_SYNC && !locks.globalLock) this.state = this.applyRemote(keyEvent, locks)
      return this.reply(env, types.typeMode, this.modeContent(locks))
    }
    if (type === types.typeH5Play && isH5Play(content)) {
      const before = this.state
      if (!locks.globalLock) this.clearEntry()
      this.state = withoutStaleLive(applyH5Play(this.state, content, locks))
      const program = this.state !== before ? programOf(content) : null
      if (program && env.actionData.from.uid) {
        try {
          this.onPlay({ mac: this.tv.mac, uid: String(env.actionData.from.uid), ...program })
        } catch {
          // a record that could not be written never stops the TV from answering
        }
      }
      return this.reply(env, types.typeMode, this.modeContent(locks))
    }
    return null
  }

  /** Type 87: lockCurrentStatus is the EPG version (1 normal, 0 child desktop under child lock). */
  private modeContent(locks: TvLocks): Record<string, unknown> {
    const screenOption = this.screenOption()
    return {
      lockCurrentStatus: locks.childLock ? EPG_CHILD : EPG_NORMAL,
      childLock: locks.childLock,
      globalLock: locks.globalLock,
      playState: this.playState(),
      ...(screenOption ? { screenOption: { ...screenOption } } : {}),
    }
  }

  /** The play state as reported: a live channel carries the programme on air now, by the stack's clock. */
  private playState(): TvPlayState {
    const live = this.state.live
    if (!live) return { ...this.state }
    const c = this.channels().find((x) => x.channelId === live.channelId)
    return { ...this.state, live: { ...live, title: c ? this.titleOf(c) : live.title } }
  }

  private reply(request: Envelope, type: number, content: Record<string, unknown>): Envelope {
    const from = request.actionData.from
    return buildEnvelope({
      sequenceId: request.sequenceId,
      jarvisId: this.tv.mac,
      bananaId: this.tv.mac,
      type,
      content,
      from: { nickname: this.tv.name, topic: this.tv.topic, uid: '' },
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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isH5Play(c: Record<string, unknown>): c is Record<string, unknown> & H5PlayPayload {
  return typeof c.package === 'string' && isRecord(c.extras) && typeof c.extras.loadUrl === 'string'
}

/**
 * The program a play payload starts: params `{"programId": "...", "episode": n}` (what the catalogue's
 * h5Play carries), else a `/h5/{programId}.html` load URL. Null when it names none.
 */
export function programOf(play: H5PlayPayload): { programId: string; episodeIndex: number } | null {
  let params: unknown
  try {
    params = JSON.parse(play.params)
  } catch {
    params = null
  }
  if (isRecord(params) && typeof params.programId === 'string' && params.programId) {
    const ep = Number(params.episode)
    return { programId: params.programId, episodeIndex: Number.isFinite(ep) && ep >= 1 ? Math.floor(ep) : 1 }
  }
  const m = /\/h5\/([A-Za-z0-9_-]+)\.html(?:$|[?#])/.exec(play.extras.loadUrl)
  return m ? { programId: m[1], episodeIndex: 1 } : null
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
