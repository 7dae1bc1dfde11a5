import { broker, tvLink } from '../../config'
import { tv } from '../../strings'
import { getCurrentScreenType, h5Play, remoteKey, syncPlayState, type Command, type RemoteKey } from './commands'
import { buildEnvelope, createSequence } from './envelope'
import { parseInbound } from './inbound'
import { DEFAULT_TV_MESSAGE, DEFAULT_TV_MODE, type H5PlayPayload, type TvMessage, type TvMode } from './protocol'
import { refusalCode, refusalMessage } from './refusal'
import {
  realClock,
  type Clock,
  type JarvisCredentials,
  type MqttClientLike,
  type MqttGranted,
  type TvDevice,
  type TvLinkDeps,
  type TvUser,
} from './types'

export type LinkState = 'idle' | 'connecting' | 'online' | 'offline'

export interface TvLinkListener {
  state(state: LinkState, error: string | null): void
  mode(mode: TvMode): void
  message(message: TvMessage): void
}

export type SendResult =
  | { ok: true; sequenceId: number }
  | { ok: false; reason: 'noDevice' | 'offline'; message: string }

const NO_DEVICE: SendResult = Object.freeze({ ok: false, reason: 'noDevice', message: tv.noDevice })
/** How many reply ids the id check remembers. */
const RECEIVED_IDS_KEPT = 64
const OFFLINE: SendResult = Object.freeze({ ok: false, reason: 'offline', message: tv.offlineCannotSend })

/**
 * The TV link: the connection rules of SPEC section 4, and nothing else.
 *
 * - No device: the fake local states, no connection.
 * - A device: jarvisLogin -> queryAgentTopic -> connect (protocol 4, connect timeout 30 s, reconnect
 *   1 s) -> subscribe the own topic at QoS 1 and wait for the SUBACK -> sync-play-state + screen-type.
 * - A sync every 30 s; no reply to a send within 800 ms -> offline + default states. The TV echoes each
 *   command's sequenceId in its reply; the link is online once every request sent has its reply.
 * - Each send compares the last sent id with the last received id: a mismatch counts an error, a match
 *   resets the count; at 2 or 5 the client is torn down and reconnected 800 ms later. "Match" means the
 *   last sent command has been answered (its id is among the ids received lately): with replies in
 *   order that is last sent == last received, and it stays true when a reply overtakes another. The
 *   screen-type request sent right behind a sync rides with it and is not checked on its own.
 * - Closed on app hide (unless returning from a share); reconnected on show and when the network is back.
 * - Commands are never queued: while the link or the TV is down the caller gets { ok: false, 'offline' }
 *   and nothing is published; in-flight QoS 1 packets are purged when a connection closes, so mqtt.js
 *   never replays them (shared/recipes/MQTT.md).
 */
export class TvLink {
  private target: { device: TvDevice; user: TvUser } | null = null
  /** Bumped whenever the link is restarted or stopped: stale async steps compare and bail out. */
  private generation = 0
  private creds: JarvisCredentials | null = null
  private tvTopic = ''
  private client: MqttClientLike | null = null
  /** Connected AND the own topic's SUBACK seen on this connection. */
  private ready = false
  private hidden = false
  private state: LinkState = 'idle'
  private error: string | null = null
  private lastSentId: string | null = null
  /** The ids of the latest replies (the TV echoes sequenceId), newest last. */
  private readonly receivedIds = new Set<string>()
  /** Requests awaiting their reply: sequenceId -> sent at (ms). */
  private readonly pending = new Map<string, number>()
  private errorCount = 0
  private syncTimer: unknown = null
  private offlineTimer: unknown = null
  private reconnectTimer: unknown = null
  private readonly clock: Clock
  private readonly nextId: () => number

  constructor(
    private readonly deps: TvLinkDeps,
    private readonly listener: TvLinkListener,
  ) {
    this.clock = deps.clock ?? realClock
    this.nextId = createSequence(() => this.clock.now())
  }

