import { broker } from '../../config'
import { errorText } from '../../lib/errorText'
import { tv } from '../../strings'
import { clientOptions, purgeOutgoing, subscribed, trackAttempts } from './mqttClient'
import type { CreateWebsocket } from './socketPort'
import type { JarvisCredentials, MqttConnect, MqttClientLike, MqttGranted } from './types'

/** What a connection tells the link that owns it (never after the link ended it). */
export interface ConnectionEvents {
  /** The broker took the connection (CONNACK). */
  connack(): void
  /** The own topic's SUBACK came (or the kept session holds it): ready to send. */
  ready(): void
  /** A message on the ready connection. */
  message(topic: string, payload: Uint8Array): void
  /** Lost; mqtt.js reconnects by itself. `hungUp`: the socket opened and no CONNACK came. */
  closed(everConnected: boolean, hungUp: boolean): void
  /** The broker hung up while the SUBSCRIBE was out, or refused it, or the client threw. */
  failed(reason: string, kind: 'subscribeLost' | 'subscribeRefused' | 'fault'): void
  error(err: Error & { code?: number | string }): void
}

/**
 * One mqtt.js client, from CONNECT to its end (mqtt.js reconnects it by itself in between): the own
 * topic's subscription on every CONNACK (SPEC 4: QoS 1, nothing sent before the SUBACK), skipped when
 * the broker kept the session that holds it; nothing received before it is ready is passed on (a
 * persistent session hands over what it kept, and mqtt.js can deliver it before 'connect').
 */
export class Connection {
  readonly client: MqttClientLike
  /** Connected AND the own topic's SUBACK seen on this connection. */
  ready = false
  /** The own topic's SUBSCRIBE is out, its SUBACK not yet in. */
  private subscribing = false
  private ended = false

  constructor(
    connect: MqttConnect,
    to: { url: string; creds: JarvisCredentials; reconnectPeriod: number; session: 'persistent' | 'clean'; createWebsocket?: CreateWebsocket },
    private readonly ownTopic: () => string,
    private readonly keepsSubscription: (sessionPresent: boolean) => boolean,
    private readonly events: ConnectionEvents,
  ) {
    const { attempt, createWebsocket } = trackAttempts(to.createWebsocket)
    const client = connect(to.url, clientOptions(to.creds, to.reconnectPeriod, to.session, createWebsocket))
    this.client = client
    let everConnected = false
    client.on('connect', (connack?: { sessionPresent?: boolean }) => {
      everConnected = true
      attempt.connack = true
      if (!this.ended) this.onConnect(connack?.sessionPresent === true)
    })
    client.on('message', (topic: string, payload: Uint8Array) => {
      if (!this.ended && this.ready) this.events.message(topic, payload)
    })
    client.on('close', () => {
      // Hung up on: the socket opened (the broker, or the balancer for it, took the connection) and no
      // CONNACK came. Without the platform socket there is no telling: counted as hung up.
      const hungUp = createWebsocket ? attempt.opened && !attempt.connack : true
      if (!this.ended) this.onClose(everConnected, hungUp)
    })
    client.on('error', (err: Error & { code?: number | string }) => {
      if (!this.ended) this.events.error(err)
    })
  }

  /** Drop the client: nothing it does later reaches the link; in-flight QoS 1 packets are never replayed. */
  end(): void {
    this.ended = true
    this.ready = false
    this.subscribing = false
    try {
      purgeOutgoing(this.client)
      this.client.end(true)
    } catch {
      // A client that throws while closing is dropped all the same: nothing of it is used again.
    }
  }

  private onConnect(sessionPresent: boolean): void {
    this.ready = false
    this.events.connack()
    const client = this.client
    const onSuback = (err: Error | null | undefined, granted?: MqttGranted[]) => {
      if (this.ended || !client.connected) return
      this.subscribing = false
      if (err || !subscribed(granted)) return this.events.failed(tv.linkSubscribeRefused, 'subscribeRefused')
      this.ready = true
      this.events.ready()
    }
    this.subscribing = true
    // the session kept the subscription the link made under this client id
    if (this.keepsSubscription(sessionPresent)) return onSuback(null, [{ topic: this.ownTopic(), qos: broker.qos }])
    try {
      client.subscribe(this.ownTopic(), { qos: broker.qos }, onSuback)
    } catch (e) {
      this.events.failed(tv.linkClientFault(errorText(e)), 'fault')
    }
  }

  private onClose(everConnected: boolean, hungUp: boolean): void {
    if (this.subscribing) {
      // The broker hung up while the subscribe was out. RabbitMQ 3.10 does so when the session's
      // queue lives on a node that died, or an old connection's clean-up removed it: the same client
      // id meets the same queue again. A fresh broker login brings a new client id.
      this.events.failed(tv.linkLost, 'subscribeLost')
      return
    }
    this.ready = false
    purgeOutgoing(this.client)
    this.events.closed(everConnected, hungUp)
  }
}
