/**
 * `npx tsx bench/scale/subscribeProbe.ts [--clients N] [--qos 0|1] [--url ws://...] [--user U --password P] [--rounds R]`
 *
 * What one MQTT connect + subscribe costs the broker, apart from the app and the auth backend (to
 * find where the 2000-pair storm's time goes). N fresh clients (unique client ids, signed in as
 * --user; on RabbitMQ 3.10 `guest` skips the HTTP auth call, on 4.0 there is no guest and every login
 * goes to the auth backend: docs/broker-at-scale.md, section 0) connect all at once, each subscribes one topic of its own
 * at the QoS given, and the CONNACK and SUBACK latencies are printed; then all disconnect at once, and
 * the round repeats with the same client ids (a reconnect: RabbitMQ 3.10 deletes the clean session's
 * queue and its binding, and declares and binds them again). `--clean false`: persistent sessions; a
 * client whose CONNACK says the session is present does not subscribe again (its queue and binding
 * survived), which is what a reconnect costs without the queue work. Every wait is bounded (60 s per step);
 * every client is closed at the end. 127.0.0.1 only.
 */
import { parseArgs } from 'node:util'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { quantiles } from './stats'

const { values: opt } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    qos: { type: 'string', default: '1' },
    url: { type: 'string', default: '' },
    user: { type: 'string', default: '' },
    password: { type: 'string', default: '' },
    rounds: { type: 'string', default: '2' },
    clean: { type: 'string', default: 'true' },
  },
})
const N = Math.min(5_000, Number(opt.clients))
const qos = opt.qos === '0' ? 0 : 1
const rounds = Math.min(10, Number(opt.rounds))
const clean = opt.clean !== 'false'
const url = opt.url || process.env.MQTT_URL || ''
if (!url.startsWith('ws://127.0.0.1') || !(N > 0)) {
  console.error('usage: subscribeProbe.ts --url ws://127.0.0.1:PORT/ws [--clients N] [--qos 0|1]')
  process.exit(2)
}
if (!opt.user) {
  console.error('subscribeProbe.ts: --user and --password are needed (RabbitMQ 3.10: guest / guest; 4.0 has no guest: a user the HTTP auth backend accepts, with the bench stack answering it)')
  process.exit(2)
}
const STEP_MS = 60_000
const tag = Math.random().toString(36).slice(2, 8)

function one(i: number): Promise<{ client: MqttClient; connack: number | null; suback: number | null; present: boolean }> {
  const t0 = Date.now()
  const client = connect(url, {
    clientId: `probe-${tag}-${i}`,
    username: opt.user,
    password: opt.password,
    protocolVersion: 4,
    clean,
    reconnectPeriod: 0,
    connectTimeout: STEP_MS,
    forceNativeWebSocket: true,
    createWebsocket: (u: string, protocols: string[]) => new WebSocket(u, protocols),
  })
  client.on('error', () => undefined)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ client, connack: null, suback: null, present: false }), STEP_MS)
    client.once('connect', (connack: { sessionPresent?: boolean }) => {
      const at = Date.now() - t0
      if (!clean && connack.sessionPresent) {
        clearTimeout(timer)
        resolve({ client, connack: at, suback: at, present: true })
        return
      }
      client.subscribe(`probe/${tag}/${i}`, { qos }, (err) => {
        clearTimeout(timer)
        resolve({ client, connack: at, suback: err ? null : Date.now() - t0, present: false })
      })
    })
  })
}

/** Connects once with clean session under a probe id: RabbitMQ deletes that id's persistent queue. */
async function cleanUp(i: number): Promise<void> {
  const c = connect(url, {
    clientId: `probe-${tag}-${i}`,
    username: opt.user,
    password: opt.password,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: STEP_MS,
    forceNativeWebSocket: true,
    createWebsocket: (u: string, protocols: string[]) => new WebSocket(u, protocols),
  })
  c.on('error', () => undefined)
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, STEP_MS)
    c.once('connect', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  await c.endAsync(true).catch(() => undefined)
}

async function main(): Promise<void> {
  for (let r = 1; r <= rounds; r++) {
    const t0 = Date.now()
    const results = await Promise.all(Array.from({ length: N }, (_, i) => one(i)))
    const wall = Date.now() - t0
    const c = quantiles(results.flatMap((x) => (x.connack === null ? [] : [x.connack])))
    const s = quantiles(results.flatMap((x) => (x.suback === null ? [] : [x.suback])))
    const failed = results.filter((x) => x.suback === null).length
    const present = results.filter((x) => x.present).length
    console.log(`round ${r}: ${N} clients at once, QoS ${qos}, clean ${clean}${present ? ` (${present} sessions present: no subscribe)` : ''}: CONNACK p50 ${c.p50} ms p99 ${c.p99} ms; SUBACK p50 ${s.p50} ms p99 ${s.p99} ms max ${s.max} ms; ${failed} without SUBACK; all done in ${wall} ms = ${((N - failed) / (wall / 1000)).toFixed(0)} connect+subscribe/s`)
    const d0 = Date.now()
    // a persistent session's last round removes its queue: a clean connect under the same id
    if (!clean && r === rounds) {
      await Promise.all(results.map((x) => x.client.endAsync(true).catch(() => undefined)))
      await Promise.all(Array.from({ length: N }, (_, i) => cleanUp(i)))
    }
    await Promise.all(results.map((x) => x.client.endAsync(true).catch(() => undefined)))
    console.log(`  disconnected in ${Date.now() - d0} ms`)
    // let the broker delete the clean sessions' queues before the next round
    await new Promise((res) => setTimeout(res, 3_000))
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(String(e))
    process.exit(1)
  },
)
