import { broker, tvTimers } from '../../config'
import { tv } from '../../strings'
import { getCurrentScreenType, h5Play, remoteKey, syncPlayState, type Command, type RemoteKey } from '../../protocol/tv/commands'
import { buildEnvelope, createSequence } from '../../protocol/tv/envelope'
import { parseInbound } from '../../protocol/tv/inbound'
import { DEFAULT_TV_MESSAGE, DEFAULT_TV_MODE, type H5PlayPayload, type TvMessage, type TvMode } from '../../protocol/tv/messages'
import { refusalCode, refusalMessage } from './refusal'
import type { CreateWebsocket, WebSocketLike } from './socketPort'
import {
  realClock,
  type Clock,
  type JarvisCredentials,
  type MqttClientLike,
  type MqttConnect,
  type MqttGranted,
  type TvDevice,
  type TvLinkDeps,
  type TvUser,
} from './types'

/** Broker refusals that a fresh broker login may cure (an expired or replaced session). */
const FRESH_LOGIN_CODES: readonly number[] = [2, 4, 5]

/**
 * 'offline' is the TV's state (it did not answer, or the link could not be set up and waits for the
 * user); 'reconnecting' is the phone's own link being down and coming back by itself (issue 33): the
 * TV is not called offline for it.
 */
export type LinkState = 'idle' | 'connecting' | 'online' | 'offline' | 'reconnecting'

export interface TvLinkListener {
  state(state: LinkState, error: string | null): void
  /** A type 87 (with the sequenceId it carried: a reply echoes its command's) or a default state. */
  mode(mode: TvMode, sequenceId?: string): void
  message(message: TvMessage): void
}

export type SendResult =
  | { ok: true; sequenceId: number }
  | { ok: false; reason: 'noDevice' | 'offline' | 'locked' | 'minors'; message: string }

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
 * - Issue 33 (deliberate deviations, README "Broker at scale"): the first sync after the link gets
 *   ready that goes unanswered within 2 s of it is sent once more before the TV is called offline
 *   (the phone is often back a moment before its TV). After an unanswered request while the link is
 *   up, the link asks again after 1, 2, 4, 8 and 16 s (each only while the TV stays silent), then only
 *   at the 30 s cadence; the TV answering resets the steps. Such a repeated sync replaces the
 *   unanswered one for the id check: it is not counted as a new send, so the error counter still moves
 *   only with the cadence's syncs, keys and manual refreshes.
 * - Issue 33 (broker.session, README "Broker at scale"): the MQTT session is persistent under the
 *   login's client id. A reconnect whose CONNACK says the session is present skips the SUBSCRIBE (the
 *   session kept it) and sends the sync at once; a reply the session kept from an earlier connection is
 *   stale and dropped, as is anything received before the connection is ready. After the drop, an
 *   attempt hung up on (socket opened, no CONNACK: RabbitMQ refuses a session whose queue was on a dead
 *   node) fetches new credentials for mqtt.js's next attempt; if that fails, nothing changes.
 * - Any type 87 from the TV topic brings the TV back online once nothing is awaited: the local stack's
 *   box announces itself when it (re)connects (an extension, src/protocol/README.md); a real box need
 *   not, and the steps above find it anyway.
 * - While the phone's own connection is down (lost after it had connected, or a fault the link retries
 *   by itself) the state is 'reconnecting', not 'offline': the TV is not blamed for the phone's link.
 * - Each send compares the last sent id with the last received id: a mismatch counts an error, a match
 *   resets the count; at 2 or 5 the client is torn down and reconnected 800 ms later. "Match" means the
 *   last sent command has been answered (its id is among the ids received lately): with replies in
 *   order that is last sent == last received, and it stays true when a reply overtakes another. The
 *   screen-type request sent right behind a sync rides with it and is not checked on its own.
 * - Closed on app hide (unless returning from a share); reconnected on show and when the network is back.
 * - mqtt.js reconnects a lost connection by itself after the reconnect period: SPEC 9's 1 s plus a random
 *   jitter of 0..min(30 s, 1 s x 2^k) for the k-th retry since the link was last ready (a deliberate
 *   deviation, measured in issue 26: a flat 1 s brings every phone of a dropped broker back in the same
 *   second).
 * - mqtt.js is loaded on the first connection (deps.loadMqtt). The link never hangs in "connecting":
 *   an exception inside the client, no CONNACK within the connect timeout (30 s) after a connect or a
 *   lost connection, or no SUBACK within 30 s of the CONNACK, tears the client down, shows the reason
 *   and connects again after the 800 ms debounce, doubled per consecutive fault up to 30 s.
 * - Commands are never queued: while the link or the TV is down the caller gets { ok: false, 'offline' }
 *   and nothing is published; in-flight QoS 1 packets are purged when a connection closes, so mqtt.js
 *   never replays them on reconnect.
 */
