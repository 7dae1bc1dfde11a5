/** @jest-environment node */
/**
 * Nobody gets in with credentials the gateway did not hand out: a CONNECT as the broker's default
 * guest/guest, or with no credentials at all, is refused with a CONNACK code, on the broker phones and
 * TVs reach. Runs on the local stack's aedes in `npm run test:faults`, and on RabbitMQ (one node, then
 * the cluster through HAProxy) in `bash .ci/rabbitmq.sh suite` / `cluster-suite`, which set MQTT_URL
 * and BROKER_AUTH_PORT. RabbitMQ's defaults let both in as guest, with full rights: had one got in, the
 * row says what it could do (subscribe to '#', publish to a TV's command topic).
 */
import { connect } from 'mqtt'
import WebSocket from 'ws'
import { startBroker, type RunningBroker } from '../emulator/broker'
import { MemoryDirectory } from '../emulator/broker/memoryDirectory'
import { agentTopic } from '../emulator/directory'
import { rawConnect, type ConnectOutcome } from '../__tests__/tv/helpers/rawConnect'
import { row } from './harness'

/** The broker under test: MQTT_URL's, or the local stack's aedes with one user and one bound TV. */
let url: string
let aedes: RunningBroker | null = null
const TV_MAC = 'A1B2C3D4E5F6'
beforeAll(async () => {
  if (process.env.MQTT_URL) {
    url = process.env.MQTT_URL
    return
  }
  const directory = new MemoryDirectory()
  directory.addTv(TV_MAC, '客厅电视')
  directory.bind('u-owner', TV_MAC)
  aedes = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
  url = aedes.urls.ws
})
afterAll(async () => {
  await aedes?.close()
})

const broker = () => (process.env.MQTT_URL ? (process.env.BROKER_LABEL ?? 'an external broker') : 'aedes')

/** What a client that got in with these credentials may do: subscribe to '#', publish to a TV. */
async function whatItCouldDo(creds: { username?: string; password?: string }): Promise<string> {
  const client = connect(url, {
    ...creds,
    clientId: `intruder-${Date.now()}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    forceNativeWebSocket: true,
    createWebsocket: (u: string, protocols: string[]) => new WebSocket(u, protocols),
  })
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve())
      client.once('error', reject)
    })
    const granted = await client.subscribeAsync('#', { qos: 1 }).then(
      (g) => (g.every((x) => x.qos !== 128) ? "subscribed to '#'" : "SUBACK refused '#'"),
      () => "SUBACK refused '#'",
    )
    const published = await client.publishAsync(agentTopic(TV_MAC, 'u-owner'), '{}', { qos: 1 }).then(
      () => 'published to the TV',
      () => 'publish refused',
    )
    return `${granted}, ${published}`
  } catch (e) {
    return `then ${e instanceof Error ? e.message : String(e)}`
  } finally {
    client.end(true)
  }
}

function told(o: ConnectOutcome): string {
  if ('refused' in o) return `CONNACK ${o.refused}`
  if ('accepted' in o) return 'CONNACK accepted'
  return 'hungUp' in o ? 'hung up without a CONNACK' : 'no answer'
}

for (const [name, creds] of [
  ['as guest/guest', { username: 'guest', password: 'guest' }],
  ['with no credentials', {}],
] as const) {
  row('broker credentials', `a CONNECT ${name} to the broker phones reach (${broker()})`, 'CONNACK refused (2, 4 or 5): nobody gets in as a default or anonymous user', async () => {
    const outcome = await rawConnect(url, creds)
    const refused = 'refused' in outcome && [2, 4, 5].includes(outcome.refused)
    const happened = 'accepted' in outcome ? `${told(outcome)}: ${await whatItCouldDo(creds)}` : told(outcome)
    return { happened, pass: refused }
  })
}
