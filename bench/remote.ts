/**
 * Remote-control round trip, printed not asserted:  npx tsx bench/remote.ts [commands]
 *
 * "app": TvStore.sendKey -> the app's link (mqtt.js through the Taro socket adapter over a ws-backed
 * SocketTask) -> broker -> virtual set-top box -> reply -> the new tvMode in the MobX store.
 * "bare": a bare mqtt.js client (ws, no adapter, no store) doing the same publish -> reply round trip.
 * Brokers: the embedded aedes broker, and RabbitMQ Web-MQTT when MQTT_URL is set or .ci/rabbitmq.sh
 * has one running (.rabbitmq/url).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { reaction } from 'mobx'
import { connect } from 'mqtt'
import WebSocket from 'ws'
import http from 'node:http'
import { brokerAuthHandler, createBrokerPolicy, DEFAULT_TV_SECRET, startBroker, type RunningBroker } from '../emulator/broker'
import { MemoryDirectory } from '../emulator/broker/memoryDirectory'
import { agentTopic } from '../emulator/directory'
import { aedesTransport, perTvMqttTransport, startSetTops, type SettopTransport } from '../emulator/settop'
import { createWebsocketFactory } from '../src/platform/socket/taroWebSocket'
import { remoteKey } from '../src/protocol/tv/commands'
import { buildEnvelope } from '../src/protocol/tv/envelope'
import { loadMqttNow } from '../src/platform/mqtt/node'
import type { JarvisCredentials, TvLinkApi } from '../src/services/tv/types'
import { TvStore } from '../src/stores/app/tvStore'
import { wsConnectSocket } from '../__tests__/tv/helpers/wsSocketTask'
import { browserTvCode } from '../src/platform/tvCode/browser'

const N = Math.max(1000, Number(process.argv[2] ?? 1000))
const WARMUP = 100
const BLOCK = 100

interface Target {
  name: string
  url: string
  transport: SettopTransport
  login(uid: string, phone: string): JarvisCredentials
  close(): Promise<void>
}

function rabbitUrl(): string | undefined {
  if (process.env.MQTT_URL) return process.env.MQTT_URL
  const file = path.join(__dirname, '..', '.rabbitmq', 'url')
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined
}

async function aedesTarget(directory: MemoryDirectory): Promise<Target> {
  const broker: RunningBroker = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
  return {
    name: 'aedes',
    url: broker.urls.ws,
    transport: aedesTransport(broker.aedes),
    login: (uid, phone) => directory.login(uid, phone),
    close: () => broker.close(),
  }
}

/**
 * RabbitMQ knows no user of its own (no guest, .ci/rabbitmq.sh): its HTTP auth backend asks this
 * process's broker policy on the port the node was started with (.rabbitmq/auth_port, or
 * BROKER_AUTH_PORT), the phones sign in with their jarvisLogin credentials and the box as its TV.
 */
async function rabbitTarget(url: string, directory: MemoryDirectory): Promise<Target> {
  const portFile = path.join(__dirname, '..', '.rabbitmq', 'auth_port')
  const authPort = Number(process.env.BROKER_AUTH_PORT) || (fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : 0)
  if (!authPort) throw new Error('no auth port (BROKER_AUTH_PORT or .rabbitmq/auth_port)')
  const handler = brokerAuthHandler(createBrokerPolicy(directory, DEFAULT_TV_SECRET))
  const server = http.createServer((req, res) => {
    if (!handler(req, res)) res.writeHead(404).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(authPort, '127.0.0.1', () => resolve())
  })
  return {
    name: 'rabbitmq',
    url,
    transport: perTvMqttTransport({ url, tvSecret: DEFAULT_TV_SECRET }),
    login: (uid, phone) => directory.login(uid, phone),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]
  return { n: s.length, p50: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length }
}

