/** @jest-environment node */
import { tvTimers as timing } from '../../src/config'
import { TvLink, type LinkState } from '../../src/services/tv/link'
import { tv } from '../../src/strings'
import type { Clock } from '../../src/services/tv/types'
import { realClock } from '../../src/services/tv/types'
import { VirtualSetTopBox } from '../../emulator/settop/box'
import { startSetTops, type SettopTransport } from '../../emulator/settop'
import { MemoryDirectory } from '../../emulator/broker/memoryDirectory'
import { FakeClient, OWN_TOPIC, TV_TOPIC, fakeApi, fakeConnect, flush, goOnline, replyTo } from './helpers/fakeMqtt'

/**
 * A returning TV, the phone's side, with fake timers and a fake mqtt client (the test plays broker and TV):
 * - after an unanswered request while the phone's link is up, the link asks again after 1, 2, 4, 8,
 *   16 s, then only at SPEC 9's 30 s cadence (a deliberate deviation, bounded);
 * - the first sync after the link gets ready that goes unanswered within 2 s is sent once more before
 *   the TV is called offline;
 * - while the phone's own link is down the state is 'reconnecting', never 'offline';
 * - an unsolicited type 87 (the local stack's box announcing itself) brings the TV back at once.
 */
beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function setup(clock?: Clock) {
  const mq = fakeConnect()
  const states: Array<[LinkState, string | null]> = []
  const link = new TvLink(
    { api: fakeApi(), loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket: jest.fn(), random: () => 0, ...(clock ? { clock } : {}) },
    { state: (s, e) => states.push([s, e]), mode: () => undefined, message: () => undefined },
  )
  return { link, states, mq, client: (): FakeClient => mq.clients[mq.clients.length - 1] }
}

const keyEvent = (c: FakeClient, i: number) => c.published[i].envelope.actionData.content.keyEvent
/** Times (ms since t0) at which syncs were published from index `from` on. */
function syncTimes(c: FakeClient, from: number, sentAt: number[]): number[] {
  return sentAt.filter((_, i) => i >= from && keyEvent(c, i) === 'syncPlayState')
}
/** Records when each publish happened (fake time), as the link publishes. */
function stamp(c: FakeClient, t0: number): number[] {
  const at: number[] = c.published.map(() => -1)
  const publish = c.publish.bind(c)
  c.publish = (topic, payload, opts) => {
    at.push(Date.now() - t0)
    return publish(topic, payload, opts)
  }
  return at
}
/** The TV answers every request published from index `from` on (sync + screen type). */
function answerFrom(c: FakeClient, from: number): void {
  for (const p of c.published.slice(from)) {
    const isScreen = p.envelope.actionData.content.keyEvent === 'getCurrentScreenType'
    c.deliver(OWN_TOPIC, isScreen ? replyTo(p, 32, { code: 2 }) : replyTo(p, 87, { lockCurrentStatus: 1 }))
  }
}

/** An unsolicited type 87 from the TV topic (the box's own sequenceId), as the local stack's box announces. */
function announcement(sequenceId = 4242): string {
  return JSON.stringify({
    sequenceId,
    ttsType: 0,
    tts: false,
    action: 'XMPP',
    JarvisID: 'AABBCCDDEEFF',
    BananaID: 'AABBCCDDEEFF',
    actionData: {
      type: 87,
      content: { lockCurrentStatus: 1 },
      from: { nickname: '客厅电视', topic: TV_TOPIC, uid: '' },
      persistent: 0,
      to: [{ jid: '', mac: '', nickname: '', topic: OWN_TOPIC, uid: '' }],
    },
  })
}

