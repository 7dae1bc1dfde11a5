import { broker, tvTimers } from '../../config'
import { tv } from '../../strings'
import { h5Play, remoteKey, type Command, type RemoteKey } from '../../protocol/tv/commands'
import { DEFAULT_TV_MESSAGE, DEFAULT_TV_MODE, type H5PlayPayload } from '../../protocol/tv/messages'
import { errorText } from '../../lib/errorText'
import { NO_DEVICE, OFFLINE, TvChannel, type ChannelHost } from './channel'
import { Connection, type ConnectionEvents } from './connection'
import { brokerAtScaleRecovery, RetryBackoff } from './recovery'
import { BrokerSession } from './session'
import { ConnectWatchdog } from './watchdog'
import { freshLoginMayCure, refusalCode, refusalMessage } from './refusal'
import { realClock, type Clock, type JarvisCredentials, type LinkState, type MqttConnect, type SendResult } from './types'
import type { TvDevice, TvLinkDeps, TvLinkListener, TvUser } from './types'

export type { LinkState, SendResult, TvLinkListener } from './types'

/**
 * The TV link: the connection's life under SPEC section 4. The rules it follows sit in their own
 * files: one client's CONNECT and subscription (connection.ts), the conversation with the TV
 * (channel.ts) under SPEC 4's id check and 2/5 counter (idCheck.ts) and its 800 ms / 30 s liveness
 * (liveness.ts), the broker session (session.ts), the connect timeout (watchdog.ts), and the recovery
 * that deliberately goes beyond SPEC 4/9 (recovery.ts: one policy object, deps.recovery).
 *
 * - No device: the fake local states, no connection.
 * - A device: jarvisLogin -> queryAgentTopic -> connect -> subscribe -> sync; online once every request
 *   sent has its reply. Any type 87 from the TV topic brings the TV back once nothing is awaited (the
 *   local box announces itself: an extension, src/protocol/README.md; a real box need not).
 * - While the phone's own connection is down the state is 'reconnecting', not 'offline': the TV is not
 *   blamed for the phone's link. mqtt.js reconnects a lost connection by itself.
 * - Closed on app hide (unless returning from a share); reconnected on show and when the network is back.
 * - mqtt.js is loaded on the first connection (deps.loadMqtt). The link never hangs in "connecting": a
 *   fault inside the client or the connect timeout tears it down, shows the reason and connects again
 *   after the policy's fault delay.
 * - Commands are never queued: while the link or the TV is down the caller gets { ok: false, 'offline' }
 *   and nothing is published.
 */
export class TvLink {
  private target: { device: TvDevice; user: TvUser } | null = null
  /** Bumped whenever the link is restarted or stopped: stale async steps compare and bail out. */
  private generation = 0
  private creds: JarvisCredentials | null = null
  private tvTopic = ''
  /** This phone's own topic (jarvisLogin clientTopic[0]), set with the credentials. */
  private ownTopic = ''
  private connection: Connection | null = null
  /** A refusal of these credentials already led to one fresh jarvisLogin (reset once ready). */
  private freshLoginTried = false
  private hidden = false
  private state: LinkState = 'idle'
  private error: string | null = null
  /** The conversation with the TV over the ready connection (id check, liveness, recovery steps). */
  private readonly channel: TvChannel
  private reconnectTimer: unknown = null
  private readonly watchdog: ConnectWatchdog
  private readonly session: BrokerSession
  private connectFn: MqttConnect | null = null
  /** The last non-refusal error the client reported on this connection (shown if it never gets ready). */
  private clientFault: string | null = null
  /** The policy's reconnect jitter and fault backoff, with their counts. */
  private readonly backoff: RetryBackoff
  private readonly clock: Clock

  constructor(
    private readonly deps: TvLinkDeps,
    private readonly listener: TvLinkListener,
  ) {
    this.clock = deps.clock ?? realClock
    const recovery = deps.recovery ?? brokerAtScaleRecovery
    this.backoff = new RetryBackoff(recovery, deps.random ?? Math.random)
    this.channel = new TvChannel(this.channelHost(), listener, this.clock, recovery)
    this.session = new BrokerSession(deps.api, deps.loadMqtt, deps.session ?? broker.session)
    // firing means the connection never got ready
    this.watchdog = new ConnectWatchdog(this.clock, () =>
      this.fault(this.clientFault ? tv.linkClientFault(this.clientFault) : tv.linkConnectTimeout),
    )
  }

  /** Connected AND the own topic's SUBACK seen on this connection. */
  private get ready(): boolean {
    return this.connection?.ready ?? false
  }

  /** For tests and diagnostics. */
  snapshot(): { state: LinkState; error: string | null; errorCount: number; ready: boolean; tvTopic: string; ownTopic: string } {
    return { state: this.state, error: this.error, errorCount: this.channel.errors, ready: this.ready, tvTopic: this.tvTopic, ownTopic: this.ownTopic }
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
    this.channel.reset()
    if (!this.hidden) void this.start()
  }

  /** Ask the TV again (sync + screen type); restarts a link that failed or was closed. */
  resync(): SendResult {
    if (!this.target) return NO_DEVICE
    if (this.ready) return this.channel.syncNow()
    if (!this.connection && !this.reconnectTimer) void this.start()
    return OFFLINE
  }

  sendKey(key: RemoteKey): SendResult {
    return this.command(() => remoteKey(key))
  }

