/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
import { broker, tvTimers } from '../../src/config'
import { TvLink, type LinkState } from '../../src/services/tv/link'
import { brokerAtScaleRecovery, ResyncSteps, RetryBackoff, specOnlyRecovery, type RecoveryPolicy } from '../../src/services/tv/recovery'
import { realClock } from '../../src/services/tv/types'
import { tv } from '../../src/strings'
import { DEVICE, FakeClient, USER, fakeApi, fakeConnect, flush } from './helpers/fakeMqtt'

/**
 * The recovery policy on its own: the deviations from SPEC 4/9 (grace, re-sync backoff, reconnect
 * jitter, fault backoff) are one object given to the link. Tested here without a link, and then
 * through a link given the SPEC-only policy, which must behave as SPEC 4 says and no more.
 */
beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('brokerAtScaleRecovery', () => {
  it('reconnects after SPEC 9\'s 1 s plus a jitter whose window doubles per retry up to 30 s', () => {
    const p = brokerAtScaleRecovery
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => p.reconnectPeriod(k, () => 0.5))).toEqual([1_500, 2_000, 3_000, 5_000, 9_000, 16_000, 16_000])
    expect(p.reconnectPeriod(0, () => 0)).toBe(broker.reconnectPeriodMs)
    expect(p.reconnectPeriod(1_000, () => 0.999_999)).toBe(broker.reconnectPeriodMs + broker.reconnectJitterMaxMs - 1)
  })

  it('retries after a fault with SPEC 4\'s 800 ms, doubled per consecutive fault up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => brokerAtScaleRecovery.faultRetryDelay(n))).toEqual([800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000])
  })

  it('gives the first sync a 2 s grace and re-syncs after 1, 2, 4, 8 and 16 s', () => {
    expect(brokerAtScaleRecovery.firstSyncGraceMs).toBe(tvTimers.firstSyncGraceMs)
    expect(brokerAtScaleRecovery.resyncBackoffMs).toEqual([1_000, 2_000, 4_000, 8_000, 16_000])
  })
})

describe('specOnlyRecovery', () => {
  it('is SPEC 4 and 9 to the letter: no grace, no steps, a flat 1 s and a flat 800 ms', () => {
    const p = specOnlyRecovery
    expect(p.firstSyncGraceMs).toBe(0)
    expect(p.resyncBackoffMs).toEqual([])
    expect([0, 3, 20].map((k) => p.reconnectPeriod(k, () => 0.9))).toEqual([1_000, 1_000, 1_000])
    expect([0, 3, 20].map((n) => p.faultRetryDelay(n))).toEqual([800, 800, 800])
  })
})

describe('ResyncSteps', () => {
  it('allows the first sync one more try, once, within the grace only', () => {
    const steps = new ResyncSteps(brokerAtScaleRecovery, realClock)
    expect(steps.takeFirstRetry(0)).toBe(false) // not ready yet
    steps.linkReady()
    expect(steps.takeFirstRetry(2_001)).toBe(false)
    expect(steps.takeFirstRetry(2_000)).toBe(true)
    expect(steps.takeFirstRetry(100)).toBe(false)
    steps.linkReady()
    steps.tvAnswered()
    expect(steps.takeFirstRetry(100)).toBe(false)
  })

  it('runs the steps in turn, keeps a waiting step\'s time, stops after the last, starts over when the TV answers', () => {
    const steps = new ResyncSteps(brokerAtScaleRecovery, realClock)
    const at: number[] = []
    const t0 = Date.now()
    const again = () => at.push(Date.now() - t0)
    steps.linkReady()
    steps.next(again)
    steps.next(again) // a step is already waiting: it keeps its time
    jest.advanceTimersByTime(1_000)
    expect(at).toEqual([1_000])
    for (let i = 0; i < 6; i++) {
      steps.next(again)
      jest.advanceTimersByTime(20_000)
    }
    expect(at).toEqual([1_000, 3_000, 25_000, 49_000, 77_000])
    steps.tvAnswered()
    steps.next(again)
    jest.advanceTimersByTime(1_000)
    expect(at).toHaveLength(6)
  })

  it('does nothing under a policy without steps, and cancel stops a waiting step', () => {
    const none = new ResyncSteps(specOnlyRecovery, realClock)
    const again = jest.fn()
    none.next(again)
    jest.advanceTimersByTime(60_000)
    expect(again).not.toHaveBeenCalled()
    const some = new ResyncSteps(brokerAtScaleRecovery, realClock)
    some.next(again)
    some.cancel()
    jest.advanceTimersByTime(60_000)
    expect(again).not.toHaveBeenCalled()
  })
})

describe('RetryBackoff', () => {
  it('grows the fault delay and the jitter window with their counts; getting ready resets both', () => {
    const b = new RetryBackoff(brokerAtScaleRecovery, () => 0.5)
    expect([b.nextFaultDelay(), b.nextFaultDelay(), b.nextFaultDelay()]).toEqual([800, 1_600, 3_200])
    b.lost()
    b.lost()
    expect(b.reconnectsSinceReady).toBe(2)
    expect(b.reconnectPeriod()).toBe(3_000)
    b.linkReady()
    expect(b.reconnectsSinceReady).toBe(0)
    expect(b.reconnectPeriod()).toBe(1_500)
    expect(b.nextFaultDelay()).toBe(800)
  })
})

describe('the link runs the policy it is given', () => {
  function setup(recovery?: RecoveryPolicy) {
    const mq = fakeConnect()
    const states: LinkState[] = []
    const link = new TvLink(
      { api: fakeApi(), loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:8883/mqtt', createWebsocket: jest.fn(), random: () => 0.5, ...(recovery ? { recovery } : {}) },
      { state: (s) => states.push(s), mode: () => undefined, message: () => undefined },
    )
    return { link, states, client: (): FakeClient => mq.clients[mq.clients.length - 1] }
  }

  async function readyButSilent(h: ReturnType<typeof setup>): Promise<FakeClient> {
    h.link.setTarget(DEVICE, USER)
    await flush()
    const c = h.client()
    c.connack()
    c.suback()
    return c
  }

  it('SPEC only: the first unanswered sync calls the TV offline at 800 ms, and nothing is asked before the 30 s cadence', async () => {
    const h = setup(specOnlyRecovery)
    const c = await readyButSilent(h)
    expect(c.published).toHaveLength(2) // sync + screen type
    expect(c.options.reconnectPeriod).toBe(1_000) // flat, whatever the random draw
    jest.advanceTimersByTime(tvTimers.offlineAfterMs)
    expect(h.link.snapshot()).toMatchObject({ state: 'offline', error: tv.linkNoReply })
    jest.advanceTimersByTime(tvTimers.syncIntervalMs - tvTimers.offlineAfterMs - 1)
    expect(c.published).toHaveLength(2)
    h.link.dispose()
  })

  it('by default: the unanswered first sync is sent once more within the grace, then re-synced on the steps', async () => {
    const h = setup()
    const c = await readyButSilent(h)
    expect(c.options.reconnectPeriod).toBe(1_500)
    jest.advanceTimersByTime(tvTimers.offlineAfterMs)
    expect(h.link.snapshot().state).not.toBe('offline') // asked once more instead
    expect(c.published).toHaveLength(4)
    jest.advanceTimersByTime(tvTimers.offlineAfterMs)
    expect(h.link.snapshot().state).toBe('offline')
    jest.advanceTimersByTime(1_000)
    expect(c.published).toHaveLength(6) // the first re-sync step
    h.link.dispose()
  })
})
