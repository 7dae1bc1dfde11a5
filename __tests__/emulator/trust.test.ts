/** @jest-environment node */
/**
 * Issue 32, trust at the edges (the local stack as the operator's reference policy): broker sessions
 * end with the rights they stood for. The fault rows (faults/trust.fault.ts) run the same attacks end
 * to end; these are the rules one by one.
 */
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { createBrokerPolicy, DEFAULT_TV_SECRET, MAX_PACKET_BYTES, startBroker } from '../../emulator/broker'
import { PacketFraming } from '../../emulator/broker/packetLimit'
import { agentTopic } from '../../emulator/directory'
import { knownKeyEvent, PLAY_LIMITS, VirtualSetTopBox } from '../../emulator/settop/box'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { decide } from '../../emulator/broker/httpAuth'
import { MemoryDirectory } from '../../emulator/broker/memoryDirectory'
import { familyOfTv } from '../../emulator/db/state'
import { BROKER_SESSIONS_PER_USER } from '../../emulator/gateway/handlers/brokerSessions'
import { DEMO } from '../../emulator/gateway'
import { realClient, sharedTestGateway } from './helpers/gateway'
import { tryConnect } from './helpers/raw'

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
      const fam = await owner.c.api.userCenter.bindDevice({ uid: owner.uid, mac: 'AC3B7F0E1005' })
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

describe('every input bounded: the broker and the box (issue 32)', () => {
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
