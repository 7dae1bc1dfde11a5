import { createHmac, timingSafeEqual } from 'node:crypto'
import { commandTopicOf, PHONE_TOPIC_PREFIX, tvTopic, type BrokerDirectory, type JarvisSession, type VirtualTv } from '../directory'

/**
 * Who may connect to the broker and where they may subscribe and publish, from the BrokerDirectory
 * (the gateway emulator's sessions and bindings). One policy, two enforcers: the embedded aedes
 * broker's hooks (auth.ts) and RabbitMQ's HTTP auth backend (httpAuth.ts).
 *   phone: client id = cid, username = appKey, password = sign (what jarvisLogin handed out);
 *          subscribes only to its own topic (clientTopic), publishes only to its own user's way into
 *          TVs bound to that user (`tvc/tv/{MAC}/u/{uid}`: the box reads the sender from it).
 *   TV:    username = `tv:{MAC12}`, password = that TV's own secret (external TV clients, SETTOP=off);
 *          subscribes only to its own TV topic and what lies below it (`tvc/tv/{MAC}/#`), publishes
 *          only to phones whose user has it bound.
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

export type Principal = { kind: 'phone'; session: JarvisSession } | { kind: 'tv'; tv: VirtualTv }

/** A CONNECT's outcome: the principal, or the MQTT 3.1.1 refusal code (2 bad client id, 4 bad credentials). */
export type LoginResult = { ok: true; principal: Principal } | { ok: false; code: 2 | 4; message: string }

export interface BrokerPolicy {
  login(clientId: string, username: string, password: string): LoginResult
  /**
   * The principal of a client that already logged in, from its client id and username alone (RabbitMQ
   * asks vhost, resource and topic questions without the password, only after a successful login).
   */
  principalOf(clientId: string, username: string): Principal | null
  maySubscribe(p: Principal, topic: string): boolean
  /** `retain`: a retained message from a phone would replay on every reconnect of the TV. */
  mayPublish(p: Principal, topic: string, retain: boolean): boolean
}

export function createBrokerPolicy(directory: BrokerDirectory, tvSecret: string): BrokerPolicy {
  const tvOf = (username: string) => {
    const mac = username.slice(TV_USERNAME_PREFIX.length).toUpperCase()
    return directory.allTvs().find((t) => t.mac === mac) ?? null
  }
  const policy: BrokerPolicy = {
    login(clientId, username, password) {
      if (username.startsWith(TV_USERNAME_PREFIX)) {
        const tv = tvOf(username)
        if (!tv || !sameText(password, tvSecretFor(tvSecret, tv.mac))) return { ok: false, code: 4, message: 'bad TV credentials' }
        return { ok: true, principal: { kind: 'tv', tv } }
      }
      const session = directory.sessionByClientId(clientId)
      if (!session) return { ok: false, code: 2, message: 'unknown client id' }
      if (!sameText(session.appKey, username) || !sameText(session.sign, password)) return { ok: false, code: 4, message: 'bad username or password' }
      return { ok: true, principal: { kind: 'phone', session } }
    },
    principalOf(clientId, username) {
      if (username.startsWith(TV_USERNAME_PREFIX)) {
        const tv = tvOf(username)
        return tv ? { kind: 'tv', tv } : null
      }
      const session = directory.sessionByClientId(clientId)
      return session && sameText(session.appKey, username) ? { kind: 'phone', session } : null
    },
    maySubscribe(p, topic) {
      return p.kind === 'phone' ? p.session.clientTopic.includes(topic) : topic === p.tv.topic || topic === `${p.tv.topic}/#`
    },
    mayPublish(p, topic, retain) {
      if (p.kind === 'phone') {
        // only to the phone's own user's way into a TV of that user (never the bare TV topic)
        const to = commandTopicOf(topic)
        return !retain && !!to && to.uid === p.session.uid && directory.tvTopicsOfUser(p.session.uid).includes(tvTopic(to.mac))
      }
      if (!topic.startsWith(PHONE_TOPIC_PREFIX)) return false
      const phone = directory.sessionByClientId(topic.slice(PHONE_TOPIC_PREFIX.length))
      return !!phone && directory.tvTopicsOfUser(phone.uid).includes(p.tv.topic)
    },
  }
  return policy
}
