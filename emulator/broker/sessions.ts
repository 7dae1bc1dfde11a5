import type { Aedes, Client } from 'aedes'

/**
 * What the local broker keeps for a persistent session (clean session off: the phones, one
 * session per jarvisLogin), bounded as the operator's policy bounds it on RabbitMQ
 * (docs/broker-at-scale.md, "Sessions"):
 * - nothing is queued for a client that is not connected (RabbitMQ keeps it 800 ms, SPEC 4's answer
 *   window: a reply or an announcement older than that is no longer news), so an absent session holds
 *   no messages (the app also ignores anything that arrives before its connection is ready);
 * - a session whose client stays away `ttlMs` is removed (RabbitMQ: mqtt.subscription_ttl), so the
 *   session each app start leaves behind does not stay for the life of the stack;
 * - a revoked broker session's persistent session goes at once (`forget`).
 * aedes 1.x (MQTT 3.1.1) has neither bound of its own: without these, each login would leave a session
 * and its queue in memory for as long as the stack runs.
 */
export const SESSION_TTL_MS = 5 * 60_000

export interface SessionBounds {
  /** Removes the persistent session of these client ids now (a revoked broker session). */
  forget(clientIds: readonly string[]): void
  /** Persistent sessions now waiting for their client (each with its expiry timer). */
  absent(): number
  close(): void
}

type Sub = { clientId: string }
type Persistence = {
  outgoingEnqueue(sub: Sub, packet: unknown): Promise<void>
  outgoingEnqueueCombi(subs: Sub[], packet: unknown): Promise<void>
  cleanSubscriptions(client: { id: string }): Promise<void>
}

export function boundSessions(aedes: Aedes, ttlMs = SESSION_TTL_MS): SessionBounds {
  const persistence = (aedes as unknown as { persistence: Persistence }).persistence
  const clients = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients
  const connected = (id: string) => Object.prototype.hasOwnProperty.call(clients, id)
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  /** Revoked while still connected: removed as soon as the connection is gone. */
  const forgotten = new Set<string>()

  // aedes queues a QoS 1 message for the subscribers that are not connected: with this, not at all.
  const enqueue = persistence.outgoingEnqueue.bind(persistence)
  const enqueueCombi = persistence.outgoingEnqueueCombi.bind(persistence)
  persistence.outgoingEnqueue = async (sub, packet) => {
    if (connected(sub.clientId)) await enqueue(sub, packet)
  }
  persistence.outgoingEnqueueCombi = async (subs, packet) => {
    const present = subs.filter((s) => connected(s.clientId))
    if (present.length) await enqueueCombi(present, packet)
  }

  const remove = async (id: string) => {
    timers.delete(id)
    if (!connected(id)) await persistence.cleanSubscriptions({ id })
  }
  const expire = (id: string) =>
    void remove(id).catch((e: unknown) => console.error(`broker: session ${id} not removed: ${String(e)}`))

  const onConnect = (client: Client) => {
    const timer = timers.get(client.id)
    if (timer) clearTimeout(timer)
    timers.delete(client.id)
  }
  const onDisconnect = (client: Client) => {
    if (typeof client.id !== 'string') return
    if (forgotten.delete(client.id)) return expire(client.id)
    if ((client as Client & { clean?: boolean }).clean !== false) return
    const old = timers.get(client.id)
    if (old) clearTimeout(old)
    const timer = setTimeout(() => expire(client.id), ttlMs)
    timer.unref?.()
    timers.set(client.id, timer)
  }
  aedes.on('client', onConnect)
  aedes.on('clientDisconnect', onDisconnect)

  return {
    forget(ids) {
      for (const id of ids) {
        const timer = timers.get(id)
        if (timer) clearTimeout(timer)
        if (connected(id)) forgotten.add(id)
        else expire(id)
      }
    },
    absent: () => timers.size,
    close() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      forgotten.clear()
      aedes.removeListener('client', onConnect)
      aedes.removeListener('clientDisconnect', onDisconnect)
    },
  }
}
