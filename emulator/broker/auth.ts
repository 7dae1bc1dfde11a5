import type { Aedes, AuthenticateError, Client } from 'aedes'
import type { BrokerDirectory } from '../directory'
import { createBrokerPolicy, type Principal } from './policy'

export { DEFAULT_TV_SECRET, TV_USERNAME_PREFIX, tvSecretFor } from './policy'

/** Scenario switches tests turn on (aedes style: behaviour injected, not forked). */
export interface BrokerScenario {
  /** Refuse every CONNECT with this CONNACK code (1-5), e.g. 3 "server unavailable"; 0: off. */
  refuseConnections: number
}

function refusal(code: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError
}

export function installAuth(
  aedes: Aedes,
  directory: BrokerDirectory,
  options: { tvSecret: string; scenario: BrokerScenario },
): void {
  const principals = new WeakMap<Client, Principal>()
  const policy = createBrokerPolicy(directory, options.tvSecret)

  // Refusal 1 (unacceptable protocol version) comes from aedes's own version check, which runs after
  // this hook; authenticate may only refuse with 2-5. The scenario makes this CONNECT's version one
  // the broker does not speak.
  aedes.preConnect = (_client, packet, done) => {
    if (options.scenario.refuseConnections === 1) (packet as { protocolVersion: number }).protocolVersion = 2
    done(null, true)
  }

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
    const login = policy.login(client.id, username ?? '', password ? password.toString() : '')
    if (!login.ok) return done(refusal(login.code, login.message), false)
    principals.set(client, login.principal)
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
    const allowed = !!p && policy.maySubscribe(p, sub.topic)
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
    const allowed = !!p && policy.mayPublish(p, packet.topic, !!packet.retain)
    // MQTT 3.1.1 has no negative PUBACK: the broker closes the connection.
    done(allowed ? null : new Error(`publish to ${packet.topic} not authorized`))
  }
}
