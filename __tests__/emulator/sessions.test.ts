/** @jest-environment node */
/**
 * The phones keep persistent MQTT sessions. The local broker (aedes) bounds them as the
 * operator's RabbitMQ policy does (emulator/broker/sessions.ts): a reconnect of the same login finds its
 * subscription; nothing is queued while the phone is away; a session left alone is removed after its
 * time-to-live; a revoked broker session's is removed at once. Real broker, real mqtt.js.
 */
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { startBroker, tvSecretFor, DEFAULT_TV_SECRET, TV_USERNAME_PREFIX, type RunningBroker } from '../../emulator/broker'
import { MemoryDirectory } from '../../emulator/broker/memoryDirectory'

const MAC = 'AABBCCDDEE01'
const TTL_MS = 400
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('persistent phone sessions on the local broker', () => {
  let broker: RunningBroker
  let directory: MemoryDirectory
  const clients: MqttClient[] = []

  beforeEach(async () => {
    directory = new MemoryDirectory()
    directory.addTv(MAC)
    directory.bind('u1', MAC)
    broker = await startBroker({ directory, wsPort: 0, tcpPort: 0, sessionTtlMs: TTL_MS })
  })
  afterEach(async () => {
    for (const c of clients.splice(0)) c.end(true)
    await broker.close()
  })

  const open = (opts: IClientOptions) =>
    new Promise<{ c: MqttClient; sessionPresent: boolean }>((resolve, reject) => {
      const c = connect(broker.urls.tcp, { reconnectPeriod: 0, protocolVersion: 4, ...opts })
      clients.push(c)
      c.once('connect', (connack) => resolve({ c, sessionPresent: connack.sessionPresent }))
      c.once('error', reject)
    })
  const phone = (s: ReturnType<MemoryDirectory['login']>) => open({ clientId: s.cid, username: s.appKey, password: s.sign, clean: false })
  const tv = () => open({ clientId: `tv-${MAC}`, username: `${TV_USERNAME_PREFIX}${MAC}`, password: tvSecretFor(DEFAULT_TV_SECRET, MAC), clean: true })
  const end = (c: MqttClient) => new Promise<void>((r) => c.end(false, {}, () => r()))
  const publish = (c: MqttClient, topic: string, text: string) => new Promise<void>((r, j) => c.publish(topic, text, { qos: 1 }, (e) => (e ? j(e) : r())))
  const received = (c: MqttClient) => {
    const got: string[] = []
    c.on('message', (_t, p) => got.push(p.toString()))
    return got
  }
  /** The phone comes back to its session and hears only what the TV says from now on. */
  const expectOnlyFreshOnReturn = async (s: ReturnType<MemoryDirectory['login']>, box: MqttClient) => {
    const again = await phone(s)
    expect(again.sessionPresent).toBe(true)
    const got = received(again.c)
    await publish(box, s.clientTopic[0], 'fresh')
    for (let i = 0; i < 50 && !got.includes('fresh'); i++) await sleep(10)
    expect(got).toEqual(['fresh'])
  }
  const subs = async (id: string) => (await (broker.aedes as unknown as { persistence: { subscriptionsByClient(c: { id: string }): Promise<unknown[] | null> } }).persistence.subscriptionsByClient({ id })) ?? []

  it('a reconnect of the same login finds its subscription (session present) and gets what is published after', async () => {
    const s = directory.login('u1', '13800000000')
    const first = await phone(s)
    expect(first.sessionPresent).toBe(false)
    await new Promise((r, j) => first.c.subscribe(s.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
    await end(first.c)

    const again = await phone(s)
    expect(again.sessionPresent).toBe(true)
    const got = received(again.c)
    const box = await tv()
    await publish(box.c, s.clientTopic[0], 'reply after the return')
    for (let i = 0; i < 50 && got.length === 0; i++) await sleep(10)
    expect(got).toEqual(['reply after the return'])
  })

  it('nothing is queued for a phone that is away: what the TV sent meanwhile is not delivered on its return', async () => {
    const s = directory.login('u1', '13800000000')
    const first = await phone(s)
    await new Promise((r, j) => first.c.subscribe(s.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
    await end(first.c)
    const box = await tv()
    await publish(box.c, s.clientTopic[0], 'stale announcement')

    await expectOnlyFreshOnReturn(s, box.c)
  })

  it('what was in flight when the phone left (no PUBACK yet) is not delivered on its return either', async () => {
    const s = directory.login('u1', '13800000000')
    // a phone that never acknowledges: the message stays in flight
    const first = await open({ clientId: s.cid, username: s.appKey, password: s.sign, clean: false, customHandleAcks: () => undefined })
    await new Promise((r, j) => first.c.subscribe(s.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
    const inFlight = received(first.c)
    const box = await tv()
    await publish(box.c, s.clientTopic[0], 'in flight at the drop')
    for (let i = 0; i < 50 && inFlight.length === 0; i++) await sleep(10)
    expect(inFlight).toEqual(['in flight at the drop'])
    first.c.end(true)
    await sleep(50)

    await expectOnlyFreshOnReturn(s, box.c)
  })

  it('a session whose phone stays away longer than its time-to-live is removed; one that returns in time is kept', async () => {
    const gone = directory.login('u1', '13800000000')
    const back = directory.login('u1', '13800000000')
    for (const s of [gone, back]) {
      const p = await phone(s)
      await new Promise((r, j) => p.c.subscribe(s.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
      await end(p.c)
    }
    expect(broker.sessions.absent()).toBe(2)
    await sleep(TTL_MS / 2)
    const returned = await phone(back)
    expect(returned.sessionPresent).toBe(true)
    await sleep(TTL_MS)
    expect(await subs(gone.cid)).toEqual([])
    expect(broker.sessions.absent()).toBe(0)
    const late = await phone(gone)
    expect(late.sessionPresent).toBe(false)
  })

  it('a clean session leaves nothing to expire', async () => {
    const s = directory.login('u1', '13800000000')
    const p = await open({ clientId: s.cid, username: s.appKey, password: s.sign, clean: true })
    await new Promise((r, j) => p.c.subscribe(s.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
    await end(p.c)
    expect(broker.sessions.absent()).toBe(0)
  })

  it('a revoked broker session (logout, removal) loses its persistent session at once, connected or not', async () => {
    const connected = directory.login('u1', '13800000000')
    const away = directory.login('u1', '13800000000')
    const a = await phone(connected)
    await new Promise((r, j) => a.c.subscribe(connected.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
    const b = await phone(away)
    await new Promise((r, j) => b.c.subscribe(away.clientTopic[0], { qos: 1 }, (e) => (e ? j(e) : r(null))))
    await end(b.c)
    expect(await subs(away.cid)).toHaveLength(1)

    directory.revoke(connected.cid, away.cid)
    for (let i = 0; i < 100 && ((await subs(connected.cid)).length || (await subs(away.cid)).length); i++) await sleep(10)
    expect(await subs(connected.cid)).toEqual([])
    expect(await subs(away.cid)).toEqual([])
    expect(broker.sessions.absent()).toBe(0)
  })
})
