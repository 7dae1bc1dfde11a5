/** @jest-environment node */
/**
 * The local stack under abuse. Each attack has its case here: the attack is
 * refused and the stack keeps serving.
 */
import fs from 'node:fs'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { DEFAULT_TV_SECRET, startBroker, tvSecretFor } from '../../emulator/broker'
import { agentTopic, type BrokerDirectory } from '../../emulator/directory'
import { VirtualSetTopBox } from '../../emulator/settop'
import { syncPlayState } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { tvMessage } from '../../src/protocol/tv/messages'
import { DEMO } from '../../emulator/gateway'
import { startStack, type Stack } from '../../emulator/stack'
import { contract } from '../../src/protocol/contract'
import { termsVersion } from '../../src/config'
import { provenIdentity, realClient, startTestGateway, tempDataDir, TEST_APP_KEY } from './helpers/gateway'
import { ADMIN_TOKEN_FILE, ADMIN_TOKEN_HEADER, adminHeaders, loadAdminToken } from '../../emulator/adminToken'
import { rawCall, rawHttp, tryConnect } from './helpers/raw'

jest.setTimeout(20_000)

let stack: Stack | null = null
let dataDir = ''
const clients: MqttClient[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) c.end(true)
  await stack?.close()
  stack = null
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  dataDir = ''
})

async function start(): Promise<Stack> {
  dataDir = tempDataDir()
  stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, gateway: { appKey: TEST_APP_KEY } })
  return stack
}


async function stillServing(s: Stack): Promise<void> {
  const res = await fetch(`${s.gatewayUrl}__emulator/health`)
  expect(res.status).toBe(200)
  const client = realClient(s.gatewayUrl)
  const user = await client.login(DEMO.phone)
  const creds = await client.api.jarvis.jarvisLogin({ uid: user.uid, phone: DEMO.phone, abilityString: '' })
  const ok = await tryConnect(s.mqttTcpUrl, { clientId: creds.cid, username: creds.appKey, password: creds.sign })
  expect(ok).toEqual({ ok: true })
}

describe('broker hooks never take the stack down', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('CONNECT with client id %s is refused, the stack keeps serving', async (clientId) => {
    const s = await start()
    const r = await tryConnect(s.mqttTcpUrl, { clientId, username: 'x', password: 'y' }, clients)
    expect(r.ok).toBe(false)
    await stillServing(s)
  })

  it('an exception inside any hook becomes a refusal', async () => {
    const boom = (): never => {
      throw new Error('directory down')
    }
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const directory: BrokerDirectory = { sessionByClientId: boom, tvTopicsOfUser: boom, allTvs: boom, locksOf: boom }
    const broker = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
    try {
      const phone = await tryConnect(broker.urls.tcp, { clientId: 'c1', username: 'a', password: 'b' })
      expect(phone.ok).toBe(false)
      expect(phone.code).toBe(3)
      const tv = await tryConnect(broker.urls.tcp, { clientId: 'c2', username: 'tv:AC3B7F0E1001', password: 'b' })
      expect(tv.ok).toBe(false)
      expect(tv.code).toBe(3)
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('directory down'))
    } finally {
      logged.mockRestore()
      await broker.close()
    }
  })

  it('the broker WebSocket refuses a foreign browser Origin and accepts none or the app origin', async () => {
    const s = await start()
    const open = (origin?: string) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(s.mqttUrl, 'mqtt', origin ? { origin } : {})
        ws.once('open', () => {
          ws.close()
          resolve('open')
        })
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0)
          ws.terminate()
        })
        ws.once('error', () => resolve(0))
      })
    expect(await open('http://evil.example')).toBe(403)
    expect(await open()).toBe('open')
    expect(await open('http://127.0.0.1:10086')).toBe('open')
    await stillServing(s)
  })
})