  /** For tests and diagnostics. */
  snapshot(): { state: LinkState; error: string | null; errorCount: number; ready: boolean; tvTopic: string } {
    return { state: this.state, error: this.error, errorCount: this.errorCount, ready: this.ready, tvTopic: this.tvTopic }
  }

  /** Select the TV (or none). A new device or user restarts the link from jarvisLogin. */
  setTarget(device: TvDevice | null, user: TvUser | null): void {
    if (!device || !user) {
      this.target = null
      this.stop('idle')
      this.listener.mode(DEFAULT_TV_MODE)
      this.listener.message(DEFAULT_TV_MESSAGE)
      return
    }
    const same = this.target?.device.mac === device.mac && this.target?.user.uid === user.uid
    this.target = { device, user }
    if (same && this.state !== 'idle') return
    this.lastSentId = null
    this.receivedIds.clear()
    this.errorCount = 0
    if (!this.hidden) void this.start()
  }

  /** Ask the TV again (sync + screen type); restarts a link that failed or was closed. */
  resync(): SendResult {
    if (!this.target) return NO_DEVICE
    if (this.ready) {
      const sent = this.publish(syncPlayState())
      if (sent.ok) this.publish(getCurrentScreenType(), false)
      return sent
    }
    if (!this.client && !this.reconnectTimer) void this.start()
    return OFFLINE
  }

  sendKey(key: RemoteKey): SendResult {
    return this.command(() => remoteKey(key))
  }

  /** Type 9 h5Play. The caller has shown the confirm dialog already. */
  playOnTv(payload: H5PlayPayload): SendResult {
    return this.command(() => h5Play(payload))
  }

  onAppHide(fromShare: boolean): void {
    if (fromShare) return
    this.hidden = true
    this.stop('idle')
  }

  onAppShow(loggedIn: boolean): void {
    this.hidden = false
    if (!loggedIn || !this.target) return
    if (this.client) {
      if (this.ready) this.resync()
      return
    }
    if (!this.reconnectTimer) void this.start()
  }

  onNetworkChange(connected: boolean): void {
    if (!connected || !this.target || this.hidden) return
    this.scheduleReconnect(true)
  }

  dispose(): void {
    this.target = null
    this.stop('idle')
  }

  // ---- connection -------------------------------------------------------------------------------

  private async start(): Promise<void> {
    this.closeClient()
    this.clearReconnect()
    const generation = ++this.generation
    const target = this.target
    if (!target) return
    this.setState('connecting', null)

    const creds = await settle(
      this.deps.api.jarvisLogin({
        uid: target.user.uid,
        phone: target.user.phone,
        abilityString: target.device.abilityString ?? '',
      }),
    )
    if (generation !== this.generation) return
    if (!creds || !creds.cid || !Array.isArray(creds.clientTopic) || !creds.clientTopic[0]) {
      this.fail(tv.linkLoginFailed)
      return
    }
    const topic = await settle(this.deps.api.queryAgentTopic([target.device.mac.toLowerCase()]))
    if (generation !== this.generation) return
    if (!topic) {
      this.fail(tv.linkTopicMissing)
      return
    }
    this.creds = creds
    this.tvTopic = topic
    this.connectClient()
  }

  private connectClient(): void {
    const creds = this.creds
    if (!creds) return
    const client = this.deps.connect(this.deps.url, {
      clientId: creds.cid,
      username: creds.appKey,
      password: creds.sign,
      protocolVersion: broker.protocolVersion,
      connectTimeout: broker.connectTimeoutMs,
      reconnectPeriod: broker.reconnectPeriodMs,
      clean: true,
      // We subscribe ourselves on every connect and wait for the SUBACK before sending anything.
      resubscribe: false,
      reconnectOnConnackError: false,
      keepalive: 60,
      // mqtt.js caches its protocol table on the first connect of a JS context: set it every time.
      ...(this.deps.createWebsocket ? { forceNativeWebSocket: true, createWebsocket: this.deps.createWebsocket } : {}),
    })
    this.client = client
    this.ready = false
    let everConnected = false
    client.on('connect', () => {
      everConnected = true
      if (this.client === client) this.onConnect(client)
    })
    client.on('message', (topic: string, payload: Uint8Array) => {
      if (this.client === client) this.onMessage(topic, payload)
    })
    client.on('close', () => {
      if (this.client === client) this.onClose(client, everConnected)
    })
    client.on('error', (err: Error & { code?: number | string }) => {
      if (this.client === client) this.onError(err)
    })
  }

