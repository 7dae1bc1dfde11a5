/** @jest-environment node */
import { broker } from '../../src/config'
import { TvLink, type LinkState } from '../../src/services/tv/link'
import type { JarvisCredentials } from '../../src/services/tv/types'
import type { WebSocketLike } from '../../src/services/tv/socketPort'
import { CREDS, DEVICE, FakeClient, OWN_TOPIC, USER, fakeApi, fakeConnect, flush, goOnline, replyTo } from './helpers/fakeMqtt'

/**
 * The phone's MQTT session is persistent (clean session off) under jarvisLogin's client id.
 * - A reconnect of the same login whose CONNACK says the session is present does not subscribe again:
 *   the sync goes out at once (RabbitMQ 3.10: no queue delete at the drop, no declare + bind at the return).
 * - A CONNACK without the session (it expired, the broker lost it) subscribes as before; so does a new
 *   client id, whatever the CONNACK says.
 * - A reply to a request of an earlier connection (kept by the session while the phone was away) is
 *   stale: it does not bring the TV online.
 * - After the drop, an attempt hung up on without a CONNACK (its socket opened: RabbitMQ hangs up on a
 *   session whose queue lived on a dead node) fetches new credentials; one whose socket never opened
 *   (the balancer restarting, no network) says nothing of the session and fetches none. mqtt.js's next
 *   attempt goes out under the new client id. If jarvisLogin fails, nothing changes: mqtt.js goes on,
 *   and the state stays 'reconnecting'.
 */
beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

const FRESH: JarvisCredentials = { cid: 'cid-2', appKey: 'key-2', sign: 'sign-2', clientTopic: ['tvc/phone/cid-2'] }

function setup(session?: 'clean' | 'persistent') {
  const mq = fakeConnect()
  const api = fakeApi()
  const states: Array<[LinkState, string | null]> = []
  const link = new TvLink(
    { api, loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket: jest.fn(() => ({ onopen: null }) as unknown as WebSocketLike), random: () => 0, ...(session ? { session } : {}) },
    { state: (s, e) => states.push([s, e]), mode: () => undefined, message: () => undefined },
  )
  return { link, api, states, mq, client: (): FakeClient => mq.clients[mq.clients.length - 1] }
}

/**
 * One attempt of mqtt.js: it builds its socket through the link's createWebsocket; `opened`: the socket
 * opened (the broker took the connection) before the close without a CONNACK, or was refused.
 */
function failedAttempt(c: FakeClient, opened: boolean): void {
  const ws = (c.opts.createWebsocket as (url: string, protocols: string[]) => WebSocketLike)('ws://127.0.0.1:8883/mqtt', ['mqtt'])
  ws.onopen = () => undefined
  if (opened) ws.onopen?.({ type: 'open' })
  c.emit('close')
}

const keyEvents = (c: FakeClient, from: number) => c.published.slice(from).map((p) => p.envelope.actionData.content.keyEvent)

