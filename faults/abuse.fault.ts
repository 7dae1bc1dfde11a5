/** @jest-environment node */
/**
 * The local stack under abuse : each attack is refused, and after each the stack
 * still serves a real phone (login, a gateway call, an MQTT CONNECT with the jarvisLogin credentials).
 */
import fs from 'node:fs'
import os from 'node:os'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { connect } from 'mqtt'
import { adminHeaders } from '../emulator/adminToken'
import { DEFAULT_TV_SECRET, tvSecretFor } from '../emulator/broker'
import { agentTopic, tvTopic } from '../emulator/directory'
import { syncPlayState } from '../src/protocol/tv/commands'
import { buildEnvelope } from '../src/protocol/tv/envelope'
import { tvMessage } from '../src/protocol/tv/messages'
import { DEMO, startGateway } from '../emulator/gateway'
import { STATE_FILE } from '../emulator/db/store'
import { contract } from '../src/protocol/contract'
import { provenIdentity, realClient, TEST_APP_KEY, tempDataDir } from '../__tests__/emulator/helpers/gateway'
import { row, startWorld, type World } from './harness'
import { rawCall, rawHttp, tryConnect } from '../__tests__/emulator/helpers/raw'

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(async () => {
  await world.close()
  for (const k of ['total', 'records', 'polluted']) delete (Object.prototype as Record<string, unknown>)[k]
})


/** A real phone can still log in, call the gateway and connect to the broker. */
async function serving(): Promise<boolean> {
  const s = world.stack
  const client = realClient(s.gatewayUrl)
  const user = await client.login(DEMO.phone)
  const devices = await client.api.userCenter.queryBindDevice({ uid: user.uid })
  const creds = await client.api.jarvis.jarvisLogin({ uid: user.uid, phone: DEMO.phone, abilityString: '' })
  const mqtt = await tryConnect(s.mqttTcpUrl, { clientId: creds.cid, username: creds.appKey, password: creds.sign })
  return devices.length > 0 && mqtt.ok
}



const refusedAndServing = async (refused: boolean, what: string) => {
  const ok = await serving()
  return { happened: `${what}; stack ${ok ? 'serving' : 'NOT serving'}`, pass: refused && ok }
}

for (const clientId of ['__proto__', 'constructor', 'toString']) {
  row('abuse', `MQTT CONNECT with client id ${clientId}`, 'refused (CONNACK), the stack keeps running', async () => {
    const r = await tryConnect(world.stack.mqttTcpUrl, { clientId, username: 'x', password: 'y' })
    return refusedAndServing(!r.ok, r.ok ? 'ACCEPTED' : `refused (code ${r.code ?? 'closed'})`)
  })
}

