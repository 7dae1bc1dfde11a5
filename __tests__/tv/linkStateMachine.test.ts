/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
import { broker as brokerConfig, tvTimers as timing } from '../../src/config'
import { TvLink, type LinkState } from '../../src/services/tv/link'
import { DEFAULT_TV_MESSAGE, DEFAULT_TV_MODE, type TvMessage, type TvMode } from '../../src/protocol/tv/messages'
import { tv } from '../../src/strings'
import {
  CREDS,
  DEVICE,
  FakeClient,
  OWN_TOPIC,
  TV_TOPIC,
  USER,
  fakeApi,
  fakeConnect,
  flush,
  goOnline,
  replyTo,
} from './helpers/fakeMqtt'
import type { MqttClientLike, MqttConnectOptions } from '../../src/services/tv/types'

/**
 * SPEC section 4, rule by rule, with jest fake timers and a fake mqtt client (the test plays the
 * broker and the TV). The same link runs against real mqtt.js in integration.test.ts.
 */

function setup() {
  const api = fakeApi()
  const mq = fakeConnect()
  const events = { states: [] as Array<[LinkState, string | null]>, modes: [] as TvMode[], messages: [] as TvMessage[] }
  const createWebsocket = jest.fn()
  const link = new TvLink(
    { api, loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket },
    {
      state: (s, e) => events.states.push([s, e]),
      mode: (m) => events.modes.push(m),
      message: (m) => events.messages.push(m),
    },
  )
  const client = (): FakeClient => mq.clients[mq.clients.length - 1]
  return { api, mq, events, link, client, createWebsocket }
}

type Harness = ReturnType<typeof setup>

/** The TV answers the last command (keeps the id check matched). */
function answerLast(c: FakeClient): void {
  c.deliver(OWN_TOPIC, replyTo(c.last(), 87, { lockCurrentStatus: 1 }))
}

const keyEventOf = (c: FakeClient, i: number) => c.published[i].envelope.actionData.content.keyEvent

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('no device selected', () => {
  it('sets the fake local states (87 currentEPGVersion 1, 32 code 2) and makes no connection', async () => {
    const h = setup()
    h.link.setTarget(null, USER)
    await flush()
    jest.advanceTimersByTime(120_000)
    expect(h.events.modes).toEqual([DEFAULT_TV_MODE])
    expect(DEFAULT_TV_MODE).toEqual({ type: 87, content: { currentEPGVersion: 1 } })
    expect(h.events.messages).toEqual([DEFAULT_TV_MESSAGE])
    expect(DEFAULT_TV_MESSAGE).toEqual({ type: 32, content: { code: 2 } })
    expect(h.api.jarvisLogin).not.toHaveBeenCalled()
    expect(h.api.queryAgentTopic).not.toHaveBeenCalled()
    expect(h.mq.clients).toHaveLength(0)
    expect(h.link.sendKey('ok')).toEqual({ ok: false, reason: 'noDevice', message: tv.noDevice })
  })

  it('deselecting a connected TV closes the link and restores the fake states', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.setTarget(null, null)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot().state).toBe('idle')
    expect(h.events.modes[h.events.modes.length - 1]).toEqual(DEFAULT_TV_MODE)
    expect(h.events.messages[h.events.messages.length - 1]).toEqual(DEFAULT_TV_MESSAGE)
  })
})

describe('with a device: login, topic, connect, subscribe, then sync + screen type', () => {
  it('logs in, looks up the TV topic with lowercase macs and connects with the SPEC broker settings', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    expect(h.link.snapshot().state).toBe('connecting')
    await flush()
    expect(h.api.calls.jarvisLogin).toEqual([{ uid: 'u-1', phone: '13800000001', abilityString: 'ab-1' }])
    expect(h.api.calls.queryAgentTopic).toEqual([['aabbccddeeff']])
    expect(h.mq.clients).toHaveLength(1)
    const { url, opts } = h.client()
    expect(url).toBe('ws://127.0.0.1:8883/mqtt')
    expect(opts).toMatchObject({
      clientId: CREDS.cid,
      username: CREDS.appKey,
      password: CREDS.sign,
      protocolVersion: 4,
      connectTimeout: 30_000,
      // a persistent session per login (persistentSession.test.ts)
      clean: false,
      resubscribe: false,
      forceNativeWebSocket: true,
    })
    // the platform socket, through the link (which watches each socket open: persistentSession.test.ts)
    const socket = { onopen: null }
    h.createWebsocket.mockReturnValueOnce(socket)
    expect(opts.createWebsocket?.('ws://127.0.0.1:8883/mqtt', ['mqtt'])).toBe(socket)
    expect(h.createWebsocket).toHaveBeenCalledWith('ws://127.0.0.1:8883/mqtt', ['mqtt'])
    // SPEC 9's 1 s, plus the jitter of 0..1 s on a first retry: reconnectJitter.test.ts
    expect(opts.reconnectPeriod).toBeGreaterThanOrEqual(1_000)
    expect(opts.reconnectPeriod).toBeLessThan(2_000)
    expect(brokerConfig).toMatchObject({ protocolVersion: 4, connectTimeoutMs: 30_000, reconnectPeriodMs: 1_000, qos: 1 })
  })

  it('subscribes its own topic at QoS 1 and sends nothing before the SUBACK', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    expect(c.subscriptions.map((s) => [s.topic, s.qos])).toEqual([[OWN_TOPIC, 1]])
    expect(c.published).toHaveLength(0)
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs - 1)
    expect(c.published).toHaveLength(0)
    c.suback()
    expect(c.published.map((p) => [p.topic, p.qos, p.envelope.actionData.type])).toEqual([
      [TV_TOPIC, 1, 13],
      [TV_TOPIC, 1, 13],
    ])
    expect(keyEventOf(c, 0)).toBe('syncPlayState')
    expect(keyEventOf(c, 1)).toBe('getCurrentScreenType')
  })

  it('a refused SUBACK (0x80) stops there: nothing sent, the user is told', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    c.suback(128)
    expect(c.published).toHaveLength(0)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkSubscribeRefused })
  })

  it('a failed jarvisLogin or topic lookup is reported, with no connection', async () => {
    const h = setup()
    h.api.creds = null
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkLoginFailed })
    expect(h.mq.clients).toHaveLength(0)

    const h2 = setup()
    h2.api.queryAgentTopic.mockRejectedValueOnce(new Error('network'))
    h2.link.setTarget(DEVICE, USER)
    await flush()
    expect(h2.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkTopicMissing })
    expect(h2.mq.clients).toHaveLength(0)
  })

  it('switching TV while logging in connects only the last one', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    h.link.setTarget({ ...DEVICE, mac: '112233445566' }, USER)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
    expect(h.api.calls.jarvisLogin).toHaveLength(2)
    expect(h.api.calls.queryAgentTopic).toEqual([['112233445566']]) // the stale start stopped after its login
  })
})