  private onConnect(client: MqttClientLike): void {
    this.ready = false
    const ownTopic = this.ownTopic()
    client.subscribe(ownTopic, { qos: broker.qos }, (err, granted) => {
      if (this.client !== client || !client.connected) return
      if (err || !subscribed(granted)) {
        this.closeClient()
        this.clearTimers()
        this.fail(tv.linkSubscribeRefused)
        return
      }
      this.ready = true
      const sent = this.publish(syncPlayState())
      if (sent.ok) this.publish(getCurrentScreenType(), false)
      this.startSyncTimer()
    })
  }

  private onMessage(topic: string, payload: Uint8Array): void {
    const inbound = parseInbound(topic, payload, { ownTopic: this.ownTopic(), tvTopic: this.tvTopic })
    if (!inbound) return
    this.noteReply(inbound.sequenceId)
    if (inbound.kind === 'mode') this.listener.mode(inbound.mode)
    else this.listener.message(inbound.message)
    if (this.pending.size === 0) this.setState('online', null)
  }

  private onClose(client: MqttClientLike, everConnected: boolean): void {
    this.ready = false
    purgeOutgoing(client)
    this.clearTimers()
    // mqtt.js reconnects by itself (reconnect period 1 s); until a reply the TV counts as offline.
    // Never connected: the broker is unreachable or hung up without a CONNACK (RabbitMQ does that
    // for bad credentials), which is a failure to connect rather than a lost link.
    this.goOffline(everConnected ? tv.linkLost : tv.refusalUnknown)
  }

  private onError(err: Error & { code?: number | string }): void {
    const code = refusalCode(err)
    if (code === undefined) return // socket errors: 'close' follows and mqtt.js reconnects
    // Broker refusal: mqtt.js does not retry; neither do we until resync / show / network change.
    this.closeClient()
    this.clearTimers()
    this.fail(refusalMessage(code))
  }