row('abuse', 'a request with an unknown field and 5000 levels of nesting', 'refused with 1001, nothing stored, later saves still work', async () => {
  const client = realClient(world.stack.gatewayUrl)
  await client.login(DEMO.phone)
  let deep = '1'
  for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`
  const address = { uid: 'u10001', name: '李四', phone: '13800000009', province: '广东省', city: '广州市', district: '天河区', detail: '天河路1号', isDefault: false }
  const r = (await rawCall(world.stack.gatewayUrl, contract.userCenter.saveAddress, `${JSON.stringify(address).slice(0, -1)},"extra":${deep}}`, client.session)).body ?? { resultCode: 'no JSON' }
  const saved = await client.api.userCenter.saveAddress({ ...address, detail: '保存成功路2号' })
  return refusedAndServing(r.resultCode === '1001' && !!saved.addressId, `answered ${r.resultCode}, a later save ${saved.addressId ? 'worked' : 'FAILED'}`)
})

row('abuse', 'a 2 MB request body', '413, the gateway keeps serving', async () => {
  const res = await fetch(new URL(contract.userCenter.mobileLogin.path, world.stack.gatewayUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: 'A'.repeat(2 << 20) }),
  }).catch(() => null)
  return refusedAndServing(res === null || res.status === 413, res ? `HTTP ${res.status}` : 'connection closed')
})

row('abuse', "participate with sharerUid '__proto__'", 'no prototype pollution, no points for anyone', async () => {
  const client = realClient(world.stack.gatewayUrl)
  const user = await client.login(DEMO.noTvPhone)
  await client.api.valueAdded.participate({ activityId: 'act-points-2025', userId: user.uid, sharerUid: '__proto__' }).catch(() => null)
  const polluted = Object.prototype.hasOwnProperty.call(Object.prototype, 'total') || Object.prototype.hasOwnProperty.call(Object.prototype, 'records')
  return refusedAndServing(!polluted, polluted ? 'Object.prototype POLLUTED' : 'Object.prototype untouched')
})

row('abuse', "binding someone else's TV by its MAC, without the pairing code", 'refused (1005); with a wrong code too; after 5 wrong codes locked out (1004)', async () => {
  const client = realClient(world.stack.gatewayUrl)
  const { uid } = await client.login('13700000001')
  const codes: string[] = []
  for (const pairCode of [undefined, '000000', '111111', '222222', '333333', '444444', '555555']) {
    codes.push(await client.api.userCenter.bindDevice({ uid, mac: 'AC3B7F0E1001', ...(pairCode ? { pairCode } : {}) }).then(() => 'BOUND', (e: { code?: string }) => String(e.code)))
  }
  const refused = codes.slice(0, 6).every((c) => c === '1005' || c === '1004') && codes[6] === '1004' && !codes.includes('BOUND')
  return refusedAndServing(refused, `answers ${codes.join(' ')}`)
})

row('abuse', 'a TV logging in with the master secret, or with another TV\'s secret', 'refused; its own secret works', async () => {
  const [tv1, tv2] = world.stack.gateway.catalogue.tvs
  const asTv = (password: string) => tryConnect(world.stack.mqttTcpUrl, { clientId: `tv-${password.length}-${Math.random()}`, username: `tv:${tv1.mac}`, password })
  const master = await asTv(DEFAULT_TV_SECRET)
  const other = await asTv(tvSecretFor(DEFAULT_TV_SECRET, tv2.mac))
  const own = await asTv(tvSecretFor(DEFAULT_TV_SECRET, tv1.mac))
  return refusedAndServing(!master.ok && !other.ok && own.ok, `master ${master.ok ? 'ACCEPTED' : 'refused'}, other TV's ${other.ok ? 'ACCEPTED' : 'refused'}, own ${own.ok ? 'works' : 'REFUSED'}`)
})

row('abuse', 'a retained publish from a phone', 'the connection is closed; nothing retained to replay on the TV', async () => {
  const client = realClient(world.stack.gatewayUrl)
  const user = await client.login(DEMO.phone)
  const creds = await client.api.jarvis.jarvisLogin({ uid: user.uid, phone: DEMO.phone, abilityString: '' })
  const c = connect(world.stack.mqttTcpUrl, { clientId: creds.cid, username: creds.appKey, password: creds.sign, reconnectPeriod: 0 })
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve())
    c.once('error', reject)
  })
  const closed = new Promise<boolean>((resolve) => {
    c.once('close', () => resolve(true))
    setTimeout(() => resolve(false), 3_000)
  })
  // to the user's own way into its TV, where only the retain flag is wrong
  c.publish(agentTopic(world.stack.gateway.catalogue.tvs[0].mac, user.uid), '{"replay":true}', { qos: 1, retain: true })
  const wasClosed = await closed
  c.end(true)
  const retained: unknown[] = []
  await new Promise<void>((resolve) => {
    const { persistence } = world.stack.broker.aedes as unknown as { persistence: { createRetainedStream(pattern: string): NodeJS.ReadableStream } }
    const stream = persistence.createRetainedStream('#')
    stream.on('data', (p: unknown) => retained.push(p))
    stream.on('end', () => resolve())
  })
  return refusedAndServing(wasClosed && retained.length === 0, `connection ${wasClosed ? 'closed' : 'KEPT'}, ${retained.length} retained`)
})