describe('the re-sync backoff while the TV is silent and the phone link is up', () => {
  it('asks again 1, 2, 4, 8 and 16 s after each unanswered request, then only at the 30 s cadence', async () => {
    const h = setup()
    const c = await goOnline(h)
    const t0 = Date.now()
    const at = stamp(c, t0)
    const from = c.published.length
    h.link.resync() // t = 0, the TV has gone: no answer
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
    jest.advanceTimersByTime(59_000)
    const syncs = syncTimes(c, from, at)
    // each step waits from the previous sync's 800 ms: 0, 0.8+1, 2.6+2, 5.4+4, 10.2+8; the cadence's
    // tick (30 s from the moment the link got ready, t0 here) goes unanswered too, and the last step
    // keeps its time (19+16)
    expect(syncs.slice(0, 7)).toEqual([0, 1_800, 4_600, 9_400, 18_200, 30_000, 35_000])
    expect(timing.resyncBackoffMs).toEqual([1_000, 2_000, 4_000, 8_000, 16_000])
    // then nothing until the cadence's next tick (60 s, where SPEC 4's error counter takes over):
    // a TV that stays away costs five syncs beside the cadence's
    expect(syncs).toHaveLength(7)
    h.link.dispose()
  })

  it('each step repeats the sync and the screen-type request, and the TV answering one brings it online', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs)
    const from = c.published.length
    jest.advanceTimersByTime(1_000) // the first step
    expect(c.published.slice(from).map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    answerFrom(c, from)
    expect(h.link.snapshot()).toMatchObject({ state: 'online', error: null })
    // online: no more steps, the cadence only
    const after = c.published.length
    jest.advanceTimersByTime(25_000) // to 1 s before the cadence's tick
    expect(c.published).toHaveLength(after)
    h.link.dispose()
  })

  it('the steps start over once the TV has answered; a second silence begins again at 1 s', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs + 1_000 + timing.offlineAfterMs + 2_000) // two steps unanswered
    const from = c.published.length
    answerFrom(c, from - 2)
    expect(h.link.snapshot().state).toBe('online')
    h.link.sendKey('ok') // unanswered
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot().state).toBe('offline')
    const before = c.published.length
    jest.advanceTimersByTime(999)
    expect(c.published).toHaveLength(before)
    jest.advanceTimersByTime(1)
    expect(keyEvent(c, before)).toBe('syncPlayState')
    h.link.dispose()
  })

  it('the repeated syncs are not counted by the id check: no reconnect storm from a TV that stays away', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(29_000) // the five steps... not all yet, and the cadence not yet
    expect(h.link.snapshot().errorCount).toBe(0)
    expect(c.ended).toBe(false)
    expect(h.mq.clients).toHaveLength(1)
  })

  it('no step while the phone link is down, and none left behind by a closed link', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs)
    c.drop()
    expect(h.link.snapshot().state).toBe('reconnecting')
    const before = c.published.length
    jest.advanceTimersByTime(20_000)
    expect(c.published).toHaveLength(before)
    h.link.dispose()
    expect(jest.getTimerCount()).toBe(0)
  })

  it('a manual 刷新状态 works at any point of the steps and sends at once', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs + 500) // half way to the first step
    const before = c.published.length
    expect(h.link.resync()).toMatchObject({ ok: true })
    expect(c.published.slice(before).map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    answerFrom(c, before)
    expect(h.link.snapshot().state).toBe('online')
    h.link.dispose()
  })
})