export class TvLink {
  private target: { device: TvDevice; user: TvUser } | null = null
  /** Bumped whenever the link is restarted or stopped: stale async steps compare and bail out. */
  private generation = 0
  private creds: JarvisCredentials | null = null
  private tvTopic = ''
  /** This phone's own topic (jarvisLogin clientTopic[0]), set with the credentials. */
  private ownTopic = ''
  private client: MqttClientLike | null = null
  /** Connected AND the own topic's SUBACK seen on this connection. */
  private ready = false
  /** A refusal of these credentials already led to one fresh jarvisLogin (reset once ready). */
  private freshLoginTried = false
  private hidden = false
  private state: LinkState = 'idle'
  private error: string | null = null
  private lastSentId: string | null = null
  /** The ids of the latest replies (the TV echoes sequenceId), newest last. */
  private readonly receivedIds = new Set<string>()
  /** When each of the latest requests was sent (the same bound): a reply to one sent before the link was last ready is stale. */
  private readonly sentAt = new Map<string, number>()
  /** Requests awaiting their reply: sequenceId -> sent at (ms). */
  private readonly pending = new Map<string, number>()
  private errorCount = 0
  private syncTimer: unknown = null
  private offlineTimer: unknown = null
  private reconnectTimer: unknown = null
  /** Armed from a connect (or a lost connection) until the SUBACK: the link's own connect timeout. */
  private connectWatchdog: unknown = null
  /** The watchdog was re-armed at a CONNACK since the last attempt began or the link was last ready. */
  private connackExtended = false
  /** The own topic's SUBSCRIBE is out on the current connection, its SUBACK not yet in. */
  private subscribing = false
  private connectFn: MqttConnect | null = null
  /** The last non-refusal error the client reported on this connection (shown if it never gets ready). */
  private clientFault: string | null = null
  /** Consecutive faults (exceptions, connect timeouts): the retry delay doubles with each. */
  private faultCount = 0
  /** Reconnects since the link was last ready: the jitter window doubles with each. */
  private reconnectAttempts = 0
  /**
   * When the link last got ready (SUBACK), and whether its first sync may still be sent again (until
   * the TV answers, or it was sent again once).
   */
  private readyAt = 0
  /**
   * Persistent sessions (broker.session): the client id whose session holds the own topic's
   * subscription (a SUBACK was seen under it). A CONNACK with session present under that id needs no
   * subscribe; any other id (a fresh login) subscribes.
   */
  private sessionCid: string | null = null
  /** A jarvisLogin for new broker credentials is out (maybeRenewSession). */
  private renewing = false
  private firstSyncRetry = false
  /** The next step of the re-sync backoff (tvTimers.resyncBackoffMs) and its timer. */
  private resyncStep = 0
  private resyncTimer: unknown = null
  private readonly clock: Clock
  private readonly random: () => number
  private readonly nextId: () => number

  constructor(
    private readonly deps: TvLinkDeps,
    private readonly listener: TvLinkListener,
  ) {
    this.clock = deps.clock ?? realClock
    this.random = deps.random ?? Math.random
    this.nextId = createSequence(() => this.clock.now())
  }