row('abuse', 'cross-site: a foreign Origin on the gateway, the admin routes and the broker WebSocket; a rebinding Host', 'all refused (403); no Origin passes', async () => {
  const s = world.stack
  const evil = { origin: 'http://evil.example' }
  const codes = [
    await rawHttp(`${s.gatewayUrl}${contract.userCenter.mobileLogin.path}`, evil, 'POST'),
    await rawHttp(`${s.gatewayUrl}__emulator/scenario`, { ...evil, ...adminHeaders(s.gateway.adminToken) }, 'DELETE'),
    await rawHttp(s.mqttUrl.replace(/^ws/, 'http'), { ...evil, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' }),
    await rawHttp(`${s.gatewayUrl}__emulator/health`, { host: 'evil.example' }),
  ]
  return refusedAndServing(codes.every((c) => c === 403), `answers ${codes.join(' ')}`)
})

row('abuse', 'an admin route without the admin token', '401 (clock, scenarios, TV switches)', async () => {
  const s = world.stack
  const codes = [await rawHttp(`${s.gatewayUrl}__emulator/clock`, {}, 'GET'), await rawHttp(`${s.gatewayUrl}__emulator/scenario`, {}, 'DELETE'), await rawHttp(`${s.adminUrl}/AC3B7F0E1001/silent`, {}, 'POST')]
  return refusedAndServing(codes.every((c) => c === 401), `answers ${codes.join(' ')}`)
})

row('abuse', 'createUser relinking an existing phone to another WeChat identity', 'refused (1004); the account keeps its identity', async () => {
  const guest = realClient(world.stack.gatewayUrl)
  await guest.login('13700000077')
  await guest.api.userCenter.createUser(await provenIdentity(guest.api, 'owner'))
  const evil = realClient(world.stack.gatewayUrl)
  await evil.login('13700000077')
  const code = await evil.api.userCenter.createUser(await provenIdentity(evil.api, 'evil')).then(() => 'LINKED', (e: { code?: string }) => String(e.code))
  return refusedAndServing(code === '1004', `answered ${code}`)
})

row('abuse', "getUserInfo with someone's openId and no code exchange", 'refused (3004); no session, no profile', async () => {
  const guest = realClient(world.stack.gatewayUrl)
  const code = await guest.api.userCenter.getUserInfo({ openId: 'wx-open-u10001', unionId: 'wx-union-u10001' }).then(() => 'ANSWERED', (e: { code?: string }) => String(e.code))
  return refusedAndServing(code === '3004', `answered ${code}`)
})

row('abuse', "getDetail asking for another user's favourite and black-list flags", 'the flags of the asking user only (false for a stranger)', async () => {
  const owner = realClient(world.stack.gatewayUrl)
  const { uid } = await owner.login(DEMO.phone)
  await owner.api.box.addCollection({ uid, programId: 'p0300' })
  const stranger = realClient(world.stack.gatewayUrl)
  await stranger.login(DEMO.noTvPhone)
  const seen = await stranger.api.epg.getDetail({ programId: 'p0300', uid })
  return refusedAndServing(!seen.collected, `stranger sees collected=${seen.collected}`)
})

row('abuse', 'a damaged state file; a second emulator on the same data folder', 'each start refused with a plain message; the file kept as it was', async () => {
  const dir = tempDataDir()
  fs.writeFileSync(path.join(dir, STATE_FILE), '{"schemaVersion": 2, "users": {')
  const damaged = await startGateway({ port: 0, dataDir: dir, appKey: TEST_APP_KEY }).then((g) => g.close().then(() => 'STARTED'), (e: Error) => e.message)
  const kept = fs.readFileSync(path.join(dir, STATE_FILE), 'utf8') === '{"schemaVersion": 2, "users": {'
  fs.rmSync(path.join(dir, STATE_FILE))
  const first = await startGateway({ port: 0, dataDir: dir, appKey: TEST_APP_KEY })
  const second = await startGateway({ port: 0, dataDir: dir, appKey: TEST_APP_KEY }).then((g) => g.close().then(() => 'STARTED'), (e: Error) => e.message)
  await first.close()
  fs.rmSync(dir, { recursive: true, force: true })
  return refusedAndServing(
    damaged.includes('not valid JSON') && kept && second.includes('in use'),
    `damaged file: ${damaged === 'STARTED' ? 'STARTED' : 'refused'} (file ${kept ? 'kept' : 'CHANGED'}); second emulator: ${second === 'STARTED' ? 'STARTED' : 'refused'}`,
  )
})

row('abuse', "a phone naming another phone's topic as the reply topic of a TV command", 'the TV answers only phones of its family: nothing reaches the named topic', async () => {
  const client = realClient(world.stack.gatewayUrl)
  const user = await client.login(DEMO.phone)
  const creds = await client.api.jarvis.jarvisLogin({ uid: user.uid, phone: DEMO.phone, abilityString: '' })
  const mac = world.stack.gateway.catalogue.tvs[0].mac
  const box = world.stack.settops?.box(mac)
  if (!box) throw new Error('no virtual TV')
  const refusedBefore = box.refused
  const c = connect(world.stack.mqttTcpUrl, { clientId: creds.cid, username: creds.appKey, password: creds.sign, reconnectPeriod: 0 })
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve())
    c.once('error', reject)
  })
  const envelope = buildEnvelope({
    sequenceId: Date.now(),
    jarvisId: creds.cid,
    bananaId: mac,
    type: tvMessage.typeKeyEvent,
    content: syncPlayState().content(String(Date.now())),
    from: { nickname: 'x', topic: 'tvc/phone/someone-else', uid: user.uid },
    to: [{ jid: mac, mac, nickname: '', topic: tvTopic(mac), uid: '' }],
  })
  // on the user's own way into the TV (the only TV topic the broker lets it publish to)
  const way = (await client.api.jarvis.queryAgentTopic([mac]))[0].topic
  await new Promise<void>((resolve) => c.publish(way, JSON.stringify(envelope), { qos: 1 }, () => resolve()))
  await new Promise((r) => setTimeout(r, 300))
  c.end(true)
  return refusedAndServing(box.refused === refusedBefore + 1, `the TV ${box.refused > refusedBefore ? 'refused to answer' : 'ANSWERED'} the named topic`)
})