describe('the first sync after a reconnect', () => {
  /** Online, the phone's link drops and comes back (mqtt.js reconnects the same client). */
  async function reconnected() {
    const h = setup()
    const c = await goOnline(h)
    c.drop()
    const from = c.published.length
    c.connack()
    c.suback()
    return { h, c, from }
  }

  it('while the phone link is down the state is reconnecting, never offline', async () => {
    const h = setup()
    const c = await goOnline(h)
    const mark = h.states.length
    c.drop()
    expect(h.link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkLost })
    expect(tv.reconnecting).toBe('手机重新连接中…')
    c.connack()
    c.suback()
    answerFrom(c, c.published.length - 2)
    expect(h.states.slice(mark).map(([s]) => s)).toEqual(['reconnecting', 'online'])
  })

  it('unanswered within 2 s of the reconnect: sent once more, still reconnecting; the answer brings it online', async () => {
    const { h, c, from } = await reconnected()
    const mark = h.states.length
    expect(c.published.slice(from).map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    jest.advanceTimersByTime(timing.offlineAfterMs)
    // not offline: the same pair sent again
    expect(h.link.snapshot().state).toBe('reconnecting')
    expect(c.published.slice(from + 2).map((p) => p.envelope.actionData.content.keyEvent)).toEqual(['syncPlayState', 'getCurrentScreenType'])
    answerFrom(c, from + 2) // the TV is back a moment after the phone
    expect(h.link.snapshot()).toMatchObject({ state: 'online', error: null })
    expect(h.states.slice(mark).some(([s]) => s === 'offline')).toBe(false)
    // the retry stood in for the first sync: the next send matches
    h.link.sendKey('ok')
    expect(h.link.snapshot().errorCount).toBe(0)
    expect(timing.firstSyncGraceMs).toBe(2_000)
  })

  it('retried once only: a second silence calls the TV offline (and the steps begin)', async () => {
    const { h, c, from } = await reconnected()
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(c.published).toHaveLength(from + 4)
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
    expect(c.published).toHaveLength(from + 4)
    jest.advanceTimersByTime(1_000)
    expect(c.published).toHaveLength(from + 6)
  })

  it('not past the 2 s: a first sync whose silence is noticed later (a stalled phone) calls the TV offline', async () => {
    // the offline timer fires at 800 ms of the timers, but the clock says how long it really was
    for (const [skew, retried] of [
      [timing.firstSyncGraceMs - timing.offlineAfterMs, true],
      [timing.firstSyncGraceMs - timing.offlineAfterMs + 1, false],
    ] as const) {
      let late = 0
      const clock: Clock = { ...realClock, now: () => Date.now() + late }
      const h = setup(clock)
      const c = await goOnline(h)
      c.drop()
      c.connack()
      c.suback()
      const from = c.published.length
      late = skew
      jest.advanceTimersByTime(timing.offlineAfterMs)
      expect({ skew, state: h.link.snapshot().state, resent: c.published.length > from }).toEqual({
        skew,
        state: retried ? 'reconnecting' : 'offline',
        resent: retried,
      })
      h.link.dispose()
    }
  })

  it('a key that goes unanswered after the TV answered is not retried, even within the 2 s', async () => {
    const h = setup()
    const c = await goOnline(h) // ready and answered at once
    h.link.sendKey('ok')
    const sent = c.published.length
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
    expect(c.published).toHaveLength(sent)
  })
})

describe('a broker that hangs up while the subscribe is out', () => {
  it('logs in to the broker again (a new client id) after the debounce, instead of meeting the same queue', async () => {
    const mq = fakeConnect()
    const api = fakeApi()
    const link = new TvLink(
      { api, loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket: jest.fn(), random: () => 0 },
      { state: () => undefined, mode: () => undefined, message: () => undefined },
    )
    const h = { link, client: (): FakeClient => mq.clients[mq.clients.length - 1] }
    const c = await goOnline(h)
    c.drop() // the node died: mqtt.js reconnects the same client
    c.connack() // to another node; the subscribe goes out
    expect(c.subscriptions).toHaveLength(2)
    c.drop() // RabbitMQ 3.10: the queue's home node is down, the connection is closed
    expect(c.ended).toBe(true)
    expect(link.snapshot()).toMatchObject({ state: 'reconnecting', error: tv.linkLost })
    expect(api.jarvisLogin).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(timing.reconnectDebounceMs)
    await flush()
    expect(api.jarvisLogin).toHaveBeenCalledTimes(2)
    expect(mq.clients).toHaveLength(2)
    link.dispose()
  })

  it('a plain drop after the SUBACK is left to mqtt.js (same client, no new login)', async () => {
    const mq = fakeConnect()
    const api = fakeApi()
    const link = new TvLink(
      { api, loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket: jest.fn(), random: () => 0 },
      { state: () => undefined, mode: () => undefined, message: () => undefined },
    )
    const c = await goOnline({ link, client: () => mq.clients[mq.clients.length - 1] })
    c.drop()
    jest.advanceTimersByTime(5_000)
    await flush()
    expect(c.ended).toBe(false)
    expect(api.jarvisLogin).toHaveBeenCalledTimes(1)
    expect(mq.clients).toHaveLength(1)
    link.dispose()
  })
})