describe('incoming messages', () => {
  it('type 87 updates the TV mode with lockCurrentStatus copied to currentEPGVersion; other types the message', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    c.deliver(OWN_TOPIC, replyTo(c.published[2], 87, { lockCurrentStatus: 0, childLock: true }))
    expect(h.events.modes[h.events.modes.length - 1]).toEqual({
      type: 87,
      content: { lockCurrentStatus: 0, childLock: true, currentEPGVersion: 0 },
    })
    c.deliver(OWN_TOPIC, replyTo(c.published[3], 32, { code: 1 }))
    expect(h.events.messages[h.events.messages.length - 1]).toEqual({ type: 32, content: { code: 1 } })
  })

  it('accepts only messages on its own topic, addressed to it AND from the TV topic; junk is dropped harmlessly', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    const req = c.published[2]
    const before = { modes: h.events.modes.length, messages: h.events.messages.length }
    c.deliver(OWN_TOPIC, replyTo(req, 87, { lockCurrentStatus: 0 }, { fromTopic: 'tvc/tv/000000000000' }))
    c.deliver(OWN_TOPIC, replyTo(req, 87, { lockCurrentStatus: 0 }, { fromTopic: OWN_TOPIC }))
    c.deliver(OWN_TOPIC, replyTo(req, 87, { lockCurrentStatus: 0 }, { toTopic: 'tvc/phone/someone-else' }))
    c.deliver('tvc/phone/someone-else', replyTo(req, 87, { lockCurrentStatus: 0 }))
    c.deliver(OWN_TOPIC, '{not json')
    c.deliver(OWN_TOPIC, '"a string"')
    c.deliver(OWN_TOPIC, JSON.stringify({ sequenceId: 1, actionData: 5 }))
    c.deliver(OWN_TOPIC, replyTo(req, 87, { noLockStatus: true }))
    c.deliver(OWN_TOPIC, Buffer.from([0xff, 0xfe, 0x00]))
    expect(h.events.modes).toHaveLength(before.modes)
    expect(h.events.messages).toHaveLength(before.messages)
    // Nothing of that counted as a reply: the TV is still awaited and goes offline at 800 ms.
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot().state).toBe('offline')
  })
})

describe('every 30 s a sync; no reply within 800 ms -> offline + default states', () => {
  it('sends a sync request every 30 s while connected', async () => {
    const h = setup()
    const c = await goOnline(h)
    expect(c.published).toHaveLength(2)
    jest.advanceTimersByTime(timing.syncIntervalMs - 1)
    expect(c.published).toHaveLength(2)
    jest.advanceTimersByTime(1)
    expect(c.published).toHaveLength(3)
    expect(keyEventOf(c, 2)).toBe('syncPlayState')
    answerLast(c)
    jest.advanceTimersByTime(timing.syncIntervalMs)
    expect(c.published).toHaveLength(4)
    expect(keyEventOf(c, 3)).toBe('syncPlayState')
    expect(timing.syncIntervalMs).toBe(30_000)
  })

  it('goes offline exactly 800 ms after an unanswered send, with the default states', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('volumeUp')
    jest.advanceTimersByTime(timing.offlineAfterMs - 1)
    expect(h.link.snapshot().state).toBe('online')
    jest.advanceTimersByTime(1)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
    expect(h.events.modes[h.events.modes.length - 1]).toEqual(DEFAULT_TV_MODE)
    expect(h.events.messages[h.events.messages.length - 1]).toEqual(DEFAULT_TV_MESSAGE)
    expect(timing.offlineAfterMs).toBe(800)
    // Replies to every request of a resync bring it back; one of two is not enough.
    h.link.resync()
    const [sync, screen] = c.published.slice(-2)
    c.deliver(OWN_TOPIC, replyTo(screen, 32, { code: 1 }))
    expect(h.link.snapshot().state).toBe('offline')
    c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
    expect(h.link.snapshot()).toMatchObject({ state: 'online', error: null })
  })

  it('each request has its own 800 ms: a reply to another request does not cover it', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('up') // t = 0
    jest.advanceTimersByTime(400)
    h.link.sendKey('down') // t = 400
    c.deliver(OWN_TOPIC, replyTo(c.last(), 87, { lockCurrentStatus: 1 })) // 'down' answered, 'up' not
    jest.advanceTimersByTime(399)
    expect(h.link.snapshot().state).toBe('online')
    jest.advanceTimersByTime(1) // t = 800: 'up' unanswered
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
  })

  it('the link is online only once both the sync and the screen-type replies are in', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    c.suback()
    const [sync, screen] = c.published
    c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
    expect(h.link.snapshot().state).toBe('connecting')
    expect(h.link.sendKey('ok')).toMatchObject({ ok: false, reason: 'offline' })
    c.deliver(OWN_TOPIC, replyTo(screen, 32, { code: 2 }))
    expect(h.link.snapshot().state).toBe('online')
  })

  it('a key pressed between the sync reply and a late screen-type reply still matches (no false error)', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    const [sync] = c.published.slice(-2)
    c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
    h.link.sendKey('ok')
    expect(h.link.snapshot().errorCount).toBe(0)
  })

  it('a reply within 800 ms keeps it online', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('volumeUp')
    jest.advanceTimersByTime(timing.offlineAfterMs - 1)
    answerLast(c)
    jest.advanceTimersByTime(10_000)
    expect(h.link.snapshot().state).toBe('online')
  })
})