  /** For tests and diagnostics. */
  snapshot(): { state: LinkState; error: string | null; errorCount: number; ready: boolean; tvTopic: string; ownTopic: string } {
    return { state: this.state, error: this.error, errorCount: this.errorCount, ready: this.ready, tvTopic: this.tvTopic, ownTopic: this.ownTopic }
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
    const previous = this.target
    const same = previous !== null && previous.device.mac === device.mac && previous.user.uid === user.uid
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
      if (sent.ok) this.publish(getCurrentScreenType(), 'skip')
      return sent
    }
    if (!this.client && !this.reconnectTimer) void this.start()
    return OFFLINE
  }

  sendKey(key: RemoteKey): SendResult {
    return this.command(() => remoteKey(key))
  }

  /** Any command built in src/protocol/tv (issue 25: a text for the TV's input field), same rules as a key. */
  sendCommand(cmd: Command): SendResult {
    return this.command(() => cmd)
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

    const creds = await this.brokerLogin(target)
    if (generation !== this.generation) return
    if (!creds) {
      this.fail(tv.linkLoginFailed)
      return
    }
    const topic = await settle(this.deps.api.queryAgentTopic([target.device.mac.toLowerCase()]))
    if (generation !== this.generation) return
    if (!topic) {
      this.fail(tv.linkTopicMissing)
      return
    }
    const connect =
      this.connectFn ??
      (await this.deps.loadMqtt().catch((e: unknown) => {
        // The user sees the plain message; the reason goes to the developer console.
        console.warn('[tv-link] mqtt.js could not be loaded:', errorText(e))
        return null
      }))
    if (generation !== this.generation) return
    if (!connect) {
      this.fail(tv.linkLoadFailed)
      return
    }
    this.connectFn = connect
    this.creds = creds
    this.ownTopic = creds.clientTopic[0]
    this.tvTopic = topic
    this.connectClient(connect, creds)
  }

  private connectClient(connect: MqttConnect, creds: JarvisCredentials): void {
    this.clientFault = null
    this.connackExtended = false
    this.armConnectWatchdog()
    try {
      this.openClient(connect, creds)
    } catch (e) {
      this.fault(tv.linkClientFault(errorText(e)))
    }
  }

  private openClient(connect: MqttConnect, creds: JarvisCredentials): void {
    // Per attempt (mqtt.js builds a new socket for each): did the socket open, did a CONNACK come.
    const attempt = { opened: false, connack: false }
    const create = this.deps.createWebsocket
    const createWebsocket: CreateWebsocket | undefined =
      create &&
      ((url, protocols) => {
        attempt.opened = false
        attempt.connack = false
        return onOpened(create(url, protocols), () => (attempt.opened = true))
      })
    const client = connect(this.deps.url, {
      clientId: creds.cid,
      username: creds.appKey,
      password: creds.sign,
      protocolVersion: broker.protocolVersion,
      connectTimeout: broker.connectTimeoutMs,
      reconnectPeriod: this.reconnectPeriod(),
      clean: this.sessionKind() === 'clean',
      // We subscribe ourselves on every connect and wait for the SUBACK before sending anything.
      resubscribe: false,
      reconnectOnConnackError: false,
      keepalive: 60,
      timerVariant: 'native',
      // mqtt.js caches its protocol table on the first connect of a JS context: set it every time.
      ...(createWebsocket ? { forceNativeWebSocket: true, createWebsocket } : {}),
    })
    this.client = client
    this.ready = false
    let everConnected = false
    client.on('connect', (connack?: { sessionPresent?: boolean }) => {
      everConnected = true
      attempt.connack = true
      if (this.client === client) this.onConnect(client, connack?.sessionPresent === true)
    })
    client.on('message', (topic: string, payload: Uint8Array) => {
      if (this.client === client) this.onMessage(topic, payload)
    })
    client.on('close', () => {
      // Hung up on: the socket opened (the broker, or the balancer for it, took the connection) and no
      // CONNACK came. Without the platform socket there is no telling: counted as hung up.
      const hungUp = createWebsocket ? attempt.opened && !attempt.connack : true
      if (this.client === client) this.onClose(client, everConnected, hungUp)
    })
    client.on('error', (err: Error & { code?: number | string }) => {
      if (this.client === client) this.onError(err)
    })
  }

  private onConnect(client: MqttClientLike, sessionPresent: boolean): void {
    this.ready = false
    // Issue 33: the broker took the connection; the SUBACK gets the connect timeout of its own (once
    // per attempt: a connection that keeps dropping after its CONNACK does not push it further). Under
    // a reconnect storm a broker answers late, and a link that gave up on an accepted connection
    // would throw away the broker's work and queue up again.
    if (this.connectWatchdog === null || !this.connackExtended) {
      this.connackExtended = true
      this.armConnectWatchdog()
    }
    const ownTopic = this.ownTopic
    const onSuback = (err: Error | null | undefined, granted?: MqttGranted[]) => {
      if (this.client !== client || !client.connected) return
      this.subscribing = false
      if (err || !subscribed(granted)) {
        this.closeClient()
        this.clearTimers()
        this.fail(tv.linkSubscribeRefused)
        return
      }
      this.clearConnectWatchdog()
      this.sessionCid = this.sessionKind() === 'persistent' ? (this.creds?.cid ?? null) : null
      this.connackExtended = false
      this.faultCount = 0
      this.reconnectAttempts = 0
      if (client.options) client.options.reconnectPeriod = this.reconnectPeriod()
      this.freshLoginTried = false
      this.ready = true
      this.readyAt = this.clock.now()
      this.firstSyncRetry = true
      this.resyncStep = 0
      const sent = this.publish(syncPlayState())
      if (sent.ok) this.publish(getCurrentScreenType(), 'skip')
      this.startSyncTimer()
    }
    if (sessionPresent && this.sessionCid !== null && this.sessionCid === this.creds?.cid) {
      // issue 33: the session kept the subscription this link made under this client id
      this.subscribing = true
      onSuback(null, [{ topic: ownTopic, qos: broker.qos }])
      return
    }
    try {
      this.subscribing = true
      client.subscribe(ownTopic, { qos: broker.qos }, onSuback)
    } catch (e) {
      this.fault(tv.linkClientFault(errorText(e)))
    }
  }

  private onMessage(topic: string, payload: Uint8Array): void {
    // Issue 33: nothing said before this connection is ready is news. A persistent session hands over
    // what it kept (a QoS 1 reply whose PUBACK was lost with the old connection is sent again), and
    // mqtt.js can deliver it before it emits 'connect': it must not call the TV online while the phone
    // is still reconnecting. The ready connection's own sync asks afresh.
    if (!this.ready) return
    const inbound = parseInbound(topic, payload, { ownTopic: this.ownTopic, tvTopic: this.tvTopic })
    if (!inbound) return
    const sentAt = this.sentAt.get(inbound.sequenceId)
    if (sentAt !== undefined && sentAt < this.readyAt && !this.pending.has(inbound.sequenceId)) {
      // Issue 33: a reply to a request of an earlier connection, kept for this persistent session while
      // the phone was away: what the TV was then, not now. It neither brings the TV online nor counts
      // as an answer (the error counter), and its state is not shown.
      return
    }
    const wasAwaited = this.pending.has(inbound.sequenceId)
    this.noteReply(inbound.sequenceId)
    if (!wasAwaited && this.ready && this.state !== 'online' && this.pending.size > 0) {
      // Issue 33: the TV speaks on its own while it counts as away (the stack's box announcing its
      // return): it is back, and what was sent while it was away will not be answered.
      this.clearPending()
    }
    if (inbound.kind === 'mode') this.listener.mode(inbound.mode, inbound.sequenceId)
    else this.listener.message(inbound.message)
    if (this.pending.size === 0) {
      // the TV answered (or announced itself): the re-sync steps start over at the next silence
      this.clearResyncTimer()
      this.resyncStep = 0
      this.firstSyncRetry = false
      this.setState('online', null)
    }
  }

  private onClose(client: MqttClientLike, everConnected: boolean, hungUp: boolean): void {
    if (this.subscribing) {
      // Issue 33: the broker hung up while the subscribe was out. RabbitMQ 3.10 does so when the
      // session's queue lives on a node that died, or an old connection's clean-up removed it: the
      // same client id meets the same queue again. A fresh broker login brings a new client id.
      this.fault(tv.linkLost, true)
      return
    }
    this.ready = false
    // mqtt.js has scheduled this retry already: the next one waits longer, at a random point.
    this.reconnectAttempts += 1
    if (everConnected && hungUp) this.maybeRenewSession(client)
    if (client.options) client.options.reconnectPeriod = this.reconnectPeriod()
    purgeOutgoing(client)
    this.clearTimers()
    // mqtt.js reconnects by itself: the phone is reconnecting (the TV is not called offline for it).
    // Never connected: the broker is unreachable or hung up without a CONNACK (RabbitMQ does that
    // for bad credentials), which is a failure to connect rather than a lost link.
    if (everConnected) this.goDown('reconnecting', tv.linkLost)
    else this.fail(this.clientFault ? tv.linkClientFault(this.clientFault) : tv.refusalUnknown)
    // mqtt.js reconnects by itself; should it never get ready again, the watchdog takes over.
    if (this.connectWatchdog === null) this.armConnectWatchdog()
  }

  private onError(err: Error & { code?: number | string }): void {
    const code = refusalCode(err)
    if (code === undefined) {
      // Socket errors and exceptions inside the client: 'close' normally follows and mqtt.js
      // reconnects; the reason is kept for the message, and the watchdog covers a client that hangs.
      this.clientFault = errorText(err)
      return
    }
    // Broker refusal: mqtt.js does not retry. A refusal of who we are (2 client id, 4 credentials,
    // 5 not authorized) may mean the broker session expired (it lasts 24 h): one fresh jarvisLogin,
    // then the refusal stands until resync / show / network change. 1 and 3 stand at once.
    if (FRESH_LOGIN_CODES.includes(code) && !this.freshLoginTried) {
      this.freshLoginTried = true
      this.creds = null
      this.scheduleReconnect(true)
      return
    }
    this.closeClient()
    this.clearTimers()
    this.fail(refusalMessage(code))
  }

  /**
   * Tear down now, connect again after the debounce (SPEC 4: 800 ms); repeated triggers restart it.
   * After a fault the state stays offline with its reason until the retry starts.
   */
  private scheduleReconnect(fromLogin: boolean, delayMs: number = tvTimers.reconnectDebounceMs, afterFault = false): void {
    this.closeClient()
    this.clearTimers()
    this.clearReconnect()
    if (!afterFault) this.setState('connecting', this.error)
    // A start still logging in belongs to the old connection: it stops at its next step.
    ++this.generation
    // Every path that must cancel this reconnect clears the timer (stop, start, a newer reconnect).
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = null
      const { creds, connectFn } = this
      if (fromLogin || !creds || !connectFn) void this.start()
      else {
        this.setState('connecting', this.error)
        this.connectClient(connectFn, creds)
      }
    }, delayMs)
  }

  /**
   * A fault inside the MQTT client: show it, then the SPEC 4 reconnect, backing off per fault (with a
   * fresh broker login when `freshLogin`).
   */
  private fault(reason: string, freshLogin = false): void {
    this.closeClient()
    this.clearTimers()
    // the phone's own link failed and comes back by itself: reconnecting, with the reason
    this.goDown('reconnecting', reason)
    const delay = Math.min(tvTimers.reconnectDebounceMs * 2 ** this.faultCount, tvTimers.faultRetryMaxMs)
    this.faultCount += 1
    this.scheduleReconnect(freshLogin, delay, true)
  }

  /**
   * Issue 33: a persistent session's connection dropped and a reconnect under its client id was hung up
   * on (the 2nd close since ready; its socket had opened, no CONNACK came). RabbitMQ 3.10 hangs up on
   * every CONNECT of a session whose queue lived on a node that died, until that node is back (a
   * connection that never opened, the balancer restarting or no network, says nothing of the session).
   * So new broker credentials are fetched meanwhile: if jarvisLogin answers, mqtt.js's next attempt
   * goes out under the new client id (a new session, which subscribes), and if it does not (the phone's
   * network is down), mqtt.js goes on retrying as before. The user sees nothing of it: the state stays
   * 'reconnecting'.
   */
  private maybeRenewSession(client: MqttClientLike): void {
    const creds = this.creds
    const target = this.target
    if (this.sessionKind() !== 'persistent' || this.renewing || !creds || !target || creds.cid !== this.sessionCid) return
    if (this.reconnectAttempts < 2 || !client.options) return
    this.renewing = true
    const generation = this.generation
    void this.brokerLogin(target).then((fresh) => {
      this.renewing = false
      if (generation !== this.generation || this.client !== client || this.ready || !client.options || !fresh) return
      this.creds = fresh
      this.ownTopic = fresh.clientTopic[0]
      Object.assign(client.options, { clientId: fresh.cid, username: fresh.appKey, password: fresh.sign })
    })
  }

  /** jarvisLogin for the target's user: usable broker credentials (a client id and an own topic), or null. */
  private async brokerLogin(target: { device: TvDevice; user: TvUser }): Promise<JarvisCredentials | null> {
    const creds = await settle(
      this.deps.api.jarvisLogin({
        uid: target.user.uid,
        phone: target.user.phone,
        abilityString: target.device.abilityString ?? '',
      }),
    )
    return creds && creds.cid && Array.isArray(creds.clientTopic) && creds.clientTopic[0] ? creds : null
  }

  private sessionKind(): 'persistent' | 'clean' {
    return this.deps.session ?? broker.session
  }

  /** SPEC 9's reconnect period plus the jitter of the current retry (see the class comment). */
  private reconnectPeriod(): number {
    const window = Math.min(broker.reconnectJitterMaxMs, broker.reconnectPeriodMs * 2 ** Math.min(this.reconnectAttempts, 20))
    return broker.reconnectPeriodMs + Math.floor(this.random() * window)
  }

  private armConnectWatchdog(): void {
    this.clearConnectWatchdog()
    // Cleared at the SUBACK (ready) and whenever the client is closed: firing means it never got ready.
    this.connectWatchdog = this.clock.setTimeout(() => {
      this.connectWatchdog = null
      this.fault(this.clientFault ? tv.linkClientFault(this.clientFault) : tv.linkConnectTimeout)
    }, broker.connectTimeoutMs)
  }

  private clearConnectWatchdog(): void {
    this.clock.clearTimeout(this.connectWatchdog)
    this.connectWatchdog = null
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
    this.subscribing = false
    this.clearConnectWatchdog()
    if (!client) return
    try {
      purgeOutgoing(client)
      client.end(true)
    } catch {
      // A client that throws while closing is dropped all the same: nothing of it is used again.
    }
  }

  // ---- sending ----------------------------------------------------------------------------------

  private command(make: () => Command): SendResult {
    if (!this.target) return NO_DEVICE
    if (this.state !== 'online') return OFFLINE
    return this.publish(make())
  }

  /**
   * Publish one command at QoS 1, once. The id check (SPEC 4): 'count' compares and counts; 'skip'
   * only for the screen-type request sent right behind a sync (the pair is one send for the id check:
   * its second half would always mismatch); 'replace' for a sync sent again on the issue 33 steps (it
   * stands in for the unanswered one: its id becomes the last sent, nothing is counted).
   */
  private publish(cmd: Command, idCheck: 'count' | 'skip' | 'replace' = 'count'): SendResult {
    const client = this.client
    const creds = this.creds
    const target = this.target
    if (!target) return NO_DEVICE
    if (!client || !creds || !this.ready || !client.connected) return OFFLINE

    // SPEC 4: compare the last sent id with the last received id before each send.
    if (idCheck === 'count') {
      if (this.lastSentId !== null && !this.receivedIds.has(this.lastSentId)) this.errorCount += 1
      else this.errorCount = 0
      if (tvTimers.reconnectAtErrorCounts.includes(this.errorCount)) {
        this.scheduleReconnect(false)
        return OFFLINE
      }
    }

    const sequenceId = this.nextId()
    const ownTopic = this.ownTopic
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
    if (idCheck !== 'skip') this.lastSentId = id
    this.sentAt.set(id, this.clock.now())
    if (this.sentAt.size > RECEIVED_IDS_KEPT) this.sentAt.delete(this.sentAt.keys().next().value as string)
    try {
      client.publish(this.tvTopic, JSON.stringify(envelope), { qos: broker.qos }, noop)
    } catch (e) {
      this.fault(tv.linkClientFault(errorText(e)))
      return OFFLINE
    }
    this.awaitReply(id)
    return { ok: true, sequenceId }
  }

  // ---- timers and state ---------------------------------------------------------------------------

  private startSyncTimer(): void {
    this.clearSyncTimer()
    // publish() refuses while the link is not ready (the send guard).
    this.syncTimer = this.clock.setInterval(() => this.publish(syncPlayState()), tvTimers.syncIntervalMs)
  }

  /** SPEC 4: no reply within 800 ms of a send -> offline. One timer, for the oldest pending request. */
  private awaitReply(id: string): void {
    this.pending.set(id, this.clock.now())
    if (this.offlineTimer === null) this.armOfflineTimer(tvTimers.offlineAfterMs)
  }

  private noteReply(id: string): void {
    this.receivedIds.delete(id)
    this.receivedIds.add(id)
    if (this.receivedIds.size > RECEIVED_IDS_KEPT) this.receivedIds.delete(this.receivedIds.values().next().value as string)
    if (!this.pending.delete(id)) return
    this.clearOfflineTimer()
    const oldest = this.pending.values().next()
    if (!oldest.done) this.armOfflineTimer(Math.max(0, oldest.value + tvTimers.offlineAfterMs - this.clock.now()))
  }

  private armOfflineTimer(ms: number): void {
    this.offlineTimer = this.clock.setTimeout(() => {
      this.offlineTimer = null
      this.pending.clear()
      // issue 33: the first sync since the link got ready, unanswered within the grace and not yet
      // sent again: just (re)connected, the TV may be a moment behind, so ask once more first
      if (this.ready && this.firstSyncRetry && this.clock.now() - this.readyAt <= tvTimers.firstSyncGraceMs) {
        this.firstSyncRetry = false
        this.syncAgain()
        return
      }
      this.fail(tv.linkNoReply)
      this.scheduleResync()
    }, ms)
  }

  /** Issue 33: the TV went silent while the phone's link is up: ask again on the next backoff step. */
  private scheduleResync(): void {
    // a step already waiting (a cadence sync or a refresh went unanswered in between) keeps its time
    if (this.resyncTimer !== null || !this.ready || this.resyncStep >= tvTimers.resyncBackoffMs.length) return
    const delay = tvTimers.resyncBackoffMs[this.resyncStep]
    this.resyncStep += 1
    this.resyncTimer = this.clock.setTimeout(() => {
      this.resyncTimer = null
      // back already, or a request (a cadence sync, a refresh) is out: its silence schedules the next step
      if (this.state === 'online' || this.pending.size > 0) return
      this.syncAgain()
    }, delay)
  }

  /** A sync (+ screen type) standing in for an unanswered one: not a new send for the id check. */
  private syncAgain(): void {
    const sent = this.publish(syncPlayState(), 'replace')
    if (sent.ok) this.publish(getCurrentScreenType(), 'skip')
  }

  /** Not online: the TV (offline) or the phone's own link (reconnecting); SPEC 4's default states. */
  private goDown(state: 'offline' | 'reconnecting', reason: string): void {
    this.setState(state, reason)
    this.listener.mode(DEFAULT_TV_MODE)
    this.listener.message(DEFAULT_TV_MESSAGE)
  }

  /** The TV is offline (no reply), or the link failed and waits for the user: SPEC 4's default states. */
  private fail(reason: string): void {
    this.goDown('offline', reason)
  }

  private setState(state: LinkState, error: string | null): void {
    if (state === this.state && error === this.error) return
    this.state = state
    this.error = error
    this.listener.state(state, error)
  }

  private clearTimers(): void {
    this.clearSyncTimer()
    this.clearPending()
    this.clearResyncTimer()
  }

  private clearResyncTimer(): void {
    this.clock.clearTimeout(this.resyncTimer)
    this.resyncTimer = null
  }

  private clearSyncTimer(): void {
    this.clock.clearInterval(this.syncTimer)
    this.syncTimer = null
  }

  private clearOfflineTimer(): void {
    this.clock.clearTimeout(this.offlineTimer)
    this.offlineTimer = null
  }

  private clearPending(): void {
    this.pending.clear()
    this.clearOfflineTimer()
  }

  private clearReconnect(): void {
    this.clock.clearTimeout(this.reconnectTimer)
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

/** An error's message, read by shape (errors of the WeChat realm are not this realm's Error). */
function errorText(e: unknown): string {
  const message = (e as { message?: unknown } | null | undefined)?.message
  return typeof message === 'string' ? message : String(e)
}

function subscribed(granted: MqttGranted[] | undefined): boolean {
  return Array.isArray(granted) && granted.length > 0 && granted.every((g) => g.qos === 0 || g.qos === 1)
}

/** Drop in-flight QoS 1 packets of a closed connection: mqtt.js would replay them after reconnect. */
function purgeOutgoing(client: MqttClientLike): void {
  if (!client.outgoing || !client.removeOutgoingMessage) return
  for (const id of Object.keys(client.outgoing)) client.removeOutgoingMessage(Number(id))
}

/**
 * Calls `seen` when the socket opens, whoever sets its `onopen` (mqtt.js assigns its handler after
 * createWebsocket returns, or adds a listener where the socket takes them). The socket is returned as
 * it is, with `onopen` wrapped.
 */
function onOpened(ws: WebSocketLike, seen: () => void): WebSocketLike {
  // a socket with listeners (a browser WebSocket) gets mqtt.js's open handler through them
  const listen = (ws as WebSocketLike & { addEventListener?: (type: string, fn: () => void) => void }).addEventListener
  if (typeof listen === 'function') listen.call(ws, 'open', seen)
  let handler = ws.onopen
  Object.defineProperty(ws, 'onopen', {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (fn: WebSocketLike['onopen']) => {
      handler = fn
        ? (ev) => {
            seen()
            fn(ev)
          }
        : null
    },
  })
  return ws
}