describe('strict request validation, body size and depth limits', () => {
  const address = { uid: 'u10001', name: '李四', phone: '13800000009', province: '广东省', city: '广州市', district: '天河区', detail: '天河路1号', isDefault: false }

  it('an unknown field is refused and stored nowhere; a deeply nested extra value cannot break later saves', async () => {
    const gw = await startTestGateway()
    dataDir = gw.dataDir
    try {
      const client = realClient(gw.url)
      await client.login(DEMO.phone)
      let deep = '1'
      for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`
      const bad = await rawCall(gw.url, contract.userCenter.saveAddress, `${JSON.stringify(address).slice(0, -1)},"extra":${deep}}`, client.session)
      expect(bad.body?.resultCode).toBe('1001')
      const extra = await rawCall(gw.url, contract.userCenter.saveAddress, JSON.stringify({ ...address, note: 'x' }), client.session)
      expect(extra.body?.resultCode).toBe('1001')
      expect(extra.body?.resultMsg).toContain('note')
      expect(JSON.stringify(gw.state().addresses)).not.toContain('"note"')
      // The gateway still saves: a valid request lands in the state file.
      const saved = await client.api.userCenter.saveAddress({ ...address, detail: '保存成功路2号' })
      expect(saved.addressId).toBeTruthy()
      expect(fs.readFileSync(`${gw.dataDir}/gateway-state.json`, 'utf8')).toContain('保存成功路2号')
    } finally {
      await gw.close()
    }
  })

  it('a value nested deeper than the limit is refused even where the contract takes free JSON', async () => {
    const gw = await startTestGateway()
    dataDir = gw.dataDir
    try {
      let deep = '"x"'
      for (let i = 0; i < 40; i++) deep = `[${deep}]`
      const r = await rawCall(gw.url, contract.userCenter.mobileLogin, `{"phone":"13800000000","x":${deep}}`, { token: '', secret: '' })
      expect(r.body?.resultCode).toBe('1001')
    } finally {
      await gw.close()
    }
  })

  it('a body over the size limit gets 413 and the gateway keeps serving', async () => {
    const gw = await startTestGateway()
    dataDir = gw.dataDir
    try {
      const res = await fetch(new URL(contract.userCenter.mobileLogin.path, gw.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: 'A'.repeat(2 << 20) }),
      }).catch(() => null)
      if (res) expect(res.status).toBe(413)
      const client = realClient(gw.url)
      expect((await client.login(DEMO.phone)).uid).toBe('u10001')
    } finally {
      await gw.close()
    }
  })
})

describe('untrusted keys never reach Object.prototype', () => {
  afterEach(() => {
    for (const k of ['total', 'records', 'signDays', 'status', 'progress']) delete (Object.prototype as Record<string, unknown>)[k]
  })

  it.each(['__proto__', 'constructor', 'toString'])('participate with sharerUid %s pollutes nothing and grants no points', async (sharerUid) => {
    const gw = await startTestGateway()
    dataDir = gw.dataDir
    try {
      const client = realClient(gw.url)
      const user = await client.login(DEMO.noTvPhone)
      const r = await client.api.valueAdded.participate({ activityId: 'act-points-2025', userId: user.uid, sharerUid })
      expect(r.firstTime).toBe(true)
      expect(({} as Record<string, unknown>).total).toBeUndefined()
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'total')).toBe(false)
      expect(JSON.stringify(gw.state().points)).not.toContain(sharerUid)
    } finally {
      await gw.close()
    }
  })

  it('state records are null-prototype maps after a restart too', async () => {
    const gw = await startTestGateway()
    dataDir = gw.dataDir
    await gw.close()
    const again = await startTestGateway({ dataDir })
    try {
      const st = again.state() as unknown as Record<string, unknown>
      for (const key of ['users', 'families', 'sessions', 'jarvis', 'locks', 'points', 'tasks', 'participations', 'addresses']) {
        expect([key, Object.getPrototypeOf(st[key])]).toEqual([key, null])
      }
    } finally {
      await again.close()
    }
  })
})

describe('per-TV secrets, the box answers only its family, no retained messages from phones', () => {
  it('a TV connects with its own secret only: the shared master secret and another TV secret are refused', async () => {
    const s = await start()
    const [tv1, tv2] = s.gateway.catalogue.tvs
    const asTv = (mac: string, password: string) => tryConnect(s.mqttTcpUrl, { clientId: `tv-${mac}-${password.length}`, username: `tv:${mac}`, password })
    expect((await asTv(tv1.mac, DEFAULT_TV_SECRET)).ok).toBe(false)
    expect((await asTv(tv1.mac, tvSecretFor(DEFAULT_TV_SECRET, tv2.mac))).ok).toBe(false)
    expect(await asTv(tv1.mac, tvSecretFor(DEFAULT_TV_SECRET, tv1.mac))).toEqual({ ok: true })
  })

  it('a retained publish from a phone is refused (the connection is closed) and stored nowhere', async () => {
    const s = await start()
    const client = realClient(s.gatewayUrl)
    const user = await client.login(DEMO.phone)
    const creds = await client.api.jarvis.jarvisLogin({ uid: user.uid, phone: DEMO.phone, abilityString: '' })
    const c = connect(s.mqttTcpUrl, { clientId: creds.cid, username: creds.appKey, password: creds.sign, reconnectPeriod: 0 })
    clients.push(c)
    await new Promise<void>((resolve, reject) => {
      c.once('connect', () => resolve())
      c.once('error', reject)
    })
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()))
    // to the user's own way into its TV, where only the retain flag is wrong
    c.publish(agentTopic(s.gateway.catalogue.tvs[0].mac, user.uid), '{"replay":true}', { qos: 1, retain: true })
    await closed
    const retained: unknown[] = []
    await new Promise<void>((resolve) => {
      const { persistence } = s.broker.aedes as unknown as { persistence: { createRetainedStream(pattern: string): NodeJS.ReadableStream } }
      const stream = persistence.createRetainedStream('#')
      stream.on('data', (p: unknown) => retained.push(p))
      stream.on('end', () => resolve())
    })
    expect(retained).toEqual([])
    await stillServing(s)
  })

  it('the box replies only to a phone topic of its family, whatever topic the sender names', () => {
    const published: string[] = []
    const family = new Set(['tvc/phone/owner'])
    const box = new VirtualSetTopBox(
      { mac: 'AC3B7F0E1001', name: '客厅电视', topic: 'tvc/tv/AC3B7F0E1001' },
      () => ({ childLock: false, globalLock: false }),
      (topic) => published.push(topic),
      undefined,
      (topic) => family.has(topic),
    )
    const command = (topic: string, sequenceId: number) =>
      JSON.stringify(
        buildEnvelope({
          sequenceId,
          jarvisId: 'j',
          bananaId: 'b',
          type: tvMessage.typeKeyEvent,
          content: syncPlayState().content(String(sequenceId)),
          from: { nickname: 'x', topic, uid: 'u' },
          to: [],
        }),
      )
    jest.useFakeTimers()
    try {
      box.handle(command('tvc/phone/stranger', 1))
      box.handle(command('tvc/tv/AC3B7F0E1002', 2))
      box.handle(command('tvc/phone/owner', 3))
      jest.runAllTimers()
    } finally {
      jest.useRealTimers()
    }
    expect(published).toEqual(['tvc/phone/owner'])
  })
})


describe('cross-site requests and DNS rebinding', () => {
  it('the gateway and the admin routes refuse a foreign Origin and a foreign Host; no Origin or the app origin pass', async () => {
    const s = await start()
    const health = `${s.gatewayUrl}__emulator/health`
    expect(await rawHttp(health, { origin: 'http://evil.example' })).toBe(403)
    expect(await rawHttp(`${s.gatewayUrl}${contract.userCenter.mobileLogin.path}`, { origin: 'http://evil.example' }, 'POST')).toBe(403)
    expect(await rawHttp(`${s.gatewayUrl}__emulator/scenario`, { origin: 'http://evil.example' }, 'DELETE')).toBe(403)
    expect(await rawHttp(health, { host: 'evil.example' })).toBe(403)
    expect(await rawHttp(health, {})).toBe(200)
    expect(await rawHttp(health, { origin: 'http://127.0.0.1:10086' })).toBe(200)
    expect(await rawHttp(s.adminUrl, { origin: 'http://evil.example' })).toBe(403)
    expect(await rawHttp(s.adminUrl, { host: 'rebound.example' })).toBe(403)
    expect(await rawHttp(s.adminUrl, adminHeaders(s.gateway.adminToken))).toBe(200)
    await stillServing(s)
  })
})

describe('the admin routes need the local admin token', () => {
  it('gateway admin routes and the set-top switches refuse a request without the token, or with a wrong one', async () => {
    const s = await start()
    const token = s.gateway.adminToken
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    // kept in the data folder, readable by its owner only
    const file = `${dataDir}/${ADMIN_TOKEN_FILE}`
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(token)
    expect(fs.statSync(file).mode & 0o077).toBe(0)
    const wrong = { [ADMIN_TOKEN_HEADER]: token.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }
    for (const [url, method] of [
      [`${s.gatewayUrl}__emulator/scenario`, 'DELETE'],
      [`${s.gatewayUrl}__emulator/clock`, 'GET'],
      [`${s.gatewayUrl}__emulator/tokens/expire`, 'POST'],
      [`${s.gatewayUrl}__emulator/logs`, 'GET'],
      [s.adminUrl, 'GET'],
      [`${s.adminUrl}/AC3B7F0E1001/silent`, 'POST'],
    ] as const) {
      expect(await rawHttp(url, {}, method)).toBe(401)
      expect(await rawHttp(url, wrong, method)).toBe(401)
    }
    expect(s.settops?.box('AC3B7F0E1001')?.silent ?? false).toBe(false)
    // health stays open (readiness checks); the token opens the rest
    expect(await rawHttp(`${s.gatewayUrl}__emulator/health`, {})).toBe(200)
    expect(await rawHttp(`${s.gatewayUrl}__emulator/clock`, adminHeaders(token))).toBe(200)
    await stillServing(s)
  })

  it('the token survives a restart of the same data folder; EMULATOR_ADMIN_TOKEN overrides it and must look like one', () => {
    const dir = tempDataDir()
    const first = loadAdminToken(dir, undefined)
    expect(loadAdminToken(dir, undefined)).toBe(first)
    const mine = 'ab'.repeat(16)
    expect(loadAdminToken(dir, mine)).toBe(mine)
    expect(() => loadAdminToken(dir, 'short')).toThrow('EMULATOR_ADMIN_TOKEN')
    fs.writeFileSync(`${dir}/${ADMIN_TOKEN_FILE}`, 'not a token')
    expect(() => loadAdminToken(dir, undefined)).toThrow('delete it')
    fs.rmSync(dir, { recursive: true, force: true })
  })
})

describe('smaller gaps', () => {
  it("getDetail tells a user's favourite and black-list flags to that user only", async () => {
    const gw = await startTestGateway({ dataDir: tempDataDir() })
    try {
      const owner = realClient(gw.url)
      const { uid } = await owner.login(DEMO.phone)
      await owner.api.box.addCollection({ uid, programId: 'p0300' })
      await owner.api.box.blackListBatch({ uid, objectIds: ['p0301'], action: 'add' })
      const mine = await owner.api.epg.getDetail({ programId: 'p0300', uid })
      expect(mine.collected).toBe(true)
      expect((await owner.api.epg.getDetail({ programId: 'p0301', uid })).inBlackList).toBe(true)

      const stranger = realClient(gw.url)
      await stranger.login(DEMO.noTvPhone)
      const guest = realClient(gw.url)
      for (const c of [stranger, guest]) {
        const seen = await c.api.epg.getDetail({ programId: 'p0300', uid })
        expect(seen.title).toBe(mine.title)
        expect(seen.collected).toBe(false)
        expect((await c.api.epg.getDetail({ programId: 'p0301', uid })).inBlackList).toBe(false)
      }
    } finally {
      await gw.close()
    }
  })

  it('createUser never relinks a phone to another WeChat identity, and trusts no openId without its code', async () => {
    const gw = await startTestGateway({ dataDir: tempDataDir() })
    try {
      const guest = realClient(gw.url)
      await guest.login('13700000009')
      // an openId the client merely names is nothing
      await expect(guest.api.userCenter.createUser({ openId: 'wx-open-a', unionId: 'wx-union-a' })).rejects.toMatchObject({ code: '3004' })
      const again = realClient(gw.url)
      await again.login('13700000009')
      const first = await again.api.userCenter.createUser(await provenIdentity(again.api, 'a'))
      // the same identity again, after another phone login, is fine (idempotent)
      const third = realClient(gw.url)
      await third.login('13700000009')
      expect((await third.api.userCenter.createUser(await provenIdentity(third.api, 'a'))).uid).toBe(first.uid)
      const evil = realClient(gw.url)
      await evil.login('13700000009')
      await expect(evil.api.userCenter.createUser(await provenIdentity(evil.api, 'evil'))).rejects.toMatchObject({ code: '1004' })
      expect(gw.state().users[first.uid]).toMatchObject({ openId: 'wx-open-a', unionId: 'wx-union-a' })
    } finally {
      await gw.close()
    }
  })

  it("createUser links only the user of the session a phone login just created: no session, someone else's phone, a silent login's session, a used or an old one: refused", async () => {
    let now = Date.now()
    const gw = await startTestGateway({ dataDir: tempDataDir(), now: () => now })
    try {
      // no session: someone else's phone in the body is nothing (createUser, outside SPEC, once linked it)
      const attacker = realClient(gw.url)
      const evil = await provenIdentity(attacker.api, 'evil')
      const noSession = await rawCall(gw.url, contract.userCenter.createUser, JSON.stringify({ ...evil, phone: DEMO.memberPhone, nickName: 'x', faceImg: '', serviceChannelId: 'x' }), { token: '', secret: '' })
      expect(noSession.body?.resultCode).toBe('401')
      // the attacker's own phone login links the attacker's own user, whatever phone the body names
      const own = await attacker.login('13700000031')
      const linked = await rawCall(gw.url, contract.userCenter.createUser, JSON.stringify({ ...(await provenIdentity(attacker.api, 'evil')), phone: DEMO.memberPhone, nickName: 'x', faceImg: '', serviceChannelId: 'x' }), attacker.session)
      expect(linked.body?.resultCode).toBe('000')
      expect(gw.state().users[own.uid].openId).toBe('wx-open-evil')
      expect(gw.state().users.u10002.openId).toBe('')
      // once per phone login
      await expect(attacker.api.userCenter.createUser(await provenIdentity(attacker.api, 'evil'))).rejects.toMatchObject({ code: '3004' })
      // a silent WeChat login's session links nothing
      const silent = realClient(gw.url)
      const info = await silent.api.userCenter.getUserInfo({ ...(await provenIdentity(silent.api, 'evil')), termsVersion, tapped: true })
      expect(info.uid).toBe(own.uid)
      if (!info.session) throw new Error('no session')
      Object.assign(silent.session, info.session)
      await expect(silent.api.userCenter.createUser(await provenIdentity(silent.api, 'other'))).rejects.toMatchObject({ code: '3004' })
      // a phone login older than 5 minutes links nothing
      const late = realClient(gw.url)
      await late.login('13700000032')
      now += 5 * 60_000 + 1
      await expect(late.api.userCenter.createUser(await provenIdentity(late.api, 'late'))).rejects.toMatchObject({ code: '3004' })
      expect(Object.values(gw.state().users).filter((u) => u.openId === 'wx-open-late')).toEqual([])
    } finally {
      await gw.close()
    }
  })
})
