/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
/**
 * Only a refusal of the refresh itself (401/4011 on the refresh call) ends the
 * session; any other failure keeps it and says why. A refresh started under one session never writes
 * into another.
 */
import { net } from '../../src/strings'
import { contract } from '../../src/protocol/contract'
import { createGatewayClient } from '../../src/services/http'
import { createRefresher } from '../../src/services/http/refresh'
import { APP_ID, APP_KEY, createFakeGateway, createSession, type Answer, type SeenRequest } from './helpers/fakeGateway'
import { deferred } from '../stores/fixtures'
import { aesCbcScheme } from '../../src/protocol/codec'

const { userCenter, box } = contract

function setup(refreshAnswer: (n: number) => Answer | Promise<Answer>, keys: Record<string, string> = {}) {
  const session = createSession('old', 's')
  let refreshes = 0
  const valid = new Set<string>()
  const fake = createFakeGateway(async (req: SeenRequest) => {
    if (req.path === userCenter.refreshToken.path) {
      refreshes++
      const a = await refreshAnswer(refreshes)
      if ('extra' in a && a.extra?.token) valid.add(String(a.extra.token))
      return a
    }
    return valid.has(req.headers['UCS-TOKEN']) ? { resultCode: '000', data: { collected: true } } : { resultCode: '401', resultMsg: '登录已过期' }
  }, { old: 's', ...keys })
  const toasts: string[] = []
  const onSessionEnd = jest.fn()
  const client = createGatewayClient({
    baseUrl: 'http://gw.test/',
    transport: fake.transport,
    session: session.port,
    notify: (m) => toasts.push(m),
    onSessionEnd,
    appKey: APP_KEY,
    appId: APP_ID,
    loadScheme: async () => aesCbcScheme,
  })
  const ask = () => client.send(box.checkIsCollection, { uid: 'u', programId: 'p' })
  return { client, session, ask, toasts, onSessionEnd, refreshes: () => refreshes }
}

describe('a refresh that fails for another reason than a refusal keeps the session', () => {
  const cases: Array<[string, Answer, object]> = [
    ['HTTP 5xx', { status: 503, text: 'Service Unavailable' }, { kind: 'http', message: net.serverError }],
    ['malformed JSON', { status: 200, text: '{"resultCode":"000","data":' }, { kind: 'badResponse', message: net.badResponse }],
    ['a server error code', { resultCode: '9999', resultMsg: '服务维护中' }, { kind: 'server', message: '服务维护中' }],
    ['a server error code without a message', { resultCode: '9999' }, { kind: 'server', code: '9999', message: net.serverError }],
    ["'000' without a token", { resultCode: '000', data: {} }, { kind: 'badResponse', message: net.badResponse }],
    ["'000' with an empty token", { resultCode: '000', data: {}, extra: { token: '' } }, { kind: 'badResponse', code: 'token', message: net.badResponse }],
    ["'000' with a token that is not a string", { resultCode: '000', data: {}, extra: { token: 42 } }, { kind: 'badResponse', code: 'token', message: net.badResponse }],
  ]
  it.each(cases)('%s: no logout, the reason reaches the caller, a later request refreshes again', async (_name, answer, error) => {
    const { ask, session, onSessionEnd, refreshes } = setup((n) => (n === 1 ? answer : { resultCode: '000', data: {}, extra: { token: 'new2' } }), { new2: 's' })
    await expect(ask()).rejects.toMatchObject({ ...error, path: userCenter.refreshToken.path })
    expect(onSessionEnd).not.toHaveBeenCalled()
    expect(session.token).toBe('old')
    expect(session.secret).toBe('s')
    await expect(ask()).resolves.toMatchObject({ data: { collected: true } })
    expect(refreshes()).toBe(2)
    expect(session.token).toBe('new2')
  })

  it('no answer to the refresh: the network toast and an empty result, the session stays', async () => {
    const { ask, session, onSessionEnd, toasts } = setup(() => ({ networkError: true }))
    await expect(ask()).resolves.toMatchObject({ offline: true })
    expect(toasts).toEqual([net.networkError])
    expect(onSessionEnd).not.toHaveBeenCalled()
    expect(session.token).toBe('old')
  })

  it.each(['401', '4011'])('a refresh refused with %s ends the session', async (code) => {
    const { ask, onSessionEnd } = setup(() => ({ resultCode: code }))
    await expect(ask()).rejects.toMatchObject({ kind: 'sessionEnded' })
    expect(onSessionEnd).toHaveBeenCalledTimes(1)
  })
})

