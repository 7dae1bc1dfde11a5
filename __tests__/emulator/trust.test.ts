/** @jest-environment node */
/**
 * Trust at the edges (the local stack as the operator's reference policy): broker sessions
 * end with the rights they stood for. The fault rows (faults/trust.fault.ts) run the same attacks end
 * to end; these are the rules one by one.
 */
import fs from 'node:fs'
import path from 'node:path'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { createBrokerPolicy, DEFAULT_TV_SECRET, MAX_PACKET_BYTES, startBroker } from '../../emulator/broker'
import { PacketFraming } from '../../emulator/broker/packetLimit'
import { agentTopic } from '../../emulator/directory'
import { knownKeyEvent, PLAY_LIMITS, VirtualSetTopBox } from '../../emulator/settop/box'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { contract, contractEntries, type Endpoint, type Schema } from '../../src/protocol/contract'
import { aesCbcScheme } from '../../src/protocol/codec'
import { buildRequest } from '../../src/services/http/envelope'
import { DEFAULT_ARRAY_MAX, DEFAULT_STRING_MAX } from '../../emulator/gateway/strict'
import { keepLogBatch, LOGS_KEPT, LOGS_KEPT_CHARS, type LogBatch } from '../../emulator/gateway/context'
import { SESSIONS_PER_USER } from '../../emulator/gateway/tokens'
import { decide } from '../../emulator/broker/httpAuth'
import { MemoryDirectory } from '../../emulator/broker/memoryDirectory'
import { familyOfTv } from '../../emulator/db/state'
import { BROKER_SESSIONS_PER_USER } from '../../emulator/gateway/handlers/brokerSessions'
import { DEMO } from '../../emulator/gateway'
import { realClient, sharedTestGateway, TEST_APP_KEY } from './helpers/gateway'
import { rawHttp, tryConnect } from './helpers/raw'
import { avatarUpload } from '../../src/protocol/identity'
import { cleanImage } from '../../emulator/gateway/images'
import { AVATAR_MAX_SIDE } from '../../emulator/gateway/upload'
import { STATE_FILE } from '../../emulator/db/store'
import { devProvenPhone } from '../../src/platform/bridge/dev'

