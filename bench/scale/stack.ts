/**
 * The stack side of `npm run bench:scale`, one process of its own: the directory of users, bound TVs and
 * jarvis sessions (MemoryDirectory: what the gateway's jarvisLogin hands out), the HTTP endpoints the
 * load generators log in with, and either
 *   - aedes: the embedded broker enforcing the broker policy in-process, or
 *   - cluster: RabbitMQ's HTTP auth backend (the emulator's brokerAuthHandler) on the port the cluster
 *     was configured with, counting the calls by kind.
 *   argv: aedes|cluster pairs [authPort]
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brokerAuthHandler, BROKER_AUTH_PATH, createBrokerPolicy, DEFAULT_TV_SECRET, startBroker, type RunningBroker } from '../../emulator/broker'
import { MemoryDirectory } from '../../emulator/broker/memoryDirectory'
import { agentTopic } from '../../emulator/directory'
import { SENDER_UID_RE } from '../../src/protocol/tv/sender'
import { benchMac, benchUid, type AuthCounts, type StackReady } from './messages'

const [kind, pairsArg, authPortArg] = process.argv.slice(2)
const pairs = Number(pairsArg)
if ((kind !== 'aedes' && kind !== 'cluster') || !(pairs > 0)) {
  console.error('usage: stack.ts aedes|cluster pairs [authPort]')
  process.exit(2)
}

const directory = new MemoryDirectory()
for (let i = 0; i < pairs; i++) {
  const mac = benchMac(i)
  directory.addTv(mac, `电视 ${i}`)
  directory.bind(benchUid(i), mac)
}
const policy = createBrokerPolicy(directory, DEFAULT_TV_SECRET)
const auth = brokerAuthHandler(policy)
const counts: AuthCounts = { user: 0, vhost: 0, resource: 0, topic: 0 }
let countsSince = Date.now()

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      body += c
      if (body.length > 8192) req.destroy()
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const server = http.createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
  if (path.startsWith(`${BROKER_AUTH_PATH}/`)) {
    const question = path.slice(BROKER_AUTH_PATH.length + 1) as keyof AuthCounts
    if (question in counts) counts[question] += 1
    auth(req, res)
    return
  }
  if (path === '/bench/jarvisLogin' && req.method === 'POST') {
    void readBody(req).then(
      (body) => {
        const { uid, phone } = JSON.parse(body) as { uid: string; phone: string }
        if (directory.tvTopicsOfUser(uid).length === 0) return json(res, 404, { error: 'unknown user' })
        const s = directory.login(uid, phone)
        json(res, 200, { cid: s.cid, appKey: s.appKey, sign: s.sign, clientTopic: s.clientTopic })
      },
      () => json(res, 400, { error: 'bad body' }),
    )
    return
  }
  if (path === '/bench/queryAgentTopic') {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams
    const mac = (query.get('mac') ?? '').toUpperCase()
    const tv = directory.allTvs().find((t) => t.mac === mac)
    // the user's own way into the TV (src/protocol/tv/sender.ts)
    const uid = query.get('uid') ?? ''
    if (!SENDER_UID_RE.test(uid)) return json(res, 400, { error: 'uid expected' })
    return tv ? json(res, 200, { topic: agentTopic(tv.mac, uid) }) : json(res, 404, { error: 'unknown TV' })
  }
  if (path === '/bench/stats') {
    const since = countsSince
    const body = { auth: { ...counts }, seconds: (Date.now() - since) / 1000 }
    if (req.method === 'POST') {
      for (const k of Object.keys(counts) as Array<keyof AuthCounts>) counts[k] = 0
      countsSince = Date.now()
    }
    return json(res, 200, body)
  }
  res.writeHead(404).end()
})
server.keepAliveTimeout = 65_000

async function main(): Promise<void> {
  let broker: RunningBroker | null = null
  const port = kind === 'cluster' ? Number(authPortArg) : Number(process.env.GATEWAY_PORT) || 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  if (kind === 'aedes') {
    broker = await startBroker({ directory, wsPort: Number(process.env.MQTT_WS_PORT) || 0, tcpPort: 0, allowedOrigins: ['*'] })
  }
  const ready: StackReady = {
    kind: 'ready',
    stackUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ...(broker ? { mqttUrl: broker.urls.ws } : {}),
  }
  process.send?.(ready)
  const close = () => {
    server.closeAllConnections()
    server.close()
    void (broker?.close() ?? Promise.resolve()).finally(() => process.exit(0))
    setTimeout(() => process.exit(0), 3_000).unref()
  }
  process.on('message', (m: { kind?: string }) => {
    if (m?.kind === 'stop') close()
  })
  process.on('disconnect', close)
}

main().catch((e: unknown) => {
  console.error(`bench stack: ${String(e)}`)
  process.exit(1)
})