describe('last sent id vs last received id: reconnect at error counter 2 and 5, 800 ms later', () => {
  it('counts mismatches, tears down at 2 and at 5, reconnects after 800 ms, and stops reconnecting after 5', async () => {
    const h = setup()
    const c1 = await goOnline(h)
    // sync + screen-type count as one send: both answered -> 0.
    expect(h.link.snapshot().errorCount).toBe(0)
    // Between the cadence's syncs the recovery steps ask again (1, 2, 4, 8, 16 s): those stand in for
    // the unanswered sync and are not counted, so the counter moves with the 30 s cadence only.
    const tick = (c: FakeClient) => {
      jest.advanceTimersByTime(30_000 - 1)
      const before = c.published.length
      jest.advanceTimersByTime(1)
      return c.published.length - before
    }

    // The TV falls silent.
    expect(tick(c1)).toBe(1) // sync: last sent (the first sync) was answered -> 0
    expect(h.link.snapshot().errorCount).toBe(0)
    expect(tick(c1)).toBe(1) // sync: mismatch -> 1
    expect(h.link.snapshot().errorCount).toBe(1)
    expect(tick(c1)).toBe(0) // mismatch -> 2: torn down instead of sending
    expect(h.link.snapshot().errorCount).toBe(2)
    expect(c1.ended).toBe(true)

    jest.advanceTimersByTime(timing.reconnectDebounceMs - 1)
    expect(h.mq.clients).toHaveLength(1)
    jest.advanceTimersByTime(1)
    expect(h.mq.clients).toHaveLength(2)
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1) // same credentials, new client
    const c2 = h.client()
    c2.connack()
    c2.suback()
    expect(c2.published).toHaveLength(2) // sync (-> 3) + screen
    expect(h.link.snapshot().errorCount).toBe(3)
    expect(tick(c2)).toBe(1) // -> 4
    expect(h.link.snapshot().errorCount).toBe(4)

    expect(tick(c2)).toBe(0) // -> 5: torn down again
    expect(h.link.snapshot().errorCount).toBe(5)
    expect(c2.ended).toBe(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    expect(h.mq.clients).toHaveLength(3)
    const c3 = h.client()
    c3.connack()
    c3.suback() // 6
    for (let k = 0; k < 3; k++) expect(tick(c3)).toBe(1) // 7, 8, 9: no more teardowns
    expect(h.link.snapshot().errorCount).toBe(9)
    expect(c3.ended).toBe(false)
    expect(h.mq.clients).toHaveLength(3)

    // The TV answers: the next send matches and resets the counter.
    answerLast(c3)
    h.link.sendKey('ok')
    expect(h.link.snapshot().errorCount).toBe(0)
    expect(timing.reconnectAtErrorCounts).toEqual([2, 5])
  })

  it('a match resets the counter', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('up') // 0
    h.link.sendKey('down') // mismatch -> 1
    expect(h.link.snapshot().errorCount).toBe(1)
    answerLast(c)
    h.link.sendKey('left') // match -> 0
    expect(h.link.snapshot().errorCount).toBe(0)
    expect(c.ended).toBe(false)
  })
})

describe('app hide / show, share return, network change', () => {
  it('closes on hide and stays closed; reconnects from login on show when logged in', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.onAppHide(false)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot().state).toBe('idle')
    jest.advanceTimersByTime(120_000)
    expect(c.published).toHaveLength(2)
    expect(h.mq.clients).toHaveLength(1)

    h.link.onAppShow(false) // not logged in: nothing
    await flush()
    expect(h.mq.clients).toHaveLength(1)

    h.link.onAppShow(true)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(h.mq.clients).toHaveLength(2)
  })

  it('returning from a share keeps the connection and its timers', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.onAppHide(true)
    expect(c.ended).toBe(false)
    jest.advanceTimersByTime(30_000)
    expect(c.published).toHaveLength(3)
    h.link.onAppShow(true)
    expect(h.mq.clients).toHaveLength(1)
  })

  it('reconnects (from login) 800 ms after the network comes back; a burst of changes reconnects once', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.onNetworkChange(false)
    expect(c.ended).toBe(false)
    h.link.onNetworkChange(true)
    expect(c.ended).toBe(true)
    jest.advanceTimersByTime(500)
    h.link.onNetworkChange(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs - 1)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
    jest.advanceTimersByTime(1)
    await flush()
    expect(h.mq.clients).toHaveLength(2)
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
  })

  it('no network reconnect while hidden', async () => {
    const h = setup()
    await goOnline(h)
    h.link.onAppHide(false)
    h.link.onNetworkChange(true)
    jest.advanceTimersByTime(5_000)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
  })
})