describe('broker sessions end with the rights they stood for', () => {
  it('a revoked session: its open connection is closed by the broker, its cid/sign are refused on reconnect (aedes)', async () => {
    const directory = new MemoryDirectory()
    directory.bind('u1', 'AABBCCDDEE01')
    const s = directory.login('u1', '13800000000')
    const keep = directory.login('u1', '13800000000')
    const broker = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
    const clients: MqttClient[] = []
    try {
      const open = (cid: string, username: string, password: string) => {
        const c = connect(broker.urls.tcp, { clientId: cid, username, password, reconnectPeriod: 0 })
        clients.push(c)
        return new Promise<{ c: MqttClient; closed: () => boolean }>((resolve, reject) => {
          let closed = false
          c.on('close', () => (closed = true))
          c.once('connect', () => resolve({ c, closed: () => closed }))
          c.once('error', reject)
        })
      }
      const a = await open(s.cid, s.appKey, s.sign)
      const b = await open(keep.cid, keep.appKey, keep.sign)
      directory.revoke(s.cid)
      const t0 = Date.now()
      while (!a.closed() && Date.now() - t0 < 2_000) await new Promise((r) => setTimeout(r, 10))
      expect(a.closed()).toBe(true)
      expect(b.closed()).toBe(false)
      expect(await tryConnect(broker.urls.tcp, { clientId: s.cid, username: s.appKey, password: s.sign })).toMatchObject({ ok: false, code: 2 })
    } finally {
      for (const c of clients) c.end(true)
      await broker.close()
    }
  })

  it("RabbitMQ's HTTP auth backend refuses every next check of a revoked session (login, vhost, topics)", () => {
    const directory = new MemoryDirectory()
    const tv = directory.addTv('AABBCCDDEE01')
    directory.bind('u1', tv.mac)
    const s = directory.login('u1', '13800000000')
    const ask = (q: string, form: Record<string, string>) => decide(createBrokerPolicy(directory, DEFAULT_TV_SECRET), q, new URLSearchParams(form))
    const me = { username: s.appKey, client_id: s.cid, 'variable_map.client_id': s.cid }
    expect(ask('user', { ...me, password: s.sign })).toBe(true)
    expect(ask('topic', { ...me, name: 'amq.topic', permission: 'read', routing_key: s.clientTopic[0].replace(/\//g, '.') })).toBe(true)
    directory.revoke(s.cid)
    expect(ask('user', { ...me, password: s.sign })).toBe(false)
    expect(ask('vhost', { ...me, vhost: '/' })).toBe(false)
    expect(ask('topic', { ...me, name: 'amq.topic', permission: 'read', routing_key: s.clientTopic[0].replace(/\//g, '.') })).toBe(false)
  })

  describe('on the gateway', () => {
    const gw = sharedTestGateway()
    const revoked: string[][] = []
    const cidsOf = (uid: string) => Object.values(gw().state().jarvis).filter((j) => j.uid === uid).map((j) => j.cid)
    async function brokerLogin(phone: string) {
      const c = realClient(gw().url)
      const u = await c.login(phone)
      const creds = await c.api.jarvis.jarvisLogin({ uid: u.uid, phone, abilityString: '' })
      return { c, uid: u.uid, cid: creds.cid }
    }
    beforeAll(() => {
      gw().directory.onSessionsRevoked?.((cids) => revoked.push([...cids]))
    })

    it('logout ends every broker session of the user (the event names them; the directory knows them no more)', async () => {
      const a = await brokerLogin('13700003301')
      const b = await brokerLogin('13700003301')
      const other = await brokerLogin('13700003302')
      await a.c.api.userCenter.logout({ uid: a.uid })
      expect(revoked.at(-1)?.sort()).toEqual([a.cid, b.cid].sort())
      expect(gw().directory.sessionByClientId(a.cid)).toBeUndefined()
      expect(gw().directory.sessionByClientId(b.cid)).toBeUndefined()
      expect(gw().directory.sessionByClientId(other.cid)).toBeDefined()
    })

    it("the owner removing a member ends the member's broker sessions, not the owner's", async () => {
      const owner = await brokerLogin(DEMO.phone)
      const member = await brokerLogin(DEMO.memberPhone)
      const fam = familyOfTv(gw().state(), 'AC3B7F0E1001')?.familyId ?? ''
      await owner.c.api.userCenter.deleteFamilyMember({ uid: owner.uid, familyId: fam, memberUid: member.uid })
      expect(cidsOf(member.uid)).toEqual([])
      expect(cidsOf(owner.uid)).toContain(owner.cid)
      expect(revoked.at(-1)).toContain(member.cid)
      await owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam, phone: DEMO.memberPhone })
    })

    it("a member leaving ends their sessions; the owner unbinding ends every member's", async () => {
      const owner = await brokerLogin('13700003303')
      const fam = await owner.c.api.userCenter.bindDevice({ uid: owner.uid, mac: 'AC3B7F0E1005', pairCode: gw().directory.pairingCode?.('AC3B7F0E1005') })
      // members log in before they are added (no account is made for a typed number)
      await realClient(gw().url).login('13700003304')
      await realClient(gw().url).login('13700003305')
      await owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam.familyId, phone: '13700003304' })
      await owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam.familyId, phone: '13700003305' })
      const leaver = await brokerLogin('13700003304')
      const stayer = await brokerLogin('13700003305')
      await leaver.c.api.userCenter.wxaUnbindFamily({ uid: leaver.uid, familyId: fam.familyId })
      expect(cidsOf(leaver.uid)).toEqual([])
      expect(cidsOf(stayer.uid)).toEqual([stayer.cid])
      await owner.c.api.userCenter.wxaUnbindFamily({ uid: owner.uid, familyId: fam.familyId })
      expect(cidsOf(stayer.uid)).toEqual([])
      expect(cidsOf(owner.uid)).toEqual([])
    })

    it(`a user keeps at most ${BROKER_SESSIONS_PER_USER} broker sessions: the oldest are revoked (and closed) first`, async () => {
      const first = await brokerLogin('13700003306')
      const cids = [first.cid]
      for (let i = 1; i < BROKER_SESSIONS_PER_USER + 3; i++) cids.push((await first.c.api.jarvis.jarvisLogin({ uid: first.uid, phone: '13700003306', abilityString: '' })).cid)
      expect(cidsOf(first.uid).sort()).toEqual(cids.slice(3).sort())
      expect(revoked.flat()).toEqual(expect.arrayContaining(cids.slice(0, 3)))
    })
  })
})

describe('every input bounded: the broker and the box', () => {
  it('the MQTT framing guard: a packet announcing more than the limit, or a malformed length, stops the stream; split packets at the limit pass', () => {
    const ok = new PacketFraming(16)
    // PUBLISH of remaining length 16, split anywhere
    const packet = Buffer.concat([Buffer.from([0x30, 16]), Buffer.alloc(16, 1)])
    for (const b of packet) expect(ok.feed(Buffer.from([b]))).toBe(true)
    expect(ok.feed(Buffer.concat([packet, packet]))).toBe(true)
    expect(new PacketFraming(16).feed(Buffer.from([0x30, 17]))).toBe(false)
    // 2,000,000 in MQTT's variable-length encoding, before a byte of its body
    expect(new PacketFraming(16 * 1024).feed(Buffer.from([0x30, 0x80, 0x89, 0x7a]))).toBe(false)
    expect(new PacketFraming(16 * 1024).feed(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff]))).toBe(false)
  })

  it(`aedes: a publish over ${MAX_PACKET_BYTES} bytes closes the connection (TCP and WebSocket) and reaches no subscriber; one under it is delivered`, async () => {
    const directory = new MemoryDirectory()
    const tv = directory.addTv('AABBCCDDEE01')
    directory.bind('u1', tv.mac)
    const broker = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
    const heard: number[] = []
    await new Promise<void>((resolve) => broker.aedes.subscribe(`${tv.topic}/#`, (packet, done) => {
      heard.push(packet.payload.length)
      done()
    }, () => resolve()))
    const clients: MqttClient[] = []
    try {
      for (const url of [broker.urls.tcp, broker.urls.ws]) {
        const s = directory.login('u1', '13800000000')
        const c = connect(url, { clientId: s.cid, username: s.appKey, password: s.sign, reconnectPeriod: 0, ...(url.startsWith('ws') ? { forceNativeWebSocket: true, createWebsocket: (u: string, p: string[]) => new WebSocket(u, p) } : {}) })
        clients.push(c)
        await new Promise<void>((resolve, reject) => {
          c.once('connect', () => resolve())
          c.once('error', reject)
        })
        let closed = false
        c.on('close', () => (closed = true))
        await c.publishAsync(agentTopic(tv.mac, 'u1'), Buffer.alloc(8_000, 1), { qos: 1 })
        c.publish(agentTopic(tv.mac, 'u1'), Buffer.alloc(2_000_000, 1), { qos: 1 })
        const t0 = Date.now()
        while (!closed && Date.now() - t0 < 3_000) await new Promise((r) => setTimeout(r, 10))
        expect(closed).toBe(true)
      }
      expect(heard).toEqual([8_000, 8_000])
    } finally {
      for (const c of clients) c.end(true)
      await broker.close()
    }
  })

  it('the box takes only key events it knows, of bounded length; anything else changes nothing, is no last action, and the answer stays small', async () => {
    const out: string[] = []
    const box = new VirtualSetTopBox({ mac: 'AABBCCDDEE01', name: '客厅', topic: 'tvc/tv/AABBCCDDEE01' }, () => ({ childLock: false, globalLock: false }), (_t, p) => void out.push(p))
    let seq = 1
    const key = (content: Record<string, unknown>) => {
      const sequenceId = ++seq
      box.handle(JSON.stringify(buildEnvelope({ sequenceId, jarvisId: 'c', bananaId: 'AABBCCDDEE01', type: 13, content: { sNo: '1', ...content }, from: { nickname: '', topic: 'tvc/phone/c', uid: '' }, to: [] })), 'u1')
    }
    const volume = box.state.volume
    key({ keyEvent: 'KEYCODE_VOLUME_UP', value: '24' })
    expect(box.state).toMatchObject({ volume: volume + 1, lastKey: 'KEYCODE_VOLUME_UP' })
    for (const bad of [{ keyEvent: 'constructor', value: '1' }, { keyEvent: `KEYCODE_${'X'.repeat(2000)}`, value: '1' }, { keyEvent: 'KEYCODE_VOLUME_UP', value: 'v'.repeat(257) }, { keyEvent: 'KEYCODE_VOLUME_UP', value: '1', sNo: 's'.repeat(65) }, { keyEvent: 42 }]) {
      key(bad)
      expect(box.state).toMatchObject({ volume: volume + 1, lastKey: 'KEYCODE_VOLUME_UP' })
    }
    expect(knownKeyEvent({ keyEvent: 'KEYCODE_5', value: '12' })).toBe('KEYCODE_5')
    expect(knownKeyEvent({ keyEvent: 'toString' })).toBe('')
    await new Promise((r) => setImmediate(r))
    expect(Math.max(...out.map((p) => p.length))).toBeLessThan(2_048)
    // a play whose load URL is over 1024 characters is not played
    const before = box.state.playing
    box.handle(JSON.stringify(buildEnvelope({ sequenceId: ++seq, jarvisId: 'c', bananaId: 'AABBCCDDEE01', type: 9, content: { action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: `http://x/${'a'.repeat(PLAY_LIMITS.loadUrl)}` }, params: '', type: 'web' }, from: { nickname: '', topic: 'tvc/phone/c', uid: '' }, to: [] })), 'u1')
    expect(box.state.playing).toBe(before)
  })
})