  /** Any command built in src/protocol/tv (e.g. a text for the TV's input field), same rules as a key. */
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
    if (this.connection) {
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

    const set = await this.session.setUp(target, this.connectFn, () => generation === this.generation)
    if (!set) return
    if ('error' in set) {
      this.fail(set.error)
      return
    }
    const { creds, topic, connect } = set
    this.connectFn = connect
    this.creds = creds
    this.ownTopic = creds.clientTopic[0]
    this.tvTopic = topic
    this.connectClient(connect, creds)
  }

  private connectClient(connect: MqttConnect, creds: JarvisCredentials): void {
    this.clientFault = null
    this.watchdog.attemptBegins()
    try {
      this.connection = new Connection(
        connect,
        { url: this.deps.url, creds, reconnectPeriod: this.backoff.reconnectPeriod(), session: this.session.kind, createWebsocket: this.deps.createWebsocket },
        () => this.ownTopic,
        (sessionPresent) => this.session.keepsSubscription(sessionPresent, this.creds?.cid),
        this.connectionEvents(),
      )
    } catch (e) {
      this.fault(tv.linkClientFault(errorText(e)))
    }
  }

  /** What the current connection tells the link. */
  private connectionEvents(): ConnectionEvents {
    return {
      connack: () => this.watchdog.connackCame(),
      ready: () => {
        this.watchdog.ready()
        this.session.subscribedUnder(this.creds?.cid ?? null)
        this.backoff.linkReady()
        this.setReconnectPeriod()
        this.freshLoginTried = false
        this.channel.linkReady()
      },
      message: (topic, payload) => this.channel.received(topic, payload, { ownTopic: this.ownTopic, tvTopic: this.tvTopic }),
      closed: (everConnected, hungUp) => this.onClose(everConnected, hungUp),
      failed: (reason, kind) => {
        if (kind === 'subscribeLost') this.fault(reason, true)
        else if (kind === 'fault') this.fault(reason)
        else {
          this.closeClient()
          this.channel.stop()
          this.fail(reason)
        }
      },
      error: (err) => this.onError(err),
    }
  }

  /** The link's side of the conversation with the TV (see ChannelHost). */
  private channelHost(): ChannelHost {
    return {
      route: () => {
        const { creds, target } = this
        const client = this.connection?.client
        if (!target) return 'noDevice'
        if (!client || !creds || !this.ready || !client.connected) return null
        return { client, creds, ...target, ownTopic: this.ownTopic, tvTopic: this.tvTopic }
      },
      isReady: () => this.ready,
      isOnline: () => this.state === 'online',
      reconnect: () => this.scheduleReconnect(false),
      fault: (reason) => this.fault(reason),
      tvSilent: () => this.fail(tv.linkNoReply),
      tvAnswered: () => this.setState('online', null),
    }
  }

  private onClose(everConnected: boolean, hungUp: boolean): void {
    this.backoff.lost()
    if (everConnected && hungUp) this.renewSession()
    this.setReconnectPeriod()
    this.channel.stop()
    // Never connected: the broker is unreachable or hung up without a CONNACK (RabbitMQ does that for
    // bad credentials), which is a failure to connect rather than a lost link.
    if (everConnected) this.goDown('reconnecting', tv.linkLost)
    else this.fail(this.clientFault ? tv.linkClientFault(this.clientFault) : tv.refusalUnknown)
    // should it never get ready again, the watchdog takes over
    this.watchdog.lost()
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
    if (freshLoginMayCure(code) && !this.freshLoginTried) {
      this.freshLoginTried = true
      this.creds = null
      this.scheduleReconnect(true)
      return
    }
    this.closeClient()
    this.channel.stop()
    this.fail(refusalMessage(code))
  }

  /**
   * Tear down now, connect again after the debounce (SPEC 4: 800 ms); repeated triggers restart it.
   * After a fault the state stays offline with its reason until the retry starts.
   */
  private scheduleReconnect(fromLogin: boolean, delayMs: number = tvTimers.reconnectDebounceMs, afterFault = false): void {
    this.closeClient()
    this.channel.stop()
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
    this.channel.stop()
    // the phone's own link failed and comes back by itself: reconnecting, with the reason
    this.goDown('reconnecting', reason)
    this.scheduleReconnect(freshLogin, this.backoff.nextFaultDelay(), true)
  }

  /** A persistent session's reconnect was hung up on: new credentials for mqtt.js's next attempt (BrokerSession). */
  private renewSession(): void {
    const target = this.target
    const connection = this.connection
    if (!target || !connection?.client.options) return
    const generation = this.generation
    this.session.renewAfterHangUp(this.creds, target, this.backoff.reconnectsSinceReady, (fresh) => {
      const options = connection.client.options
      if (generation !== this.generation || this.connection !== connection || this.ready || !options) return
      this.creds = fresh
      this.ownTopic = fresh.clientTopic[0]
      Object.assign(options, { clientId: fresh.cid, username: fresh.appKey, password: fresh.sign })
    })
  }

  /** mqtt.js reads options.reconnectPeriod each time it schedules a reconnect. */
  private setReconnectPeriod(): void {
    const options = this.connection?.client.options
    if (options) options.reconnectPeriod = this.backoff.reconnectPeriod()
  }

  private stop(state: LinkState): void {
    this.generation++
    this.closeClient()
    this.channel.stop()
    this.clearReconnect()
    this.setState(state, null)
  }

  private closeClient(): void {
    const connection = this.connection
    this.connection = null
    this.watchdog.clear()
    connection?.end()
  }

  private command(make: () => Command): SendResult {
    if (!this.target) return NO_DEVICE
    if (this.state !== 'online') return OFFLINE
    return this.channel.send(make())
  }

  // ---- state --------------------------------------------------------------------------------------

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

  private clearReconnect(): void {
    this.clock.clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
  }
}