describe('never queue commands while down', () => {
  it('while the connection is down: offline result, nothing published, nothing replayed after reconnect', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('volumeUp') // in flight when the link drops
    const inFlight = Object.keys(c.outgoing).map(Number)
    c.drop()
    expect(c.removed).toEqual(expect.arrayContaining(inFlight)) // purged: mqtt.js cannot replay it
    expect(Object.keys(c.outgoing)).toHaveLength(0)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkLost })

    const before = c.published.length
    expect(h.link.sendKey('ok')).toEqual({ ok: false, reason: 'offline', message: tv.offlineCannotSend })
    expect(h.link.playOnTv({ action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' })).toMatchObject({ ok: false, reason: 'offline' })
    expect(c.published).toHaveLength(before)

    // mqtt.js reconnects the same client: subscribe again, wait for the SUBACK, then sync + screen only.
    c.connack()
    expect(c.published).toHaveLength(before)
    c.suback()
    expect(c.published.slice(before).map((p) => p.envelope.actionData.content.keyEvent)).toEqual([
      'syncPlayState',
      'getCurrentScreenType',
    ])
  })

  it('while the TV is offline (silent) keys are refused too', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('up')
    jest.advanceTimersByTime(timing.offlineAfterMs)
    const before = c.published.length
    expect(h.link.sendKey('down')).toMatchObject({ ok: false, reason: 'offline' })
    expect(c.published).toHaveLength(before)
  })

  it('an online key is published once, at QoS 1, to the TV topic', async () => {
    const h = setup()
    const c = await goOnline(h)
    const result = h.link.sendKey('menu')
    expect(result.ok).toBe(true)
    expect(c.published).toHaveLength(3)
    expect(c.last()).toMatchObject({ topic: TV_TOPIC, qos: 1 })
    expect(c.last().envelope.actionData.content).toEqual({
      keyEvent: 'KEYCODE_MENU',
      value: '82',
      sNo: String(c.last().envelope.sequenceId),
    })
    expect(result.ok && result.sequenceId).toBe(c.last().envelope.sequenceId)
  })
})

describe('broker refusals', () => {
  it.each([1, 3])('CONNACK code %i -> strings.tv.refusal[code], no retry', async (code) => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.emit('error', Object.assign(new Error('Connection refused'), { code }))
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.refusal[code] })
    expect(c.ended).toBe(true)
    jest.advanceTimersByTime(60_000)
    expect(h.mq.clients).toHaveLength(1)
  })

  it.each([2, 4, 5])('CONNACK code %i (who we are) -> one fresh jarvisLogin after 800 ms; refused again -> strings.tv.refusal[code], no more', async (code) => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
    const first = h.client()
    first.emit('error', Object.assign(new Error('Connection refused'), { code }))
    expect(first.ended).toBe(true)
    expect(h.link.snapshot().state).toBe('connecting')
    jest.advanceTimersByTime(799)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(1)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(h.mq.clients).toHaveLength(2)
    h.client().emit('error', Object.assign(new Error('Connection refused'), { code }))
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.refusal[code] })
    jest.advanceTimersByTime(60_000)
    await flush()
    expect(h.mq.clients).toHaveLength(2)
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
  })

  it('the fresh login cures an expired broker session; the next refusal, later, gets its own fresh login', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    h.client().emit('error', Object.assign(new Error('Connection refused'), { code: 2 }))
    jest.advanceTimersByTime(800)
    await flush()
    const c = h.client()
    c.connack()
    c.suback()
    const [sync, screen] = c.published
    c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
    c.deliver(OWN_TOPIC, replyTo(screen, 32, { code: 2 }))
    expect(h.link.snapshot().state).toBe('online')
    // a day later the broker refuses again: one more fresh login, not a refusal on screen
    c.emit('error', Object.assign(new Error('Connection refused'), { code: 2 }))
    expect(h.link.snapshot().state).toBe('connecting')
    jest.advanceTimersByTime(800)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(3)
  })

  it('a connection closed before any CONNACK is a failure to connect, not a lost link', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    h.client().drop()
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.refusalUnknown })
  })

  it('a socket error is not a refusal (mqtt.js closes and reconnects)', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.emit('error', Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' }))
    expect(c.ended).toBe(false)
    expect(h.link.snapshot().state).toBe('online')
  })
})

