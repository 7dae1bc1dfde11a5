import type { Aedes } from 'aedes'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'

/** How the set-top boxes reach the broker: in-process (aedes) or as an MQTT client (RabbitMQ). */
export interface SettopTransport {
  /** Subscribe to a topic filter; messages arrive with their topic. */
  subscribe(filter: string, onMessage: (topic: string, payload: Uint8Array) => void): Promise<void>
  publish(topic: string, payload: string): void
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
 * As an MQTT client over WebSocket (e.g. RabbitMQ Web-MQTT, guest/guest). forceNativeWebSocket with a
 * `ws` socket, like the app's link: mqtt.js caches its transport table per JS context on the first
 * connect, so every client in a process must ask for the same one.
 */
export async function mqttTransport(opts: {
  url: string
  username: string
  password: string
  clientId: string
}): Promise<SettopTransport> {
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
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
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