describe('the TV announcing itself (the local stack box, an extension)', () => {
  it('an unsolicited type 87 from the TV topic while the TV is offline brings it online and ends the steps', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot().state).toBe('offline')
    c.deliver(OWN_TOPIC, announcement())
    expect(h.link.snapshot()).toMatchObject({ state: 'online', error: null })
    const after = c.published.length
    jest.advanceTimersByTime(20_000)
    expect(c.published).toHaveLength(after) // no step sent: the TV is back
    h.link.dispose()
  })

  it('an announcement while a step\'s sync is out (sent while the TV was away) brings it online too', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs + 1_000) // the first step's sync is out now
    expect(keyEvent(c, c.published.length - 2)).toBe('syncPlayState')
    c.deliver(OWN_TOPIC, announcement())
    expect(h.link.snapshot()).toMatchObject({ state: 'online', error: null })
    jest.advanceTimersByTime(timing.offlineAfterMs) // that sync's 800 ms: forgotten, not "offline"
    expect(h.link.snapshot().state).toBe('online')
    h.link.dispose()
  })

  it('while online, a TV report does not cover a key still awaiting its reply', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.sendKey('ok')
    c.deliver(OWN_TOPIC, announcement())
    jest.advanceTimersByTime(timing.offlineAfterMs)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
    h.link.dispose()
  })

  it('after a reconnect, an announcement while the first sync is out brings it online', async () => {
    const h = setup()
    const c = await goOnline(h)
    c.drop()
    c.connack()
    c.suback()
    c.deliver(OWN_TOPIC, announcement())
    expect(h.link.snapshot()).toMatchObject({ state: 'online', error: null })
    jest.advanceTimersByTime(5_000)
    expect(h.link.snapshot().state).toBe('online')
    h.link.dispose()
  })

  it('an announcement from another topic, or addressed to another phone, changes nothing', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs)
    const forged = JSON.parse(announcement()) as { actionData: { from: { topic: string }; to: Array<{ topic: string }> } }
    forged.actionData.from.topic = 'tvc/tv/000000000000'
    c.deliver(OWN_TOPIC, JSON.stringify(forged))
    const elsewhere = JSON.parse(announcement()) as typeof forged
    elsewhere.actionData.to[0].topic = 'tvc/phone/someone-else'
    c.deliver(OWN_TOPIC, JSON.stringify(elsewhere))
    c.deliver('tvc/phone/someone-else', announcement())
    expect(h.link.snapshot().state).toBe('offline')
    h.link.dispose()
  })

  it('the phone never depends on it: without any announcement the steps find the TV back', async () => {
    const h = setup()
    const c = await goOnline(h)
    h.link.resync()
    jest.advanceTimersByTime(timing.offlineAfterMs + 1_000 + timing.offlineAfterMs) // first step unanswered
    // the TV is back now (t = 2.6 s); the next step at 4.6 s finds it
    const before = c.published.length
    jest.advanceTimersByTime(2_000)
    expect(c.published.length).toBe(before + 2)
    answerFrom(c, before)
    expect(h.link.snapshot().state).toBe('online')
    h.link.dispose()
  })
})