describe('the link never hangs in connecting (faults inside the MQTT client)', () => {
  function setupWith(loadMqtt: () => Promise<(url: string, opts: MqttConnectOptions) => MqttClientLike>) {
    const api = fakeApi()
    const states: Array<[LinkState, string | null]> = []
    const link = new TvLink(
      { api, loadMqtt, url: 'ws://127.0.0.1:8883/mqtt' },
      { state: (s, e) => states.push([s, e]), mode: () => undefined, message: () => undefined },
    )
    return { link, states }
  }

  it('CONNACK without a SUBACK: reconnecting (the phone\'s link, not the TV) with the timeout reason at 30 s, reconnect 800 ms later', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs - 1)
    expect(h.link.snapshot().state).toBe('connecting')
    jest.advanceTimersByTime(1)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkConnectTimeout })
    expect(c.ended).toBe(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs - 1)
    expect(h.mq.clients).toHaveLength(1)
    jest.advanceTimersByTime(1)
    expect(h.mq.clients).toHaveLength(2)
    expect(h.link.snapshot().state).toBe('connecting')
  })

  it('an error the client reports and then hangs (Blob is not defined on CONNACK) is the reason shown', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.emit('error', new ReferenceError('Blob is not defined'))
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkClientFault('Blob is not defined') })
  })

  it('the timeout holds after a lost connection that mqtt.js never re-establishes', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.drop()
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkLost })
    c.connack() // mqtt.js reconnected the same client, and then the SUBACK never comes
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot().error).toBe(tv.linkConnectTimeout)
  })

  it('a connect() that throws: reconnecting with the reason, retried after 0.8, 1.6, 3.2 s ... capped at 30 s', async () => {
    let calls = 0
    const h = setupWith(async () => () => {
      calls += 1
      throw new TypeError("Cannot set properties of undefined (setting 'AbortSignal')")
    })
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(calls).toBe(1)
    expect(h.link.snapshot()).toMatchObject({
      state: 'reconnecting',
      error: tv.linkClientFault("Cannot set properties of undefined (setting 'AbortSignal')"),
    })
    const delays: number[] = []
    let last = Date.now()
    for (let i = 0; i < 8; i++) {
      const before = calls
      while (calls === before) jest.advanceTimersByTime(100)
      delays.push(Date.now() - last)
      last = Date.now()
    }
    expect(delays).toEqual([800, 1600, 3200, 6400, 12800, 25600, 30000, 30000])
  })

  it('the delay starts again at 800 ms once the link got ready', async () => {
    const mq = fakeConnect()
    let failNext = true
    const h = setupWith(async () => (url, opts) => {
      if (failNext) throw new Error('boom')
      return mq.connect(url, opts)
    })
    h.link.setTarget(DEVICE, USER)
    await flush()
    jest.advanceTimersByTime(800 + 1600) // two faults
    failNext = false
    jest.advanceTimersByTime(3200)
    const c = mq.clients[0]
    c.connack()
    c.suback()
    expect(h.link.snapshot().ready).toBe(true)
    c.drop()
    c.connack() // mqtt.js reconnects the same client: a SUBACK never comes this time
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs)
    const started = mq.clients.length
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    expect(mq.clients.length).toBe(started + 1)
  })

  it('mqtt.js that cannot be loaded: offline with its message; a resync tries the load again', async () => {
    const mq = fakeConnect()
    let loads = 0
    const h = setupWith(async () => {
      loads += 1
      if (loads === 1) throw new Error('chunk load failed')
      return mq.connect
    })
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkLoadFailed })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mqtt.js could not be loaded'), 'chunk load failed')
    warn.mockRestore()
    expect(h.link.resync()).toMatchObject({ ok: false, reason: 'offline' })
    await flush()
    expect(loads).toBe(2)
    expect(mq.clients).toHaveLength(1)
    expect(h.link.snapshot().state).toBe('connecting')
  })

  it('connects with timerVariant native (no Worker/Blob timers on weapp)', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.client().opts.timerVariant).toBe('native')
  })
})

describe('the SUBACK check: subscribed at QoS 1 (or granted less), else refused', () => {
  /** Connects and answers the subscription with this (err, granted). */
  async function subackWith(err: Error | null, granted: Array<{ topic: string; qos: number }> | undefined) {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    c.subscriptions[0].cb(err, granted as never)
    return { h, c }
  }
  const refused = (h: Harness, c: FakeClient) => {
    expect(c.published).toHaveLength(0)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkSubscribeRefused, ready: false })
    expect(h.link.sendKey('ok')).toMatchObject({ ok: false, reason: 'offline' })
  }

  it.each([
    ['an error with a QoS 1 grant', new Error('Subscribe error'), [{ topic: OWN_TOPIC, qos: 1 }]],
    ['a grant of 0x80 without an error', null, [{ topic: OWN_TOPIC, qos: 128 }]],
    ['no grant at all', null, undefined],
    ['an empty grant list', null, []],
    ['a grant above what was asked (QoS 2)', null, [{ topic: OWN_TOPIC, qos: 2 }]],
    ['one grant refused among others', null, [{ topic: OWN_TOPIC, qos: 1 }, { topic: OWN_TOPIC, qos: 128 }]],
  ])('%s is a refusal: nothing sent, the client closed, the user told', async (_name, err, granted) => {
    const { h, c } = await subackWith(err, granted)
    refused(h, c)
    // A refusal is final until resync / show / network: no retry on its own.
    jest.advanceTimersByTime(120_000)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
  })

  it.each([
    ['QoS 1', 1],
    ['a downgrade to QoS 0 (the TV replies may still come)', 0],
  ])('a grant of %s gets the link ready: sync + screen type are sent', async (_name, qos) => {
    const { h, c } = await subackWith(null, [{ topic: OWN_TOPIC, qos }])
    expect(h.link.snapshot().ready).toBe(true)
    expect(c.published.map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    expect(c.ended).toBe(false)
  })

  it('a SUBACK that arrives after the connection dropped, or for a client already replaced, is ignored', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    c.drop()
    c.suback()
    expect(c.published).toHaveLength(0)
    expect(h.link.snapshot()).toMatchObject({ ready: false, error: tv.linkLost })

    const h2 = setup()
    h2.link.setTarget(DEVICE, USER)
    await flush()
    const old = h2.client()
    old.connack()
    h2.link.onNetworkChange(true) // tears the client down, a new one 800 ms later
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    await flush()
    expect(h2.mq.clients).toHaveLength(2)
    old.connected = true
    old.suback()
    expect(old.published).toHaveLength(0)
    expect(h2.link.snapshot().ready).toBe(false)
  })

  it('a subscribe that throws is a fault: reconnecting with its reason, retried after 800 ms', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.subscribe = () => {
      throw new Error('socket gone')
    }
    c.connack()
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkClientFault('socket gone') })
    expect(c.ended).toBe(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    expect(h.mq.clients).toHaveLength(2)
  })
})

