/** @jest-environment node */
import { broker } from '../../src/config'
import { TvLink } from '../../src/services/tv/link'
import { FakeClient, fakeApi, fakeConnect, goOnline } from './helpers/fakeMqtt'

/**
 * The reconnect jitter: a deliberate deviation from SPEC 9's flat 1 s reconnect period.
 * mqtt.js reconnects a lost connection by itself after `options.reconnectPeriod`; the link sets it to
 * 1 s + random 0..min(30 s, 1 s x 2^k) for the k-th retry since it was last ready. Fake timers; the
 * test plays mqtt.js's reconnect timer (it reads the period when the connection closes).
 */
beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function newLink(random: () => number) {
  const mq = fakeConnect()
  const link = new TvLink(
    { api: fakeApi(), loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket: jest.fn(), random },
    { state: () => undefined, mode: () => undefined, message: () => undefined },
  )
  return { link, client: (): FakeClient => mq.clients[mq.clients.length - 1] }
}

/** A small deterministic generator (a test needs the same draws every run). */
function lcg(seed: number): () => number {
  let x = seed
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return x / 2 ** 32
  }
}

it('a first retry waits SPEC 9\'s 1 s plus 0..1 s', async () => {
  for (const [r, period] of [[0, 1_000], [0.5, 1_500], [0.999, 1_999]] as const) {
    const h = newLink(() => r)
    const c = await goOnline(h)
    expect(c.options.reconnectPeriod).toBe(period)
    h.link.dispose()
  }
  expect(broker.reconnectPeriodMs).toBe(1_000)
  expect(broker.reconnectJitterMaxMs).toBe(30_000)
})

it('each failed retry doubles the jitter window, up to 30 s; getting ready again resets it', async () => {
  const h = newLink(() => 0.5)
  const c = await goOnline(h)
  const periods: number[] = []
  for (let k = 0; k < 7; k++) {
    c.drop() // mqtt.js retries after the period it read; the link sets the next one
    periods.push(c.options.reconnectPeriod)
  }
  expect(periods).toEqual([2_000, 3_000, 5_000, 9_000, 16_000, 16_000, 16_000])
  // connected and subscribed again: back to a first retry's window
  c.connack()
  c.suback()
  expect(c.options.reconnectPeriod).toBe(1_500)
  h.link.dispose()
})

it('a reconnect storm: 200 phones dropped at once retry spread over the window, not in the same instant', async () => {
  const random = lcg(26)
  const retries: number[] = []
  const links: TvLink[] = []
  for (let i = 0; i < 200; i++) {
    const h = newLink(random)
    const c = await goOnline(h)
    links.push(h.link)
    // mqtt.js: on 'close' it schedules the retry with the period it reads then
    const period = c.options.reconnectPeriod
    setTimeout(() => retries.push(Date.now()), period)
  }
  const t0 = Date.now()
  jest.advanceTimersByTime(2_000)
  expect(retries).toHaveLength(200)
  const per100ms = new Map<number, number>()
  for (const t of retries) per100ms.set(Math.floor((t - t0) / 100), (per100ms.get(Math.floor((t - t0) / 100)) ?? 0) + 1)
  // flat 1 s: all 200 in one instant; jittered: spread over 1..2 s, no 100 ms holds a fifth of them
  expect(Math.min(...retries) - t0).toBeGreaterThanOrEqual(1_000)
  expect(Math.max(...retries) - t0).toBeLessThan(2_000)
  expect(Math.max(...per100ms.values())).toBeLessThan(40)
  expect(per100ms.size).toBe(10)
  for (const l of links) l.dispose()
})