describe('the local stack box announces itself when it (re)connects (fake timers)', () => {
  const TV = { mac: 'AABBCCDDEEFF', name: '客厅电视', topic: TV_TOPIC }
  const FAMILY = ['tvc/phone/cid-1', 'tvc/phone/cid-2']
  const STRANGER = 'tvc/phone/cid-x'
  // each phone topic's user (the broker session behind it): the box answers as that user's way in
  const USERS = new Map([['tvc/phone/cid-1', 'u1'], ['tvc/phone/cid-2', 'u2'], [STRANGER, 'ux']])

  function boxWith(familyTopics: () => readonly string[]) {
    const family = new Set(FAMILY)
    const out: Array<{ topic: string; env: { sequenceId: number; actionData: { type: number; from: { topic: string }; to: Array<{ topic: string }>; content: Record<string, unknown> } } }> = []
    const box = new VirtualSetTopBox(
      TV,
      () => ({ childLock: true, globalLock: false }),
      (topic, payload) => out.push({ topic, env: JSON.parse(payload) }),
      undefined,
      (topic, sender) => family.has(topic) && USERS.get(topic) === sender,
      undefined,
      { familyTopics, userOfTopic: (topic) => USERS.get(topic) },
    )
    return { box, out, family }
  }

  it('one type 87 to each family phone, from the TV topic that phone knows (its user\'s way in), addressed to that phone; nobody else', () => {
    const { box, out } = boxWith(() => [...FAMILY, STRANGER, TV_TOPIC])
    expect(box.announce()).toBe(2)
    expect(out).toHaveLength(0) // deferred like every reply
    jest.runOnlyPendingTimers()
    expect(out.map((o) => o.topic).sort()).toEqual(FAMILY)
    for (const o of out) {
      expect(o.env.actionData.type).toBe(87)
      expect(o.env.actionData.from.topic).toBe(`${TV_TOPIC}/u/${USERS.get(o.topic)}`)
      expect(o.env.actionData.to[0].topic).toBe(o.topic)
      expect(o.env.actionData.content).toMatchObject({ lockCurrentStatus: 0, childLock: true })
    }
    expect(new Set(out.map((o) => o.env.sequenceId)).size).toBe(2)
    expect(box.announced).toBe(2)
  })

  it('a silent box announces nothing; a phone removed before the message leaves gets nothing', () => {
    const { box, out, family } = boxWith(() => FAMILY)
    box.silent = true
    expect(box.announce()).toBe(0)
    box.silent = false
    expect(box.announce()).toBe(2)
    family.delete('tvc/phone/cid-2') // removed from the family before the deferred publish
    jest.runOnlyPendingTimers()
    expect(out.map((o) => o.topic)).toEqual(['tvc/phone/cid-1'])
  })

  it('the stack: a TV that comes back from silence announces once; one already answering does not', async () => {
    const directory = new MemoryDirectory()
    directory.addTv(TV.mac, TV.name)
    directory.bind('u-1', TV.mac)
    const phone = directory.login('u-1', '13800000001')
    const other = directory.login('u-2', '13800000002') // not of the family
    const published: string[] = []
    let reconnect: (() => void) | null = null
    const transport: SettopTransport = {
      subscribe: async () => undefined,
      publish: (topic) => published.push(topic),
      close: async () => undefined,
      clientIds: () => [phone.cid, other.cid],
      onReconnect: (fn) => {
        reconnect = fn
        return () => {
          reconnect = null
        }
      },
    }
    const settops = await startSetTops({ directory, transport })
    settops.setSilent(TV.mac, false) // not silent before: no return
    jest.runOnlyPendingTimers()
    expect(published).toEqual([])
    settops.setSilent(TV.mac, true)
    settops.setSilent(TV.mac, false)
    jest.runOnlyPendingTimers()
    expect(published).toEqual([phone.clientTopic[0]])
    // the boxes' own connection came back (an external broker): each box announces again
    ;(reconnect as (() => void) | null)?.()
    jest.runOnlyPendingTimers()
    expect(published).toEqual([phone.clientTopic[0], phone.clientTopic[0]])
    await settops.close()
    expect(reconnect).toBeNull()
  })
})