describe('the send guard: never queue while offline', () => {
  it('a client that lost its connection without a close event yet: refused, nothing published', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.connected = false
    expect(h.link.snapshot().state).toBe('online')
    expect(h.link.sendKey('ok')).toEqual({ ok: false, reason: 'offline', message: tv.offlineCannotSend })
    expect(h.link.resync()).toEqual({ ok: false, reason: 'offline', message: tv.offlineCannotSend })
    expect(c.published).toHaveLength(2)
  })

  it('a reconnected client before its new SUBACK: refused, nothing published', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.connack() // mqtt.js reconnected without a close we saw: not ready until the SUBACK
    expect(h.link.snapshot()).toMatchObject({ state: 'online', ready: false })
    expect(h.link.sendKey('ok')).toMatchObject({ ok: false, reason: 'offline' })
    expect(h.link.playOnTv({ action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' })).toMatchObject({ ok: false, reason: 'offline' })
    expect(c.published).toHaveLength(2)
    c.suback()
    expect(c.published).toHaveLength(4)
  })

  it('no TV selected: noDevice for every send, nothing published', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.setTarget(null, null)
    expect(h.link.resync()).toEqual({ ok: false, reason: 'noDevice', message: tv.noDevice })
    expect(h.link.sendKey('ok')).toEqual({ ok: false, reason: 'noDevice', message: tv.noDevice })
    expect(c.published).toHaveLength(2)
  })

  it('a publish that throws is a fault: reconnecting, the client torn down and reconnected later', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.publish = () => {
      throw new Error('write after end')
    }
    expect(h.link.sendKey('ok')).toMatchObject({ ok: false, reason: 'offline' })
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkClientFault('write after end') })
    expect(c.ended).toBe(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    expect(h.mq.clients).toHaveLength(2)
  })
})

describe('show / hide reconnection and the resync restart', () => {
  it('show with a ready connection (back from a share) resyncs: sync + screen type', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.onAppHide(true)
    h.link.onAppShow(true)
    expect(c.published.slice(2).map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    expect(h.mq.clients).toHaveLength(1)
  })

  it('show while the client is still connecting neither restarts nor sends', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    h.link.onAppShow(true)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
    expect(c.published).toHaveLength(0)
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(1)
  })

  it('show while a reconnect is scheduled waits for it (one connection, not two)', async () => {
    const h = setup()
    await goOnline(h)
    h.link.onNetworkChange(true)
    h.link.onAppShow(true)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    await flush()
    expect(h.mq.clients).toHaveLength(2)
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
  })

  it('a TV chosen while hidden is connected on show, not before', async () => {
    const h = setup()
    h.link.onAppHide(false)
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.api.jarvisLogin).not.toHaveBeenCalled()
    expect(h.link.snapshot().state).toBe('idle')
    h.link.onAppShow(true)
    expect(h.link.snapshot().state).toBe('connecting')
    await flush()
    expect(h.mq.clients).toHaveLength(1)
  })

  it('show without a TV, or logged out, connects nothing', async () => {
    const h = setup()
    h.link.onAppHide(false)
    h.link.onAppShow(true)
    await flush()
    expect(h.api.jarvisLogin).not.toHaveBeenCalled()
    expect(h.link.snapshot().state).toBe('idle')
  })

  it('resync restarts a link that failed (from jarvisLogin), but not one still connecting or about to reconnect', async () => {
    const h = setup()
    h.api.creds = null
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkLoginFailed })
    h.api.creds = CREDS
    expect(h.link.resync()).toMatchObject({ ok: false, reason: 'offline' })
    expect(h.link.snapshot().state).toBe('connecting')
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(h.mq.clients).toHaveLength(1)
    // a client exists (not yet ready): resync does not start another
    expect(h.link.resync()).toMatchObject({ ok: false, reason: 'offline' })
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    // a reconnect is scheduled: resync leaves it to the timer
    h.link.onNetworkChange(true)
    h.link.resync()
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(3)
  })

  it('resync on a ready link asks the TV again (sync + screen type) and says it was sent', async () => {
    const h = setup()
    const c = await goOnline(h)
    const result = h.link.resync()
    expect(result).toEqual({ ok: true, sequenceId: c.published[2].envelope.sequenceId })
    expect(c.published.slice(2).map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
  })

  it('the same TV and user again does not restart a live link; a new user does', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.setTarget({ ...DEVICE }, { ...USER })
    await flush()
    expect(h.mq.clients).toHaveLength(1)
    expect(c.ended).toBe(false)
    h.link.setTarget(DEVICE, { ...USER, uid: 'u-2' })
    await flush()
    expect(c.ended).toBe(true)
    expect(h.mq.clients).toHaveLength(2)
  })
})

