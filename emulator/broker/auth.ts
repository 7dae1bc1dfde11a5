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

  aedes.authenticate = (client, username, password, done) => {
    const code = options.scenario.refuseConnections
    if (code >= 1 && code <= 5) return done(refusal(code, 'scenario: refused'), false)
    const user = username ?? ''
    const pass = password ? password.toString() : ''
    if (user.startsWith(TV_USERNAME_PREFIX)) {
      const mac = user.slice(TV_USERNAME_PREFIX.length).toUpperCase()
      const tv = directory.allTvs().find((t) => t.mac === mac)
      if (!tv || pass !== options.tvSecret) return done(refusal(4, 'bad TV credentials'), false)
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
    const p = principals.get(client)
    const allowed =
      p?.kind === 'phone' ? p.session.clientTopic.includes(sub.topic) : p?.kind === 'tv' ? sub.topic === p.tv.topic : false
    // null: SUBACK 0x80 for this topic, the connection stays up.
    done(null, allowed ? sub : null)
  }

  aedes.authorizePublish = (client, packet, done) => {
    if (!client) return done(null) // broker-internal: the virtual set-top boxes
    const p = principals.get(client)
    let allowed = false
    if (p?.kind === 'phone') {
      allowed = directory.tvTopicsOfUser(p.session.uid).includes(packet.topic)
    } else if (p?.kind === 'tv' && packet.topic.startsWith(PHONE_TOPIC_PREFIX)) {
      const phone = directory.sessionByClientId(packet.topic.slice(PHONE_TOPIC_PREFIX.length))
      allowed = !!phone && directory.tvTopicsOfUser(phone.uid).includes(p.tv.topic)
    }
    // MQTT 3.1.1 has no negative PUBACK: the broker closes the connection.
    done(allowed ? null : new Error(`publish to ${packet.topic} not authorized`))
  }
}