describe('every string the gateway stores is bounded', () => {
  const gw = sharedTestGateway()

  /** A request of `endpoint` with every field filled (strings 'x', numbers 1, booleans, one-item lists), encrypted as the client would. */
  function filled(schema: Schema): unknown {
    switch (schema.kind) {
      case 'string':
        return schema.values ? schema.values[0] : 'x'
      case 'number':
        return 1
      case 'boolean':
        return false
      case 'literal':
        return schema.value
      case 'array':
        return [filled(schema.items)]
      case 'record':
        return {}
      case 'json':
        return null
      case 'object':
        return Object.fromEntries(Object.entries(schema.fields).map(([k, f]) => [k, filled(f)]))
    }
  }
  /** Paths of the string fields of a request (object fields and list items). */
  function stringPaths(schema: Schema, at: Array<string | number> = []): Array<{ path: Array<string | number>; max: number }> {
    if (schema.kind === 'string' && !schema.values) return [{ path: at, max: schema.max ?? DEFAULT_STRING_MAX }]
    if (schema.kind === 'array') return stringPaths(schema.items, [...at, 0])
    if (schema.kind === 'object') return Object.entries(schema.fields).flatMap(([k, f]) => stringPaths(f, [...at, k]))
    return []
  }
  async function send(endpoint: Endpoint, payload: unknown, session: { token: string; secret: string }) {
    const wire = buildRequest({ baseUrl: gw().url, endpoint, cipher: aesCbcScheme().encrypt(JSON.stringify(payload), session.secret || TEST_APP_KEY), requestId: 'r', token: session.token, appId: 'a' })
    const res = await fetch(wire.url, { method: wire.method, headers: wire.headers, body: wire.body })
    return (await res.json()) as { resultCode: string; resultMsg: string }
  }

  it('every string field of every contract entry, one character over its bound, is refused with 1001 naming the field; nothing in the state changes', async () => {
    const c = realClient(gw().url)
    await c.login(DEMO.phone)
    const before = JSON.stringify({ ...gw().state(), sessions: null, jarvis: null, wxCodes: null, wxTickets: null })
    const refusals: string[] = []
    let fields = 0
    for (const { endpoint } of contractEntries()) {
      for (const { path, max } of stringPaths(endpoint.request)) {
        fields++
        const payload = filled(endpoint.request) as Record<string, unknown>
        let at: Record<string | number, unknown> = payload
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
        at[path[path.length - 1]] = 'y'.repeat(max + 1)
        const r = await send(endpoint, payload, endpoint.auth === 'token' ? c.session : { token: '', secret: '' })
        if (r.resultCode !== '1001' || !r.resultMsg.startsWith('参数过长') || !r.resultMsg.includes(String(max))) refusals.push(`${endpoint.path} ${path.join('.')}: ${r.resultCode} ${r.resultMsg.slice(0, 60)}`)
      }
    }
    expect(refusals).toEqual([])
    expect(fields).toBeGreaterThan(150)
    expect(JSON.stringify({ ...gw().state(), sessions: null, jarvis: null, wxCodes: null, wxTickets: null })).toBe(before)
  }, 60_000)

  it('a list over 100 items and a field name over 64 characters are refused the same way', async () => {
    const c = realClient(gw().url)
    const u = await c.login(DEMO.phone)
    const many = await send(contract.box.deleteCollection, { uid: u.uid, programIds: Array.from({ length: DEFAULT_ARRAY_MAX + 1 }, () => 'p') }, c.session)
    expect(many).toMatchObject({ resultCode: '1001', resultMsg: `参数过长：$.programIds 超过 ${DEFAULT_ARRAY_MAX} 项` })
    const key = await send(contract.box.checkIsCollection, { uid: u.uid, programId: 'p0001', ['k'.repeat(65)]: 1 }, c.session)
    expect(key.resultCode).toBe('1001')
    expect(key.resultMsg.length).toBeLessThan(100)
  })

  it('the finer rules: a new user\'s nickname, a TV name, a page key, the sharer (an existing user only)', async () => {
    const c = realClient(gw().url)
    await expect(c.api.userCenter.mobileLogin({ ...devProvenPhone('13700003401'), nickName: '一'.repeat(21) })).rejects.toMatchObject({ code: '1001', message: '昵称为1到20个字' })
    await expect(c.api.userCenter.mobileLogin({ ...devProvenPhone('13700003401'), nickName: 'a\u202eb' })).rejects.toMatchObject({ code: '1001', message: '昵称不能包含控制字符' })
    expect(Object.values(gw().state().users).some((u) => u.phone === '13700003401')).toBe(false)
    const u = await c.login('13700003402')
    expect(gw().state().users[u.uid].sharerUid).toBe('')
    const shared = realClient(gw().url)
    await shared.api.userCenter.mobileLogin({ ...devProvenPhone('13700003403'), sharerUid: 'u-nobody' })
    expect(Object.values(gw().state().users).find((x) => x.phone === '13700003403')?.sharerUid).toBe('')
    await expect(c.api.userCenter.bindDevice({ uid: u.uid, mac: 'AC3B7F0E1006', deviceName: '长'.repeat(17) })).rejects.toMatchObject({ code: '1001', message: '电视名称为1到16个字' })
    expect(familyOfTv(gw().state(), 'AC3B7F0E1006')).toBeUndefined()
    await expect(c.api.userCenter.pageGuide({ uid: u.uid, page: '../../etc', markSeen: true })).rejects.toMatchObject({ code: '1001' })
    for (let i = 0; i < 60; i++) await c.api.userCenter.pageGuide({ uid: u.uid, page: `pages/p${i}/p${i}`, markSeen: true })
    expect(gw().state().users[u.uid].guidesSeen).toHaveLength(50)
    expect(gw().state().users[u.uid].guidesSeen.at(-1)).toBe('pages/p59/p59')
  })

  it('a user keeps at most 20 addresses; the 21st is refused with a message, an edit still works', async () => {
    const c = realClient(gw().url)
    const u = await c.login('13700003404')
    const address = { uid: u.uid, name: '张三', phone: '13800000009', province: '广东省', city: '广州市', district: '天河区', detail: '体育西路100号', isDefault: false }
    let first = ''
    for (let i = 0; i < 20; i++) {
      const saved = await c.api.userCenter.saveAddress(address)
      first ||= saved.addressId
    }
    await expect(c.api.userCenter.saveAddress(address)).rejects.toMatchObject({ code: '1001', message: '最多保存20个收货地址，请先修改或删除已有地址' })
    expect(gw().state().addresses[u.uid]).toHaveLength(20)
    expect((await c.api.userCenter.saveAddress({ ...address, addressId: first, detail: '体育西路200号' })).detail).toBe('体育西路200号')
  })

  it('log batches: at most 200 records each; the batches kept in memory are bounded by count and size (the oldest go)', () => {
    const logs: LogBatch[] = []
    for (let i = 0; i < 300; i++) keepLogBatch(logs, { seqid: String(i), mac: '', records: [], bytes: 100 })
    expect(logs).toHaveLength(LOGS_KEPT)
    expect(logs[0].seqid).toBe('100')
    for (let i = 0; i < 40; i++) keepLogBatch(logs, { seqid: `big${i}`, mac: '', records: [], bytes: 100_000 })
    expect(logs.reduce((a, b) => a + b.bytes, 0)).toBeLessThanOrEqual(LOGS_KEPT_CHARS)
    expect(logs.at(-1)?.seqid).toBe('big39')
  })

  it(`sessions: stale ones go, and a user keeps at most ${SESSIONS_PER_USER} (the oldest end)`, async () => {
    const first = realClient(gw().url)
    const u = await first.login('13700003405')
    const clients = [first]
    for (let i = 0; i < SESSIONS_PER_USER; i++) {
      const c = realClient(gw().url)
      await c.login('13700003405')
      clients.push(c)
    }
    expect(Object.values(gw().state().sessions).filter((s) => s.uid === u.uid)).toHaveLength(SESSIONS_PER_USER)
    expect(gw().tokens.lookup(first.session.token)).toBeNull()
    expect(gw().tokens.lookup(clients.at(-1)?.session.token ?? '')?.status).toBe('valid')
  })
})