describe('link details a mutation would break', () => {
  it('starts idle, not ready, with no topic; a listener hears each state once', async () => {
    const h = setup()
    expect(h.link.snapshot()).toEqual({ state: 'idle', error: null, errorCount: 0, ready: false, tvTopic: '', ownTopic: '' })
    await goOnline(h)
    expect(h.events.states).toEqual([
      ['connecting', null],
      ['online', null],
    ])
    expect(h.link.snapshot()).toMatchObject({ tvTopic: TV_TOPIC, ownTopic: OWN_TOPIC })
  })

  it('deselect then select again while logging in: one connection, not two', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    h.link.setTarget(null, null)
    h.link.setTarget(DEVICE, USER)
    await flush()
    expect(h.mq.clients).toHaveLength(1)
    expect(h.api.calls.queryAgentTopic).toHaveLength(1)
  })

  it('a device without abilityString logs in with an empty one', async () => {
    const h = setup()
    h.link.setTarget({ ...DEVICE, abilityString: undefined }, USER)
    await flush()
    expect(h.api.calls.jarvisLogin[0].abilityString).toBe('')
  })

  it('connects without retrying a refused CONNACK and closes with force', async () => {
    const h = setup()
    const c = await goOnline(h)
    expect(c.opts).toMatchObject({ reconnectOnConnackError: false, keepalive: 60 })
    h.link.dispose()
    expect(c.ended).toBe(true)
    expect(c.endForced).toBe(true)
    expect(h.link.snapshot().state).toBe('idle')
    expect(h.link.sendKey('ok')).toMatchObject({ ok: false, reason: 'noDevice' })
  })

  it('type 9 h5Play is published to the TV when online', async () => {
    const h = setup()
    const c = await goOnline(h)
    const payload = { action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' as const }
    expect(h.link.playOnTv(payload)).toMatchObject({ ok: true })
    expect(c.last().envelope.actionData.type).toBe(9)
  })

  it('each command names the TV as its addressee and this phone as its sender', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('ok')
    expect(c.last().envelope.actionData.to).toEqual([{ jid: DEVICE.mac, mac: DEVICE.mac, nickname: DEVICE.deviceName, topic: TV_TOPIC, uid: DEVICE.uid }])
    expect(c.last().envelope.actionData.from).toEqual({ nickname: USER.nickName, topic: OWN_TOPIC, uid: USER.uid })
  })

  it('after show, a network change reconnects again (hidden is over)', async () => {
    const h = setup()
    await goOnline(h)
    h.link.onAppHide(false)
    h.link.onAppShow(true)
    await flush()
    expect(h.mq.clients).toHaveLength(2)
    h.link.onNetworkChange(true)
    expect(h.link.snapshot().state).toBe('connecting')
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    await flush()
    expect(h.mq.clients).toHaveLength(3)
  })

  it('a network reconnect shows connecting at once, keeping the reason', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.drop()
    h.link.onNetworkChange(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'connecting', error: tv.linkLost })
  })

  it('events of a client that was replaced are ignored', async () => {
    const h = setup()
    const old = await goOnline(h)
    h.link.onNetworkChange(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    await flush()
    const fresh = h.client()
    expect(fresh).not.toBe(old)
    const before = { states: h.events.states.length, modes: h.events.modes.length }
    old.connack()
    old.deliver(OWN_TOPIC, replyTo(old.published[0], 87, { lockCurrentStatus: 0 }))
    old.emit('close')
    old.emit('error', Object.assign(new Error('refused'), { code: 5 }))
    expect(old.subscriptions).toHaveLength(1)
    expect(h.events.states).toHaveLength(before.states)
    expect(h.events.modes).toHaveLength(before.modes)
    expect(fresh.ended).toBe(false)
  })

  it('a late CONNACK gives the SUBACK its own 30 s (an accepted connection is not thrown away), and no more', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    jest.advanceTimersByTime(20_000)
    c.connack()
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs - 1)
    expect(c.ended).toBe(false)
    expect(h.link.snapshot().state).toBe('connecting')
    jest.advanceTimersByTime(1)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkConnectTimeout })
  })

  it('further CONNACKs without a SUBACK do not push the timeout past 30 s from the first one', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.drop()
    jest.advanceTimersByTime(5_000)
    c.connack() // t = 5 s: the SUBACK gets until 35 s
    for (let k = 0; k < 5; k++) {
      jest.advanceTimersByTime(5_000)
      c.connack() // a CONNACK again, no SUBACK (a hang-up while subscribing is tvReturns.test.ts's case)
    }
    expect(c.ended).toBe(false) // t = 30 s
    jest.advanceTimersByTime(5_000 - 1)
    expect(c.ended).toBe(false)
    jest.advanceTimersByTime(1) // t = 35 s
    expect(c.ended).toBe(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkConnectTimeout })
  })

  it('no CONNACK within 30 s of the connect: torn down at 30 s', async () => {
    const h = setup()
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs - 1)
    expect(c.ended).toBe(false)
    jest.advanceTimersByTime(1)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkConnectTimeout })
  })

  it('a reconnect without a close (CONNACK again) waits for a new SUBACK at most 30 s', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.connack()
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs - 1)
    expect(c.ended).toBe(false)
    jest.advanceTimersByTime(1)
    expect(c.ended).toBe(true)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkConnectTimeout })
  })

  it('repeated closes while mqtt.js retries do not push the timeout back', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.drop()
    jest.advanceTimersByTime(20_000)
    c.drop()
    jest.advanceTimersByTime(brokerConfig.connectTimeoutMs - 20_000)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkConnectTimeout })
    expect(c.ended).toBe(true)
  })

  it('a lost connection forgets the requests in flight: the reason stays "lost", not "no reply"', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('ok')
    c.drop()
    jest.advanceTimersByTime(timing.offlineAfterMs * 2)
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkLost })
  })

  it('remembers the last 64 reply ids: an older answer no longer matches', async () => {
    const run = async (others: number) => {
      const h = setup()
      const c = await goOnline(h)
      h.link.sendKey('ok')
      answerLast(c)
      for (let i = 0; i < others; i++) c.deliver(OWN_TOPIC, replyTo(c.last(), 32, { code: 1 }, { sequenceId: 1 + i }))
      h.link.sendKey('ok')
      return h.link.snapshot().errorCount
    }
    expect(await run(63)).toBe(0)
    expect(await run(64)).toBe(1)
  })

  it('a client without the outgoing store (another mqtt build) closes cleanly', async () => {
    const h = setup()
    const c = await goOnline(h)
    ;(c as { removeOutgoingMessage?: unknown }).removeOutgoingMessage = undefined
    expect(() => c.drop()).not.toThrow()
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkLost })
    ;(c as { outgoing?: unknown }).outgoing = undefined
    expect(() => h.link.dispose()).not.toThrow()
  })

  it.each([
    ['a thrown string', 'boom', 'boom'],
    ['a thrown null', null, 'null'],
    ['an object whose message is not text', { message: 5 }, '[object Object]'],
  ])('a connect() that throws %s shows it as text', async (_name, thrown, text) => {
    const api = fakeApi()
    const states: Array<[LinkState, string | null]> = []
    const link = new TvLink(
      {
        api,
        loadMqtt: async () => () => {
          throw thrown
        },
        url: 'ws://x',
      },
      { state: (s, e) => states.push([s, e]), mode: () => undefined, message: () => undefined },
    )
    link.setTarget(DEVICE, USER)
    await flush()
    expect(link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkClientFault(text) })
  })
})

