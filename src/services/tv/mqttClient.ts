import { broker } from '../../config'
import type { Command } from '../../protocol/tv/commands'
import { buildEnvelope } from '../../protocol/tv/envelope'
import type { Envelope } from '../../protocol/tv/messages'
import type { CreateWebsocket, WebSocketLike } from './socketPort'
import type { JarvisCredentials, MqttClientLike, MqttConnectOptions, MqttGranted, TvDevice, TvUser } from './types'

/** The link's small dealings with an mqtt.js client and its socket, kept apart from its rules. */

/** SPEC 9's connect options for one client (mqtt.js retries a lost connection after `reconnectPeriod`). */
export function clientOptions(
  creds: JarvisCredentials,
  reconnectPeriod: number,
  session: 'persistent' | 'clean',
  createWebsocket: CreateWebsocket | undefined,
): MqttConnectOptions {
  return {
    clientId: creds.cid,
    username: creds.appKey,
    password: creds.sign,
    protocolVersion: broker.protocolVersion,
    connectTimeout: broker.connectTimeoutMs,
    reconnectPeriod,
    clean: session === 'clean',
    // We subscribe ourselves on every connect and wait for the SUBACK before sending anything.
    resubscribe: false,
    reconnectOnConnackError: false,
    keepalive: 60,
    timerVariant: 'native',
    // mqtt.js caches its protocol table on the first connect of a JS context: set it every time.
    ...(createWebsocket ? { forceNativeWebSocket: true, createWebsocket } : {}),
  }
}

/**
 * Per connection attempt (mqtt.js builds a new socket for each): did the socket open, did a CONNACK
 * come. The platform socket factory is wrapped to see the opening; the caller sets `connack`.
 */
export function trackAttempts(create: CreateWebsocket | undefined): {
  attempt: { opened: boolean; connack: boolean }
  createWebsocket: CreateWebsocket | undefined
} {
  const attempt = { opened: false, connack: false }
  const createWebsocket: CreateWebsocket | undefined =
    create &&
    ((url, protocols) => {
      attempt.opened = false
      attempt.connack = false
      return onOpened(create(url, protocols), () => (attempt.opened = true))
    })
  return { attempt, createWebsocket }
}

/** SPEC 3's envelope for one command from this phone to its TV. */
export function commandEnvelope(
  cmd: Command,
  sequenceId: number,
  to: { creds: JarvisCredentials; ownTopic: string; tvTopic: string; device: TvDevice; user: TvUser },
): Envelope<unknown> {
  const { device, user } = to
  return buildEnvelope({
    sequenceId,
    jarvisId: to.creds.cid,
    bananaId: device.mac,
    type: cmd.type,
    content: cmd.content(String(sequenceId)),
    from: { nickname: user.nickName, topic: to.ownTopic, uid: user.uid },
    to: [{ jid: device.mac, mac: device.mac, nickname: device.deviceName, topic: to.tvTopic, uid: device.uid }],
  })
}

/** The SUBACK granted the own topic at QoS 0 or 1 (128 is a refusal). */
export function subscribed(granted: MqttGranted[] | undefined): boolean {
  return Array.isArray(granted) && granted.length > 0 && granted.every((g) => g.qos === 0 || g.qos === 1)
}

/** Drop in-flight QoS 1 packets of a closed connection: mqtt.js would replay them after reconnect. */
export function purgeOutgoing(client: MqttClientLike): void {
  if (!client.outgoing || !client.removeOutgoingMessage) return
  for (const id of Object.keys(client.outgoing)) client.removeOutgoingMessage(Number(id))
}

/** A promise's value, or null when it rejects (a gateway call that failed, SPEC 8). */
export async function settle<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p
  } catch {
    return null
  }
}

/**
 * Calls `seen` when the socket opens, whoever sets its `onopen` (mqtt.js assigns its handler after
 * createWebsocket returns, or adds a listener where the socket takes them). The socket is returned as
 * it is, with `onopen` wrapped.
 */
export function onOpened(ws: WebSocketLike, seen: () => void): WebSocketLike {
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