describe('a stale refresh', () => {
  it('never writes its token into a newer login, and does not end the newer session', async () => {
    const answer = deferred<Answer>()
    const { ask, session, onSessionEnd } = setup(() => answer.promise)
    const pending = ask().catch((e: unknown) => e)
    await new Promise((r) => setTimeout(r, 10))
    // The user logs out and in again while the refresh of the old session is in flight.
    session.token = 'newer'
    session.secret = 'newer-secret'
    answer.resolve({ resultCode: '000', data: {}, extra: { token: 'refreshed-old' } })
    await pending
    expect(session.token).toBe('newer')
    expect(session.secret).toBe('newer-secret')
    expect(onSessionEnd).not.toHaveBeenCalled()
  })

  it('a refusal that arrives after a newer login does not end the newer session', async () => {
    const answer = deferred<Answer>()
    const { ask, session, onSessionEnd } = setup(() => answer.promise)
    const pending = ask().catch((e: unknown) => e)
    await new Promise((r) => setTimeout(r, 10))
    session.token = 'newer'
    session.secret = 'newer-secret'
    answer.resolve({ resultCode: '4011' })
    expect(await pending).toMatchObject({ kind: 'sessionEnded' })
    expect(onSessionEnd).not.toHaveBeenCalled()
    expect(session.token).toBe('newer')
  })
})

describe('the shared refresh (createRefresher)', () => {
  function harness(token = 'old') {
    const s = createSession(token, 's')
    const calls: string[] = []
    const answers: Array<ReturnType<typeof deferred<string | null>>> = []
    const refresh = createRefresher(s.port, (expired) => {
      calls.push(expired.token)
      const d = deferred<string | null>()
      answers.push(d)
      return d.promise
    })
    return { s, calls, answers, refresh }
  }

  it('another request already refreshed: the call retries at once with the new token, no second refresh', async () => {
    const { s, calls, refresh } = harness('new')
    await expect(refresh({ token: 'old', secret: 's' })).resolves.toBe(true)
    expect(calls).toEqual([])
    expect(s.token).toBe('new')
  })

  it('calls that failed on the same token share one refresh in flight', async () => {
    const { s, calls, answers, refresh } = harness()
    const a = refresh({ token: 'old', secret: 's' })
    const b = refresh({ token: 'old', secret: 's' })
    expect(b).toBe(a)
    expect(calls).toEqual(['old'])
    answers[0].resolve('t2')
    await expect(Promise.all([a, b])).resolves.toEqual([true, true])
    expect(s.token).toBe('t2')
  })

  it('a refresh that settled is not joined again: the next failure on the same token refreshes anew', async () => {
    const { calls, answers, refresh } = harness()
    const a = refresh({ token: 'old', secret: 's' })
    answers[0].reject(new Error('5xx'))
    await expect(a).rejects.toThrow('5xx')
    const b = refresh({ token: 'old', secret: 's' })
    expect(b).not.toBe(a)
    expect(calls).toEqual(['old', 'old'])
    answers[1].resolve(null)
    await expect(b).resolves.toBe(false)
  })

  it('a failure on another token does not join a refresh in flight from an older one', async () => {
    const { s, calls, answers, refresh } = harness('a')
    const fromA = refresh({ token: 'a', secret: 's' })
    s.token = 'b' // a new login meanwhile, and its token fails too
    const fromB = refresh({ token: 'b', secret: 's' })
    expect(fromB).not.toBe(fromA)
    expect(calls).toEqual(['a', 'b'])
    // The older refresh settling does not forget the newer one in flight.
    answers[0].resolve('a2')
    await expect(fromA).resolves.toBe(false)
    expect(refresh({ token: 'b', secret: 's' })).toBe(fromB)
    expect(calls).toEqual(['a', 'b'])
    answers[1].resolve('b2')
    await expect(fromB).resolves.toBe(true)
    expect(s.token).toBe('b2')
  })

  it('refuses without writing when the refresh was refused (null) or gave no token', async () => {
    for (const answer of [null, '']) {
      const { s, answers, refresh } = harness()
      const p = refresh({ token: 'old', secret: 's' })
      answers[0].resolve(answer)
      await expect(p).resolves.toBe(false)
      expect(s.token).toBe('old')
    }
  })

  it('a session logged out meanwhile is refreshed for nobody: the token is not written', async () => {
    const { s, calls, answers, refresh } = harness('')
    const p = refresh({ token: 'old', secret: 's' })
    expect(calls).toEqual(['old'])
    answers[0].resolve('t2')
    await expect(p).resolves.toBe(false)
    expect(s.token).toBe('')
  })
})