row('abuse', 'the static server: a sibling folder sharing the root name prefix, a malformed % escape', '403 and 400; the server keeps serving', async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tvc-static-'))
  fs.mkdirSync(path.join(base, 'h5'))
  fs.mkdirSync(path.join(base, 'h5-secret'))
  fs.writeFileSync(path.join(base, 'h5', 'index.html'), '<p>app</p>')
  fs.writeFileSync(path.join(base, 'h5-secret', 'secret.txt'), 'TOP-SECRET')
  const child = spawn(process.execPath, [path.join(__dirname, '..', 'scripts', 'serve-static.mjs'), path.join(base, 'h5'), '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        const m = /at (http:\/\/\S+\/)/.exec(b.toString())
        if (m) resolve(m[1].replace(/\/$/, ''))
      })
      child.once('exit', (code) => reject(new Error(`serve-static exited ${code}`)))
    })
    const sibling = await rawHttp(`${url}/..%2Fh5-secret/secret.txt`, {})
    const malformed = await rawHttp(`${url}/%E0%A4%A`, {})
    const still = await rawHttp(`${url}/`, {})
    return refusedAndServing(sibling === 403 && malformed === 400 && still === 200 && child.exitCode === null, `sibling ${sibling}, malformed ${malformed}, then / ${still}`)
  } finally {
    child.kill('SIGTERM')
    fs.rmSync(base, { recursive: true, force: true })
  }
})