async function bench(target: Target, directory: MemoryDirectory, mac: string, uid: string): Promise<void> {
  const settops = await startSetTops({ directory, transport: target.transport })
  const tv = directory.allTvs().find((t) => t.mac === mac)
  if (!tv) throw new Error('no TV')
  const user = { uid, phone: '13800000000', nickName: 'bench' }
  const device = { uid, mac, deviceName: tv.name, abilityString: '' }

  // The app's path.
  const api: TvLinkApi = {
    jarvisLogin: async () => target.login(uid, user.phone),
    // the user's own way into the TV
    queryAgentTopic: async () => agentTopic(mac, uid),
  }
  const store = new TvStore({ ...browserTvCode(), api, loadMqtt: loadMqttNow, url: target.url, createWebsocket: createWebsocketFactory(wsConnectSocket()) })
  store.setDevice(device, user)
  const start = Date.now()
  while (store.linkState !== 'online') {
    if (Date.now() - start > 10_000) throw new Error(`${target.name}: app link not online (${store.lastError})`)
    await new Promise((r) => setTimeout(r, 5))
  }
  let onMode: (() => void) | null = null
  const dispose = reaction(
    () => store.tvMode,
    () => {
      const f = onMode
      onMode = null
      f?.()
    },
  )
  const appRound = async (i: number): Promise<number> => {
    const t0 = performance.now()
    const replied = new Promise<void>((resolve) => (onMode = resolve))
    const r = store.sendKey(i % 2 ? 'volumeUp' : 'volumeDown')
    if (!r.ok) throw new Error(`${target.name}: app send refused: ${r.message}`)
    await replied
    return performance.now() - t0
  }

  // A bare mqtt.js client, same round trip.
  const creds = target.login(uid, user.phone)
  const bare = connect(target.url, {
    clientId: creds.cid,
    username: creds.appKey,
    password: creds.sign,
    protocolVersion: 4,
    clean: true,
    forceNativeWebSocket: true,
    createWebsocket: (url: string, protocols: string[]) => new WebSocket(url, protocols),
  })
  await new Promise<void>((resolve, reject) => {
    bare.once('connect', () => resolve())
    bare.once('error', reject)
  })
  await bare.subscribeAsync(creds.clientTopic[0], { qos: 1 })
  const waiting = new Map<number, () => void>()
  bare.on('message', (_t, payload) => {
    const id = Number(JSON.parse(payload.toString()).sequenceId)
    waiting.get(id)?.()
    waiting.delete(id)
  })
  let seq = Date.now() * 10
  const bareRound = async (i: number): Promise<number> => {
    const sequenceId = ++seq
    const cmd = remoteKey(i % 2 ? 'volumeUp' : 'volumeDown')
    const env = buildEnvelope({
      sequenceId,
      jarvisId: creds.cid,
      bananaId: mac,
      type: cmd.type,
      content: cmd.content(String(sequenceId)),
      from: { nickname: 'bench', topic: creds.clientTopic[0], uid },
      to: [{ jid: mac, mac, nickname: tv.name, topic: agentTopic(mac, uid), uid }],
    })
    const t0 = performance.now()
    const replied = new Promise<void>((resolve) => waiting.set(sequenceId, resolve))
    bare.publish(agentTopic(mac, uid), JSON.stringify(env), { qos: 1 })
    await replied
    return performance.now() - t0
  }

  for (let i = 0; i < WARMUP; i++) {
    await appRound(i)
    await bareRound(i)
  }
  const app: number[] = []
  const plain: number[] = []
  // Alternate blocks so machine noise lands on both sides alike.
  for (let done = 0; done < N; done += BLOCK) {
    for (let i = 0; i < BLOCK; i++) app.push(await appRound(i))
    for (let i = 0; i < BLOCK; i++) plain.push(await bareRound(i))
  }

  dispose()
  store.dispose()
  await bare.endAsync(true)
  await settops.close()

  const a = stats(app)
  const b = stats(plain)
  const f = (x: number) => x.toFixed(3).padStart(8)
  console.log(`${target.name.padEnd(9)} app  (TvStore)   n=${a.n}  p50 ${f(a.p50)} ms  p99 ${f(a.p99)} ms  mean ${f(a.mean)} ms`)
  console.log(`${target.name.padEnd(9)} bare mqtt.js     n=${b.n}  p50 ${f(b.p50)} ms  p99 ${f(b.p99)} ms  mean ${f(b.mean)} ms`)
  console.log(`${target.name.padEnd(9)} ratio app/bare          p50 ${(a.p50 / b.p50).toFixed(2).padStart(8)}x    p99 ${(a.p99 / b.p99).toFixed(2).padStart(8)}x`)
}

async function main(): Promise<void> {
  console.log(`remote-control round trip, ${N} commands per path (after ${WARMUP} warm-up), node ${process.version}`)
  const directory = new MemoryDirectory()
  const uid = 'bench-user'
  const mac = randomBytes(6).toString('hex').toUpperCase()
  directory.addTv(mac, 'bench TV')
  directory.bind(uid, mac)

  const aedes = await aedesTarget(directory)
  try {
    await bench(aedes, directory, mac, uid)
  } finally {
    await aedes.close()
  }

  const url = rabbitUrl()
  if (!url) {
    console.log('rabbitmq  skipped: set MQTT_URL or run `bash .ci/rabbitmq.sh start`')
    return
  }
  let rabbit: Target
  try {
    rabbit = await rabbitTarget(url, directory)
  } catch (e) {
    console.log(`rabbitmq  skipped: ${url} not reachable (${(e as Error).message})`)
    return
  }
  try {
    await bench(rabbit, directory, mac, uid)
  } finally {
    await rabbit.transport.close()
    await rabbit.close()
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  },
)