describe('persistent phone sessions', () => {
  it('is the app default: clean session off, under the client id of the login', async () => {
    expect(broker.session).toBe('persistent')
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.client().opts).toMatchObject({ clientId: CREDS.cid, clean: false, resubscribe: false })
    const clean = setup('clean')
    clean.link.setTarget(DEVICE, USER)
    await flush()
    expect(clean.client().opts).toMatchObject({ clean: true })
  })

  it('a reconnect that finds its session sends the sync at once, without a SUBSCRIBE', async () => {
    const h = setup()
    const c = await goOnline(h)
    expect(c.subscriptions).toHaveLength(1)
    const before = c.published.length
    c.drop()
    expect(h.link.snapshot().state).toBe('reconnecting')
    c.connack(true)
    expect(c.subscriptions).toHaveLength(1)
    expect(keyEvents(c, before)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    c.deliver(OWN_TOPIC, replyTo(c.published[before], 87, { lockCurrentStatus: 1 }))
    c.deliver(OWN_TOPIC, replyTo(c.published[before + 1], 32, { code: 2 }))
    expect(h.link.snapshot().state).toBe('online')
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
  })

  it("a reply to a request of the earlier connection, delivered from the session after the return, is stale: it does not bring the TV online", async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    const old = c.last().envelope.actionData.content.keyEvent === 'getCurrentScreenType' ? c.published[c.published.length - 2] : c.last()
    c.drop()
    jest.advanceTimersByTime(1_000)
    const before = c.published.length
    c.connack(true)
    expect(h.link.snapshot().state).not.toBe('online')
    // the broker hands over what the session kept: the TV's reply to the sync of before the drop
    c.deliver(OWN_TOPIC, replyTo(old, 87, { lockCurrentStatus: 1 }))
    expect(h.link.snapshot().state).not.toBe('online')
    // the TV's answer to this connection's own sync does
    c.deliver(OWN_TOPIC, replyTo(c.published[before], 87, { lockCurrentStatus: 1 }))
    c.deliver(OWN_TOPIC, replyTo(c.published[before + 1], 32, { code: 2 }))
    expect(h.link.snapshot().state).toBe('online')
  })

  it('a reply sent again by the session while the phone is still reconnecting (before its CONNACK) does not call the TV online', async () => {
    const h = setup()
    const c = await goOnline(h)
    const [sync] = c.published
    c.drop()
    expect(h.link.snapshot().state).toBe('reconnecting')
    // the broker resends a QoS 1 reply whose PUBACK was lost with the old connection; mqtt.js can hand
    // it over before it emits 'connect'
    c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
    expect(h.link.snapshot().state).toBe('reconnecting')
  })

  it('a CONNACK without the session (expired, lost) subscribes again before it sends anything', async () => {
    const h = setup()
    const c = await goOnline(h)
    const before = c.published.length
    c.drop()
    c.connack(false)
    expect(c.subscriptions).toHaveLength(2)
    expect(c.published).toHaveLength(before)
    c.suback()
    expect(keyEvents(c, before)).toEqual(['syncPlayState', 'getCurrentScreenType'])
  })

  it('a clean session never skips its SUBSCRIBE, even when a broker says a session is present', async () => {
    const h = setup('clean')
    const c = await goOnline(h)
    const before = c.published.length
    c.drop()
    c.connack(true)
    expect(c.subscriptions).toHaveLength(2)
    expect(c.published).toHaveLength(before)
  })

  it('a new login (new client id) subscribes its own new topic, whatever the CONNACK says', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.api.creds = FRESH
    // the network came back: a fresh start, with a new jarvisLogin
    h.link.onNetworkChange(true)
    await flush()
    jest.advanceTimersByTime(800)
    await flush()
    const next = h.client()
    expect(next).not.toBe(c)
    expect(next.opts.clientId).toBe(FRESH.cid)
    next.connack(true)
    expect(next.subscriptions.map((s) => s.topic)).toEqual([FRESH.clientTopic[0]])
    expect(next.published).toHaveLength(0)
  })

  it('the drop and then a failed attempt: new credentials for the next attempt, which subscribes their topic; never "offline"', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.api.creds = FRESH
    c.drop()
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
    // mqtt.js's retry reached a broker that hung up without a CONNACK
    failedAttempt(c, true)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(c.options).toMatchObject({ clientId: FRESH.cid, username: FRESH.appKey, password: FRESH.sign })
    // the same mqtt.js client connects again, under the new id: a new session
    c.connack(false)
    expect(c.subscriptions.map((s) => s.topic)).toEqual([OWN_TOPIC, FRESH.clientTopic[0]])
    c.suback()
    const sync = c.last().envelope.actionData.content.keyEvent === 'getCurrentScreenType' ? c.published[c.published.length - 2] : c.last()
    expect(sync.envelope.actionData.from.topic).toBe(FRESH.clientTopic[0])
    c.deliver(FRESH.clientTopic[0], replyTo(sync, 87, { lockCurrentStatus: 1 }, { toTopic: FRESH.clientTopic[0] }))
    expect(h.states.map(([s]) => s)).not.toContain('offline')
    // one renewal per outage: further failed attempts ask nothing more while one is settled
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
  })

  it('when jarvisLogin fails meanwhile (the phone has no network), mqtt.js goes on under the old id and the state stays reconnecting', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.api.creds = null
    c.drop()
    failedAttempt(c, true)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(c.options.clientId).toBe(CREDS.cid)
    expect(h.link.snapshot().state).toBe('reconnecting')
    expect(c.ended).toBe(false)
    // the old session is still there when the network comes back: no SUBSCRIBE
    c.connack(true)
    expect(c.subscriptions).toHaveLength(1)
  })

  it('clean sessions fetch no new credentials on failed attempts (their next SUBSCRIBE declares a new queue anyway)', async () => {
    const h = setup('clean')
    const c = await goOnline(h)
    c.drop()
    failedAttempt(c, true)
    failedAttempt(c, true)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
  })

  it('an attempt whose socket never opened (the balancer restarting, no network) keeps the session: no new credentials', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.api.creds = FRESH
    c.drop()
    failedAttempt(c, false)
    failedAttempt(c, false)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
    expect(c.options.clientId).toBe(CREDS.cid)
    // the balancer is back: the session is found, nothing to subscribe
    c.connack(true)
    expect(c.subscriptions).toHaveLength(1)
    // while a hang-up after the socket opened does bring new credentials
    c.drop()
    failedAttempt(c, true)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
  })
})
