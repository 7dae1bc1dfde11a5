import type { Aedes } from 'aedes'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { tvSecretFor, TV_USERNAME_PREFIX } from '../broker/policy'
import { tvTopic } from '../directory'

/** How the set-top boxes reach the broker: in-process (aedes) or as an MQTT client (RabbitMQ). */
export interface SettopTransport {
  /** Subscribe to a topic filter; messages arrive with their topic. */
  subscribe(filter: string, onMessage: (topic: string, payload: Uint8Array) => void): Promise<void>
  /** `fromMac`: the TV that publishes (a transport with one connection per TV sends it on that TV's). */
  publish(topic: string, payload: string, fromMac?: string): void
  /**
   * A transport with one connection per TV opens this TV's (signed in as the TV) and resolves once it
   * is subscribed to the TV's own topics; the others have nothing to do.
   */
  attach?(mac: string): Promise<void>
  close(): Promise<void>
  /** The client ids connected to the broker now (in-process only; unknown over MQTT). */
  clientIds?(): string[]
  /** Told each time the boxes' own connection comes back; returns an unsubscribe function. */
  onReconnect?(listener: () => void): () => void
}

/** Inside the embedded broker: aedes's own subscribe/publish, no credentials, no ACL. */
export function aedesTransport(aedes: Aedes): SettopTransport {
  const subs: Array<[string, Parameters<Aedes['subscribe']>[1]]> = []
  return {
    subscribe(filter, onMessage) {
      const deliver: Parameters<Aedes['subscribe']>[1] = (packet, done) => {
        onMessage(packet.topic, packet.payload as Uint8Array)
        done()
      }
      subs.push([filter, deliver])
      return new Promise((resolve) => aedes.subscribe(filter, deliver, () => resolve()))
    },
    publish(topic, payload) {
      if (aedes.closed) return
      aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, () => {})
    },
    clientIds() {
      // aedes keeps its connected clients by id (not in its typings)
      const clients = (aedes as unknown as { clients?: Record<string, unknown> }).clients
      return aedes.closed || !clients ? [] : Object.keys(clients)
    },
    async close() {
      for (const [filter, deliver] of subs.splice(0)) {
        if (!aedes.closed) await new Promise<void>((resolve) => aedes.unsubscribe(filter, deliver, () => resolve()))
      }
    },
  }
}

/**
 * As an MQTT client over WebSocket (e.g. RabbitMQ Web-MQTT, with a TV's credentials). forceNativeWebSocket with a
 * `ws` socket, like the app's link: mqtt.js caches its transport table per JS context on the first
 * connect, so every client in a process must ask for the same one.
 */
export async function mqttTransport(opts: {
  url: string
  username: string
  password: string
  clientId: string
}): Promise<SettopTransport> {
  const client = await mqttConnectOnce(opts)
  const handlers: Array<[string, (topic: string, payload: Uint8Array) => void]> = []
  client.on('message', (topic, payload) => {
    for (const [filter, fn] of handlers) if (matches(filter, topic)) fn(topic, payload)
  })
  // mqtt.js reconnects by itself (and subscribes again): every 'connect' after the first is a return
  const reconnectListeners = new Set<() => void>()
  client.on('connect', () => {
    for (const fn of reconnectListeners) fn()
  })
  return {
    onReconnect(listener) {
      reconnectListeners.add(listener)
      return () => reconnectListeners.delete(listener)
    },
    async subscribe(filter, onMessage) {
      handlers.push([filter, onMessage])
      await client.subscribeAsync(filter, { qos: 1 })
    },
    publish(topic, payload) {
      if (client.connected) client.publish(topic, payload, { qos: 1 })
    },
    async close() {
      await client.endAsync(true)
    },
  }
}

/**
 * One MQTT connection per TV, each signed in as a real box is (`tv:{MAC12}` with that TV's own secret,
 * emulator/broker/policy.ts), subscribed to its own topics only: for a broker that enforces the broker
 * policy and knows no other user (RabbitMQ with the HTTP auth backend and no guest). A connection is
 * opened by `attach` (startSetTops attaches every TV it plays); a publish goes out on its TV's connection.
 */
export function perTvMqttTransport(opts: { url: string; tvSecret: string }): SettopTransport {
  const clients = new Map<string, Promise<MqttClient>>()
  const handlers: Array<[string, (topic: string, payload: Uint8Array) => void]> = []
  const reconnectListeners = new Set<() => void>()
  const ready = new Map<string, MqttClient>()
  const open = async (mac: string): Promise<MqttClient> => {
    const client = await mqttConnectOnce({
      url: opts.url,
      username: `${TV_USERNAME_PREFIX}${mac}`,
      password: tvSecretFor(opts.tvSecret, mac),
      clientId: `settop-${mac}-${Math.random().toString(16).slice(2, 8)}`,
    })
    client.on('message', (topic, payload) => {
      for (const [filter, fn] of handlers) if (matches(filter, topic)) fn(topic, payload)
    })
    client.on('connect', () => {
      for (const fn of reconnectListeners) fn()
    })
    const own = tvTopic(mac)
    await client.subscribeAsync([own, `${own}/#`], { qos: 1 })
    ready.set(mac, client)
    return client
  }
  return {
    attach(mac) {
      const key = mac.toUpperCase()
      let client = clients.get(key)
      if (!client) {
        client = open(key)
        clients.set(key, client)
        client.catch(() => clients.delete(key))
      }
      return client.then(() => undefined)
    },
    onReconnect(listener) {
      reconnectListeners.add(listener)
      return () => reconnectListeners.delete(listener)
    },
    async subscribe(filter, onMessage) {
      handlers.push([filter, onMessage])
    },
    publish(topic, payload, fromMac) {
      const client = fromMac ? ready.get(fromMac.toUpperCase()) : undefined
      if (client?.connected) client.publish(topic, payload, { qos: 1 })
    },
    async close() {
      const all = await Promise.allSettled(clients.values())
      clients.clear()
      ready.clear()
      await Promise.all(all.map((r) => (r.status === 'fulfilled' ? r.value.endAsync(true) : undefined)))
    },
  }
}

/** A connected client (rejects on the first error, e.g. a refused CONNACK). */
async function mqttConnectOnce(opts: { url: string; username: string; password: string; clientId: string }): Promise<MqttClient> {
  const client: MqttClient = connect(opts.url, {
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 1000,
    forceNativeWebSocket: true,
    createWebsocket: (url: string, protocols: string[]) => new WebSocket(url, protocols),
  })
  // A broker that hangs up without a CONNACK (RabbitMQ 3.10 refusing a login) would be retried forever.
  await new Promise<void>((resolve, reject) => {
    const fail = (e: Error) => {
      clearTimeout(timer)
      client.end(true)
      reject(e)
    }
    const timer = setTimeout(() => fail(new Error(`${opts.username}: no CONNACK within ${CONNECT_WITHIN_MS} ms`)), CONNECT_WITHIN_MS)
    client.once('connect', () => {
      clearTimeout(timer)
      resolve()
    })
    client.once('error', fail)
  })
  return client
}

const CONNECT_WITHIN_MS = 15_000

/** MQTT topic filter match (+ and #). */
export function matches(filter: string, topic: string): boolean {
  const f = filter.split('/')
  const t = topic.split('/')
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true
    if (i >= t.length) return false
    if (f[i] !== '+' && f[i] !== t[i]) return false
  }
  return f.length === t.length
}
