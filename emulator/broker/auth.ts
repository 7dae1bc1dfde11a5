import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Aedes, AuthenticateError, Client } from 'aedes'
import { PHONE_TOPIC_PREFIX, type BrokerDirectory, type JarvisSession, type VirtualTv } from '../directory'

/**
 * The broker's policy, from the BrokerDirectory (the gateway emulator's sessions and bindings):
 *   phone: client id = cid, username = appKey, password = sign (what jarvisLogin handed out);
 *          subscribes only to its own topic (clientTopic), publishes only to TVs bound to its user.
 *   TV:    username = `tv:{MAC12}`, password = the broker's TV secret (external TV clients, SETTOP=off);
 *          subscribes only to its own TV topic, publishes only to phones whose user has it bound.
 * The in-process virtual set-top boxes use the broker's own publish/subscribe and need no credentials.
 */
export const TV_USERNAME_PREFIX = 'tv:'
export const DEFAULT_TV_SECRET = 'tvc-local-tv-secret'

/**
 * Each TV's own broker password: HMAC-SHA256(master secret, MAC12), hex. The master secret (TV_SECRET)
 * never works as a password itself, so one leaked TV password opens one TV only.
 */
export function tvSecretFor(master: string, mac: string): string {
  return createHmac('sha256', master).update(mac.toUpperCase()).digest('hex')
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Scenario switches tests turn on (aedes style: behaviour injected, not forked). */
export interface BrokerScenario {
  /** Refuse every CONNECT with this CONNACK code (1-5), e.g. 3 "server unavailable"; 0: off. */
  refuseConnections: number
}

type Principal = { kind: 'phone'; session: JarvisSession } | { kind: 'tv'; tv: VirtualTv }

function refusal(code: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError
}

export function installAuth(
  aedes: Aedes,
  directory: BrokerDirectory,
  options: { tvSecret: string; scenario: BrokerScenario },
): void {
  const principals = new WeakMap<Client, Principal>()

  // Every hook runs inside `guard`: aedes does not catch a throw from a hook, and one uncaught throw
  // would end the whole process (gateway, broker and boxes). A failing hook is a refusal instead.
  aedes.authenticate = (client, username, password, done) => {
    let answered = false
    const once: typeof done = (err, ok) => {
      if (answered) return
      answered = true
      done(err, ok)
    }
    try {
      authenticate(client, username, password, once)
    } catch (e) {
      console.error(`broker: authenticate failed: ${String(e)}`)
      once(refusal(3, 'server unavailable'), false)
    }
  }
  const authenticate: Aedes['authenticate'] = (client, username, password, done) => {
    const code = options.scenario.refuseConnections
    if (code >= 1 && code <= 5) return done(refusal(code, 'scenario: refused'), false)
    const user = username ?? ''
    const pass = password ? password.toString() : ''
    if (user.startsWith(TV_USERNAME_PREFIX)) {
      const mac = user.slice(TV_USERNAME_PREFIX.length).toUpperCase()
      const tv = directory.allTvs().find((t) => t.mac === mac)
      if (!tv || !sameText(pass, tvSecretFor(options.tvSecret, tv.mac))) return done(refusal(4, 'bad TV credentials'), false)
      principals.set(client, { kind: 'tv', tv })
      return done(null, true)
    }
    const session = directory.sessionByClientId(client.id)
    if (!session) return done(refusal(2, 'unknown client id'), false)
    if (session.appKey !== user || session.sign !== pass) return done(refusal(4, 'bad username or password'), false)
    principals.set(client, { kind: 'phone', session })
    done(null, true)
  }

  aedes.authorizeSubscribe = (client, sub, done) => {
    let answered = false
    const once: typeof done = (err, ok) => {
      if (answered) return
      answered = true
      done(err, ok)
    }
    try {
      authorizeSubscribe(client, sub, once)
    } catch (e) {
      console.error(`broker: authorizeSubscribe failed: ${String(e)}`)
      once(null, null)
    }
  }
  const authorizeSubscribe: Aedes['authorizeSubscribe'] = (client, sub, done) => {
    const p = principals.get(client)
    const allowed =
      p?.kind === 'phone' ? p.session.clientTopic.includes(sub.topic) : p?.kind === 'tv' ? sub.topic === p.tv.topic : false
    // null: SUBACK 0x80 for this topic, the connection stays up.
    done(null, allowed ? sub : null)
  }

  aedes.authorizePublish = (client, packet, done) => {
    let answered = false
    const once: typeof done = (err) => {
      if (answered) return
      answered = true
      done(err)
    }
    try {
      authorizePublish(client, packet, once)
    } catch (e) {
      console.error(`broker: authorizePublish failed: ${String(e)}`)
      once(new Error('publish refused: server error'))
    }
  }
  const authorizePublish: Aedes['authorizePublish'] = (client, packet, done) => {
    if (!client) return done(null) // broker-internal: the virtual set-top boxes
    const p = principals.get(client)
    let allowed = false
    if (p?.kind === 'phone') {
      // A retained message from a phone would replay on every reconnect of the TV: refused.
      allowed = !packet.retain && directory.tvTopicsOfUser(p.session.uid).includes(packet.topic)
    } else if (p?.kind === 'tv' && packet.topic.startsWith(PHONE_TOPIC_PREFIX)) {
      const phone = directory.sessionByClientId(packet.topic.slice(PHONE_TOPIC_PREFIX.length))
      allowed = !!phone && directory.tvTopicsOfUser(phone.uid).includes(p.tv.topic)
    }
    // MQTT 3.1.1 has no negative PUBACK: the broker closes the connection.
    done(allowed ? null : new Error(`publish to ${packet.topic} not authorized`))
  }
}