describe('uploads and errors', () => {
  const gw = sharedTestGateway()
  const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name))
  async function upload(token: string, uid: string, bytes: Buffer) {
    const form = new FormData()
    form.append(avatarUpload.uidField, uid)
    form.append(avatarUpload.field, new Blob([new Uint8Array(bytes)]), 'a.img')
    const res = await fetch(new URL(avatarUpload.path, gw().url), { method: 'POST', headers: { 'UCS-TOKEN': token }, body: form })
    return (await res.json()) as { resultCode: string; resultMsg: string; data: { faceImg: string } | null }
  }
  /** The fixture PNG (16 x 16) declaring another size in its IHDR (the CRC is not what this is about). */
  const pngOf = (w: number, h: number) => {
    const b = Buffer.from(fixture('avatar.png'))
    b.writeUInt32BE(w, 16)
    b.writeUInt32BE(h, 20)
    return b
  }
  /** The fixture JPEG (one scan) with `extra` put just before its EOI, and `tail` after it. */
  const jpegWith = (extra: Buffer, tail = Buffer.alloc(0)) => {
    const j = fixture('avatar.jpg')
    return Buffer.concat([j.subarray(0, j.length - 2), extra, j.subarray(j.length - 2), tail])
  }
  const segment = (marker: number, body: string) => {
    const head = Buffer.from([0xff, marker, 0, 0])
    head.writeUInt16BE(body.length + 2, 2)
    return Buffer.concat([head, Buffer.from(body, 'latin1')])
  }

  it(`reads every format's declared pixel size; over ${AVATAR_MAX_SIDE} on a side is refused (1001, a message), nothing stored`, async () => {
    expect(cleanImage(fixture('avatar.png'))?.size).toEqual({ width: 16, height: 16 })
    expect(cleanImage(fixture('avatar.jpg'))?.size).toEqual({ width: expect.any(Number), height: expect.any(Number) })
    expect(cleanImage(fixture('avatar.webp'))?.size.width).toBeGreaterThan(0)
    const c = realClient(gw().url)
    const u = await c.login('13700003501')
    for (const big of [pngOf(50_000, 50_000), pngOf(AVATAR_MAX_SIDE + 1, 16), pngOf(16, 0)]) {
      expect(await upload(c.session.token, u.uid, big)).toMatchObject({ resultCode: '1001', resultMsg: expect.stringContaining(String(AVATAR_MAX_SIDE)) })
    }
    expect(Object.values(gw().state().uploads).some((x) => x.uid === u.uid)).toBe(false)
    expect((await upload(c.session.token, u.uid, pngOf(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE))).resultCode).toBe('000')
  })

  it('a JPEG: metadata after the scan goes, a later scan stays, nothing after EOI is kept; a PNG ends at IEND, a WebP at its RIFF size', () => {
    const j = fixture('avatar.jpg')
    const sneaky = jpegWith(Buffer.concat([segment(0xe1, 'Exif\0\0GPSLatitude'), segment(0xfe, 'home addr')]), Buffer.from('PK\x03\x04 trailing zip', 'latin1'))
    const out = cleanImage(sneaky)?.bytes ?? Buffer.alloc(0)
    expect(out.equals(j)).toBe(true)
    // a second scan (as a progressive JPEG has): its tables and data stay
    const sos = j.indexOf(Buffer.from([0xff, 0xda]))
    const secondScan = j.subarray(sos, j.length - 2)
    const twoScans = cleanImage(jpegWith(secondScan))?.bytes ?? Buffer.alloc(0)
    expect(twoScans.length).toBe(j.length + secondScan.length)
    expect(cleanImage(Buffer.concat([fixture('avatar.png'), Buffer.from('tail')]))?.bytes.equals(cleanImage(fixture('avatar.png'))?.bytes ?? Buffer.alloc(0))).toBe(true)
    const webp = fixture('avatar.webp')
    expect(cleanImage(Buffer.concat([webp, Buffer.from('tail')]))?.bytes.equals(cleanImage(webp)?.bytes ?? Buffer.alloc(0))).toBe(true)
    // a JPEG without a frame header, or a scan that never ends, is no image
    expect(cleanImage(Buffer.concat([j.subarray(0, 2), j.subarray(sos)]))).toBeNull()
    expect(cleanImage(j.subarray(0, j.length - 2))).toBeNull()
  })

  it("two users upload the same picture: two records; one user's next upload leaves the other's avatar served", async () => {
    const a = realClient(gw().url)
    const ua = await a.login('13700003502')
    const b = realClient(gw().url)
    const ub = await b.login('13700003503')
    const first = await upload(a.session.token, ua.uid, fixture('avatar.png'))
    const second = await upload(b.session.token, ub.uid, fixture('avatar.png'))
    expect(first.data?.faceImg).not.toBe(second.data?.faceImg)
    await upload(b.session.token, ub.uid, fixture('avatar.webp'))
    expect((await fetch(first.data?.faceImg ?? '')).status).toBe(200)
    expect(Object.values(gw().state().uploads).filter((x) => x.uid === ub.uid)).toHaveLength(1)
  })

  it('an internal failure answers 9999 with a plain message (no error text, no path); a URL that does not parse is a 400 and the gateway keeps serving', async () => {
    const c = realClient(gw().url)
    const u = await c.login('13700003504')
    const blocker = `${path.join(gw().dataDir, STATE_FILE)}.${process.pid}.tmp`
    fs.mkdirSync(blocker)
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await expect(c.api.userCenter.saveProfile({ uid: u.uid, nickName: '新名字' })).rejects.toMatchObject({ code: '9999', message: '服务暂时出现问题，请稍后再试' })
      expect(errors).toHaveBeenCalled()
    } finally {
      errors.mockRestore()
      fs.rmdirSync(blocker)
    }
    expect(await rawHttp(`${gw().url.replace(/\/$/, '')}//`, {})).toBe(400)
    expect(await rawHttp(`${gw().url}__emulator/health`, {})).toBe(200)
  })

  it('the broker\'s HTTP port answers an unparsable URL with 400 and keeps serving', async () => {
    const directory = new MemoryDirectory()
    const broker = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const base = broker.urls.ws.replace(/^ws/, 'http').replace(/\/mqtt$/, '')
      expect(await rawHttp(`${base}//`, {})).toBe(400)
      expect(await rawHttp(`${base}/`, {})).toBe(426)
    } finally {
      errors.mockRestore()
      await broker.close()
    }
  })
})