  /** Tear down now, connect again after the debounce (SPEC 4: 800 ms); repeated triggers restart it. */
  private scheduleReconnect(fromLogin: boolean): void {
    this.closeClient()
    this.clearTimers()
    this.clearReconnect()
    this.setState('connecting', this.error)
    const generation = ++this.generation
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = null
      if (generation !== this.generation) return
      if (fromLogin || !this.creds) void this.start()
      else this.connectClient()
    }, tvLink.reconnectDebounceMs)
  }

  private stop(state: LinkState): void {
    this.generation++
    this.closeClient()
    this.clearTimers()
    this.clearReconnect()
    this.setState(state, null)
  }

  private closeClient(): void {
    const client = this.client
    this.client = null
    this.ready = false
    if (!client) return
    purgeOutgoing(client)
    client.end(true)
  }

  // ---- sending ----------------------------------------------------------------------------------

  private command(make: () => Command): SendResult {
    if (!this.target) return NO_DEVICE
    if (this.state !== 'online') return OFFLINE
    return this.publish(make())
  }

  /**
   * Publish one command at QoS 1, once. `checkIds` false only for the screen-type request sent right
   * behind a sync: the pair is one send for the id check (its second half would always mismatch).
   */
  private publish(cmd: Command, checkIds = true): SendResult {
    const client = this.client
    const creds = this.creds
    const target = this.target
    if (!target) return NO_DEVICE
    if (!client || !creds || !this.ready || !client.connected) return OFFLINE

    // SPEC 4: compare the last sent id with the last received id before each send.
    if (checkIds) {
      if (this.lastSentId !== null && !this.receivedIds.has(this.lastSentId)) this.errorCount += 1
      else this.errorCount = 0
      if (tvLink.reconnectAtErrorCounts.includes(this.errorCount)) {
        this.scheduleReconnect(false)
        return OFFLINE
      }
    }

    const sequenceId = this.nextId()
    const ownTopic = this.ownTopic()
    const envelope = buildEnvelope({
      sequenceId,
      jarvisId: creds.cid,
      bananaId: target.device.mac,
      type: cmd.type,
      content: cmd.content(String(sequenceId)),
      from: { nickname: target.user.nickName, topic: ownTopic, uid: target.user.uid },
      to: [
        {
          jid: target.device.mac,
          mac: target.device.mac,
          nickname: target.device.deviceName,
          topic: this.tvTopic,
          uid: target.device.uid,
        },
      ],
    })
    const id = String(sequenceId)
    if (checkIds) this.lastSentId = id
    client.publish(this.tvTopic, JSON.stringify(envelope), { qos: broker.qos }, noop)
    this.awaitReply(id)
    return { ok: true, sequenceId }
  }

  // ---- timers and state ---------------------------------------------------------------------------

  private startSyncTimer(): void {
    this.clearSyncTimer()
    this.syncTimer = this.clock.setInterval(() => {
      if (this.ready) this.publish(syncPlayState())
    }, tvLink.syncIntervalMs)
  }

  /** SPEC 4: no reply within 800 ms of a send -> offline. One timer, for the oldest pending request. */
  private awaitReply(id: string): void {
    this.pending.set(id, this.clock.now())
    if (this.offlineTimer === null) this.armOfflineTimer(tvLink.offlineAfterMs)
  }

  private noteReply(id: string): void {
    this.receivedIds.delete(id)
    this.receivedIds.add(id)
    if (this.receivedIds.size > RECEIVED_IDS_KEPT) this.receivedIds.delete(this.receivedIds.values().next().value as string)
    if (!this.pending.delete(id)) return
    this.clearOfflineTimer()
    const oldest = this.pending.values().next()
    if (!oldest.done) this.armOfflineTimer(Math.max(0, oldest.value + tvLink.offlineAfterMs - this.clock.now()))
  }

  private armOfflineTimer(ms: number): void {
    this.offlineTimer = this.clock.setTimeout(() => {
      this.offlineTimer = null
      this.pending.clear()
      this.goOffline(tv.linkNoReply)
    }, ms)
  }

  private goOffline(reason: string): void {
    this.setState('offline', reason)
    this.listener.mode(DEFAULT_TV_MODE)
    this.listener.message(DEFAULT_TV_MESSAGE)
  }

  private fail(reason: string): void {
    this.goOffline(reason)
  }

  private setState(state: LinkState, error: string | null): void {
    if (state === this.state && error === this.error) return
    this.state = state
    this.error = error
    this.listener.state(state, error)
  }

  private ownTopic(): string {
    return this.creds?.clientTopic[0] ?? ''
  }

  private clearTimers(): void {
    this.clearSyncTimer()
    this.clearPending()
  }

  private clearSyncTimer(): void {
    if (this.syncTimer !== null) this.clock.clearInterval(this.syncTimer)
    this.syncTimer = null
  }

  private clearOfflineTimer(): void {
    if (this.offlineTimer !== null) this.clock.clearTimeout(this.offlineTimer)
    this.offlineTimer = null
  }

  private clearPending(): void {
    this.pending.clear()
    this.clearOfflineTimer()
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) this.clock.clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
  }
}

function noop(): void {}

async function settle<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p
  } catch {
    return null
  }
}

function subscribed(granted: MqttGranted[] | undefined): boolean {
  return Array.isArray(granted) && granted.length > 0 && granted.every((g) => g.qos === 0 || g.qos === 1)
}

/** Drop in-flight QoS 1 packets of a closed connection: mqtt.js would replay them after reconnect. */
function purgeOutgoing(client: MqttClientLike): void {
  if (!client.outgoing || !client.removeOutgoingMessage) return
  for (const id of Object.keys(client.outgoing)) client.removeOutgoingMessage(Number(id))
}