describe('link details a mutation would break (2)', () => {
  it('a state is told once: more replies while online tell nothing new', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    const [sync, screen] = c.published.slice(-2)
    c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
    c.deliver(OWN_TOPIC, replyTo(screen, 32, { code: 2 }))
    expect(h.events.states).toEqual([
      ['connecting', null],
      ['online', null],
    ])
  })

  it('the same TV chosen again while hidden starts the id check afresh', async () => {
    const h = setup()
    await goOnline(h)
    h.link.sendKey('up')
    h.link.sendKey('down') // 'up' unanswered: one mismatch
    expect(h.link.snapshot().errorCount).toBe(1)
    h.link.onAppHide(false)
    h.link.setTarget(DEVICE, USER)
    expect(h.link.snapshot().errorCount).toBe(0)
  })

  it('a start made stale while it looked up the topic stops there: no mqtt load, no client of its own', async () => {
    const api = fakeApi()
    const mq = fakeConnect()
    let loads = 0
    const link = new TvLink(
      {
        api,
        loadMqtt: async () => {
          loads += 1
          return mq.connect
        },
        url: 'ws://x',
      },
      { state: () => undefined, mode: () => undefined, message: () => undefined },
    )
    let answerTopic: (t: string) => void = () => undefined
    api.queryAgentTopic.mockImplementationOnce(() => new Promise<string>((r) => (answerTopic = r)))
    link.setTarget(DEVICE, USER)
    await flush() // the first start waits for its topic
    link.setTarget(null, null)
    link.setTarget(DEVICE, USER)
    answerTopic(TV_TOPIC)
    await flush()
    expect(loads).toBe(1)
    expect(mq.clients).toHaveLength(1)
  })

  it('a start made stale while it loaded mqtt.js connects nothing', async () => {
    const api = fakeApi()
    const mq = fakeConnect()
    const pending: Array<() => void> = []
    const link = new TvLink(
      { api, loadMqtt: () => new Promise((r) => pending.push(() => r(mq.connect))), url: 'ws://x' },
      { state: () => undefined, mode: () => undefined, message: () => undefined },
    )
    link.setTarget(DEVICE, USER)
    await flush()
    expect(pending).toHaveLength(1)
    link.setTarget(null, null)
    link.setTarget(DEVICE, USER)
    await flush()
    for (const release of pending) release()
    await flush()
    expect(mq.clients).toHaveLength(1)
  })

  it('a network change while logging in: the old start stops, one connection', async () => {
    const h = setup()
    let answerLogin: (c: typeof CREDS) => void = () => undefined
    h.api.jarvisLogin.mockImplementationOnce(() => new Promise((r) => (answerLogin = r)))
    h.link.setTarget(DEVICE, USER)
    await flush()
    h.link.onNetworkChange(true)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    answerLogin(CREDS)
    await flush()
    expect(h.api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(h.mq.clients).toHaveLength(1)
  })
})
