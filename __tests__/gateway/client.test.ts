/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
/** One test per request-client rule (SPEC 5, 7, 8). */
import { net } from '../../src/strings'
import { timeouts } from '../../src/config'
import { contract } from '../../src/protocol/contract'
import { createGatewayClient, GatewayError, type GatewayClientOptions } from '../../src/services/http'
import { createApi } from '../../src/services/api'
import { OfflineError } from '../../src/services/http/types'
import { validEmpty } from './helpers/recording'
import { SecureRandomError, aesCbcScheme } from '../../src/protocol/codec'
import { APP_ID, APP_KEY, createFakeGateway, createSession, type Answer, type SeenRequest } from './helpers/fakeGateway'

const BASE = 'http://gw.test/'
const { userCenter, valueAdded, epg, other, box } = contract
const device = { uid: 'u1', mac: 'AABBCCDDEEFF', deviceName: '客厅', familyId: 'f1', abilityString: 'x' }

function setup(
  script: (req: SeenRequest, payload: unknown, key: string) => Answer | Promise<Answer>,
  opts: { token?: string; secret?: string; keys?: Record<string, string>; client?: Partial<GatewayClientOptions> } = {},
) {
  const session = createSession(opts.token ?? '', opts.secret ?? '')
  const keys = { ...(opts.token ? { [opts.token]: opts.secret ?? '' } : {}), ...opts.keys }
  const fake = createFakeGateway(script, keys)
  const toasts: string[] = []
  const onSessionEnd = jest.fn()
  const client = createGatewayClient({
    baseUrl: BASE,
    transport: fake.transport,
    session: session.port,
    notify: (m) => toasts.push(m),
    onSessionEnd,
    appKey: APP_KEY,
    appId: APP_ID,
    loadScheme: async () => aesCbcScheme,
    ...opts.client,
  })
  return { client, seen: fake.seen, toasts, onSessionEnd, session }
}

describe('headers', () => {
  it('sends a unique requestId per request and the UCS-TOKEN of the session', async () => {
    const { client, seen } = setup(() => ({ resultCode: '000', data: [device] }), { token: 'tk1', secret: 'sec1' })
    await Promise.all([client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' }), client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' })])
    expect(seen).toHaveLength(2)
    expect(seen[0].headers.requestId).toBeTruthy()
    expect(seen[0].headers.requestId).not.toBe(seen[1].headers.requestId)
    expect(seen.every((r) => r.headers['UCS-TOKEN'] === 'tk1')).toBe(true)
  })

  it('adds appId on value-added calls only', async () => {
    const { client, seen } = setup((req) => ({ resultCode: '000', data: validEmpty(req.path.includes('coupon') ? valueAdded.coupon.response : box.queryHistory.response) }), { token: 'tk1', secret: 'sec1' })
    await client.send(valueAdded.coupon, { userId: 'u1' })
    await client.send(box.queryHistory, { uid: 'u1', page: 1, pageSize: 10 })
    expect(seen[0].headers.appId).toBe(APP_ID)
    expect(seen[1].headers).not.toHaveProperty('appId')
  })
})

describe('bodies', () => {
  it('sends form bodies for form entries, JSON for the others, the query for GET entries', async () => {
    const byPath = new Map([other.logApi, userCenter.mobileLogin, epg.getDetail].map((e) => [e.path, e.response]))
    const { client, seen } = setup((req) => ({ resultCode: '000', data: validEmpty(byPath.get(req.path) ?? other.logApi.response), extra: { token: 't', secret: 's' } }))
    const form = { seqid: '1', curtime: '1', deviceid: 'd', versionid: 'v', platformid: 'h5', mac: '', contentcount: '0', contenttext: '[]' }
    await client.send(other.logApi, form)
    await client.send(userCenter.mobileLogin, { faceImg: '', nickName: 'n', phone: '13800000000', loginType: 'PHONE', serviceChannelId: 'c' })
    await client.send(epg.getDetail, { programId: 'p1' })
    expect(seen.map((r) => [r.method, r.bodyKind])).toEqual([
      ['POST', 'form'],
      ['POST', 'json'],
      ['GET', 'query'],
    ])
    expect(seen[0].contentType).toBe('application/x-www-form-urlencoded')
    expect(seen[0].raw.body).toMatch(/^data=/)
  })

  it('encrypts with the app key before login and with the session secret after', async () => {
    const keysUsed: string[] = []
    const before = setup((_r, _p, key) => {
      keysUsed.push(key)
      return { resultCode: '000', data: { followed: true } }
    })
    await before.client.send(userCenter.checkFollow, { uid: 'u1' })
    const after = setup((_r, _p, key) => {
      keysUsed.push(key)
      return { resultCode: '000', data: { followed: true } }
    }, { token: 'tk', secret: 'the-secret' })
    await after.client.send(userCenter.checkFollow, { uid: 'u1' })
    expect(keysUsed).toEqual([APP_KEY, 'the-secret'])
    // The wire never carries the payload in clear.
    expect(after.seen[0].raw.body).not.toContain('u1')
  })

  it('gives every call its own request: overlapping calls never send each other\'s payload', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    const { client } = setup(async (_req, payload) => {
      const p = payload as { programId: string }
      if (p.programId === 'slow') await gate
      return { resultCode: '000', data: { collected: p.programId === 'slow' } }
    }, { token: 't', secret: 's' })
    const a = client.send(box.checkIsCollection, { uid: 'u1', programId: 'slow' })
    const b = client.send(box.checkIsCollection, { uid: 'u1', programId: 'fast' })
    expect((await b).data.collected).toBe(false)
    release()
    expect((await a).data.collected).toBe(true)
  })
})

describe('results', () => {
  it("succeeds only with resultCode '000'; other codes reject with a typed error carrying the server message", async () => {
    const { client } = setup((req) =>
      req.path.endsWith('addCollection') ? { resultCode: '1003', resultMsg: '节目不存在或已下线' } : { resultCode: '000', data: { collected: true } },
    { token: 't', secret: 's' })
    await expect(client.send(box.checkIsCollection, { uid: 'u', programId: 'p' })).resolves.toMatchObject({ data: { collected: true }, offline: false })
    const err = await client.send(box.addCollection, { uid: 'u', programId: 'p' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect(err).toMatchObject({ kind: 'server', code: '1003', message: '节目不存在或已下线' })
  })

  it('decrypts data only when it is a string longer than 10 characters', async () => {
    const answers: Answer[] = [
      { resultCode: '000', plainData: 'ok' },
      { resultCode: '000', plainData: '0123456789' },
      { resultCode: '000', plainData: { list: [{ key: 'a', title: 'plain', text: '' }] } },
      { resultCode: '000', data: { list: [{ key: 'b', title: 'decrypted', text: '' }] } },
    ]
    const { client } = setup(() => answers.shift() as Answer)
    // short strings are used as they are (not decrypted): they then fail the contract of an object answer
    const e1 = await client.sendRaw(other.characters, { keys: [] }).catch((e: unknown) => e)
    const e2 = await client.sendRaw(other.characters, { keys: [] }).catch((e: unknown) => e)
    for (const e of [e1, e2]) expect(e).toMatchObject({ kind: 'badResponse', code: 'contract', problems: ['data: expected object'] })
    const r3 = await client.sendRaw(other.characters, { keys: [] })
    const r4 = await client.sendRaw(other.characters, { keys: [] })
    expect(r3.data).toEqual({ list: [{ key: 'a', title: 'plain', text: '' }] })
    expect(r4.data).toEqual({ list: [{ key: 'b', title: 'decrypted', text: '' }] })
  })

  it('reports HTTP 5xx, malformed JSON and undecryptable data as typed errors', async () => {
    const answers: Answer[] = [
      { status: 503, text: 'Service Unavailable' },
      { status: 200, text: '{"resultCode":"000","data":' },
      { status: 200, text: JSON.stringify({ resultCode: '000', data: 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=' }) },
    ]
    const { client, toasts } = setup(() => answers.shift() as Answer)
    const errs = []
    for (let i = 0; i < 3; i++) errs.push(await client.send(other.characters, { keys: [] }).catch((e: unknown) => e))
    expect(errs.map((e) => (e as GatewayError).kind)).toEqual(['http', 'badResponse', 'badResponse'])
    expect((errs[0] as GatewayError).code).toBe('503')
    expect(toasts).toEqual([])
  })
})

describe('contract check at the client boundary', () => {
  const detail = {
    programId: 'p1', title: '庆余年', poster: '', categoryId: 'c', categoryName: '电视剧', year: 2024, score: 9, episodeCount: 2,
    updateInfo: '', source: 'own', description: '', area: '', tags: ['古装'], cast: [], episodes: [], collected: false, inBlackList: false,
  }

  it("a '000' answer that breaks the contract rejects with a typed error naming the problem, and nothing is toasted", async () => {
    const { tags: _t, ...noTags } = detail
    const answers: Answer[] = [
      { resultCode: '000', data: detail },
      { resultCode: '000', data: noTags },
      { resultCode: '000', data: { ...detail, tags: 'x' } },
      { resultCode: '000', data: { ...detail, source: 'elsewhere' } },
      { resultCode: '000', data: null },
    ]
    const { client, toasts } = setup(() => answers.shift() as Answer)
    await expect(client.send(epg.getDetail, { programId: 'p1' })).resolves.toMatchObject({ data: { tags: ['古装'] } })
    for (let i = 0; i < 4; i++) {
      const err = await client.send(epg.getDetail, { programId: 'p1' }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(GatewayError)
      expect(err).toMatchObject({ kind: 'badResponse', code: 'contract', message: net.badResponse, path: epg.getDetail.path })
      expect((err as GatewayError & { problems: string[] }).problems.length).toBeGreaterThan(0)
    }
    expect(toasts).toEqual([])
  })

  it('extra fields are allowed (the gateway may grow)', async () => {
    const { client } = setup(() => ({ resultCode: '000', data: { ...detail, newField: 1 } }))
    await expect(client.send(epg.getDetail, { programId: 'p1' })).resolves.toMatchObject({ offline: false })
  })
})

describe('network failure', () => {
  it('toasts the network error and resolves an empty result of the right shape', async () => {
    const { client, toasts } = setup(() => ({ networkError: true }), { token: 't', secret: 's' })
    const devices = await client.send(userCenter.queryBindDevice, { uid: 'u', serviceChannelId: 'c' })
    const detail = await client.send(epg.getDetail, { programId: 'p1' })
    const login = await client.send(userCenter.mobileLogin, { faceImg: '', nickName: 'n', phone: '13800000000', loginType: 'PHONE', serviceChannelId: 'c' })
    expect(devices).toEqual({ data: [], envelope: {}, offline: true })
    expect(detail.data).toMatchObject({ programId: '', title: '', tags: [], cast: [], episodes: [], collected: false })
    expect(detail.data.h5Play).toBeUndefined()
    expect(login.envelope).toEqual({ token: '', secret: '' })
    expect(toasts).toEqual([net.networkError, net.networkError, net.networkError])
  })

  it('does not toast for silent (background) calls', async () => {
    const { client, toasts } = setup(() => ({ networkError: true }))
    const r = await client.send(other.characters, { keys: [] }, { silent: true })
    expect(r.offline).toBe(true)
    expect(toasts).toEqual([])
  })

  it('pageGuide (the first-visit guide) fails without a toast: no guide and no error', async () => {
    const { client, toasts } = setup(() => ({ networkError: true }), { token: 't', secret: 's' })
    const api = createApi(client)
    await expect(api.userCenter.pageGuide({ uid: 'u1', page: 'pages/index/index' })).rejects.toBeInstanceOf(OfflineError)
    expect(toasts).toEqual([])
  })

  describe('timeout', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('gives up after 18 s: toast + empty result, and the request is aborted', async () => {
      const { client, toasts, seen } = setup(() => ({ never: true }), { token: 't', secret: 's' })
      let settled = false
      const pending = client.send(box.queryHistory, { uid: 'u', page: 1, pageSize: 10 }).then((r) => {
        settled = true
        return r
      })
      await jest.advanceTimersByTimeAsync(timeouts.requestMs - 1)
      expect(settled).toBe(false)
      const aborted = jest.fn()
      seen[0].raw.abort.onAbort(aborted)
      await jest.advanceTimersByTimeAsync(1)
      expect(settled).toBe(true)
      expect(await pending).toEqual({ data: { total: 0, list: [] }, envelope: {}, offline: true })
      expect(toasts).toEqual([net.networkError])
      expect(aborted).toHaveBeenCalled()
      expect(timeouts.requestMs).toBe(18_000)
    })
  })
})

describe('401 / 4011', () => {
  function authScript(opts: { refreshAnswer?: (count: number) => Answer; valid: Set<string> }) {
    let refreshes = 0
    return {
      refreshes: () => refreshes,
      script: async (req: SeenRequest): Promise<Answer> => {
        if (req.path === userCenter.refreshToken.path) {
          refreshes++
          await new Promise((r) => setTimeout(r, 5))
          const a = opts.refreshAnswer?.(refreshes) ?? { resultCode: '000', data: {}, extra: { token: `new${refreshes}` } }
          if ('extra' in a && a.extra?.token) opts.valid.add(String(a.extra.token))
          return a
        }
        return opts.valid.has(req.headers['UCS-TOKEN']) ? { resultCode: '000', data: { collected: true } } : { resultCode: '401', resultMsg: '登录已过期' }
      },
    }
  }

  it('refreshes once for many concurrent 401s, then retries each call once with the new token', async () => {
    const valid = new Set<string>()
    const auth = authScript({ valid })
    const { client, session, seen, onSessionEnd } = setup(auth.script, { token: 'old', secret: 's', keys: { new1: 's' } })
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => client.send(box.checkIsCollection, { uid: 'u', programId: `p${i}` })))
    expect(results.every((r) => r.data.collected)).toBe(true)
    expect(auth.refreshes()).toBe(1)
    expect(session.token).toBe('new1')
    // 5 failures + 1 refresh + 5 retries with the new token.
    expect(seen).toHaveLength(11)
    expect(seen.filter((r) => r.headers['UCS-TOKEN'] === 'new1')).toHaveLength(5)
    expect(onSessionEnd).not.toHaveBeenCalled()
  })

  it("a call sent under another session's credentials (`as`) carries its token and secret; its 401 refreshes nothing and ends no session", async () => {
    const valid = new Set<string>(['fresh'])
    const auth = authScript({ valid })
    const { client, session, seen, onSessionEnd } = setup(auth.script, { token: 'mine', secret: 's', keys: { fresh: 'fs', gone: 'gs' } })
    valid.add('mine')
    expect((await client.send(box.checkIsCollection, { uid: 'u', programId: 'p' }, { as: { token: 'fresh', secret: 'fs' } })).data.collected).toBe(true)
    expect(seen[0].headers['UCS-TOKEN']).toBe('fresh')
    await expect(client.send(box.checkIsCollection, { uid: 'u', programId: 'p' }, { as: { token: 'gone', secret: 'gs' } })).rejects.toMatchObject({ kind: 'sessionEnded' })
    expect(auth.refreshes()).toBe(0)
    expect(onSessionEnd).not.toHaveBeenCalled()
    expect(session.token).toBe('mine')
  })

  it('treats 4011 like 401', async () => {
    const valid = new Set<string>()
    let first = true
    const { client, session } = setup(
      (req) => {
        if (req.path === userCenter.refreshToken.path) {
          valid.add('fresh')
          return { resultCode: '000', data: {}, extra: { token: 'fresh' } }
        }
        if (first) {
          first = false
          return { resultCode: '4011' }
        }
        return valid.has(req.headers['UCS-TOKEN']) ? { resultCode: '000', data: { collected: false } } : { resultCode: '4011' }
      },
      { token: 'old', secret: 's', keys: { fresh: 's' } },
    )
    await expect(client.send(box.checkIsCollection, { uid: 'u', programId: 'p' })).resolves.toMatchObject({ offline: false })
    expect(session.token).toBe('fresh')
  })

  it('ends the session on a 401 after the retry: onSessionEnd once, a typed error, no loop', async () => {
    let refreshes = 0
    const { client, seen, onSessionEnd } = setup(
      (req) => {
        if (req.path === userCenter.refreshToken.path) {
          refreshes++
          return { resultCode: '000', data: {}, extra: { token: 'still-bad' } }
        }
        return { resultCode: '401' }
      },
      { token: 'old', secret: 's', keys: { 'still-bad': 's' } },
    )
    const errs = await Promise.all([1, 2, 3].map(() => client.send(box.checkIsCollection, { uid: 'u', programId: 'p' }).catch((e: unknown) => e)))
    for (const e of errs) expect(e).toMatchObject({ kind: 'sessionEnded', message: net.sessionExpired })
    expect(refreshes).toBe(1)
    expect(onSessionEnd).toHaveBeenCalledTimes(1)
    expect(seen).toHaveLength(3 + 1 + 3)
  })

  it('ends the session when the refresh itself is refused', async () => {
    const { client, onSessionEnd, seen } = setup((req) => (req.path === userCenter.refreshToken.path ? { resultCode: '401' } : { resultCode: '401' }), {
      token: 'old',
      secret: 's',
    })
    await expect(client.send(box.checkIsCollection, { uid: 'u', programId: 'p' })).rejects.toMatchObject({ kind: 'sessionEnded' })
    expect(onSessionEnd).toHaveBeenCalledTimes(1)
    expect(seen).toHaveLength(2)
  })

  it('treats an HTTP 401 status like resultCode 401', async () => {
    const { client, onSessionEnd } = setup((req) => (req.path === userCenter.refreshToken.path ? { resultCode: '401' } : { status: 401, text: '' }), {
      token: 'old',
      secret: 's',
    })
    await expect(client.send(box.checkIsCollection, { uid: 'u', programId: 'p' })).rejects.toMatchObject({ kind: 'sessionEnded' })
    expect(onSessionEnd).toHaveBeenCalledTimes(1)
  })
})

describe('401 when logged out, and the session key', () => {
  it('a 401 with no session ends nothing and refreshes nothing: a typed error only', async () => {
    const { client, seen, onSessionEnd } = setup(() => ({ resultCode: '401' }))
    await expect(client.send(box.checkIsCollection, { uid: 'u', programId: 'p' })).rejects.toMatchObject({
      kind: 'sessionEnded',
      code: '401',
      message: net.sessionExpired,
      path: box.checkIsCollection.path,
    })
    expect(seen).toHaveLength(1)
    expect(onSessionEnd).not.toHaveBeenCalled()
  })

  it('a token without a secret still encrypts with the app key', async () => {
    const keysUsed: string[] = []
    const { client } = setup((_r, _p, key) => {
      keysUsed.push(key)
      return { resultCode: '000', data: { followed: true } }
    }, { token: 'tk', secret: '', keys: { tk: APP_KEY } })
    await client.send(userCenter.checkFollow, { uid: 'u1' })
    expect(keysUsed).toEqual([APP_KEY])
  })

  it("an envelope that breaks the contract is named as the envelope's problem", async () => {
    const { client } = setup(() => ({ resultCode: '000', data: validEmpty(userCenter.mobileLogin.response), extra: { token: 5, secret: 's' } }))
    const e = await client.send(userCenter.mobileLogin, { faceImg: '', nickName: 'n', phone: '13800000000', loginType: 'PHONE', serviceChannelId: 'c' }).catch((err: unknown) => err)
    expect(e).toMatchObject({ kind: 'badResponse', code: 'contract' })
    expect((e as { problems: string[] }).problems.every((p) => p.startsWith('envelope'))).toBe(true)
    expect((e as { problems: string[] }).problems.length).toBeGreaterThan(0)
  })
})

describe('refreshSession (the same shared refresh, on demand)', () => {
  const refreshing = (answer: Answer) => (req: SeenRequest): Answer => (req.path === userCenter.refreshToken.path ? answer : { resultCode: '000', data: {} })

  it('no session: nothing is sent, the answer is empty', async () => {
    const { client, seen } = setup(refreshing({ resultCode: '000', data: {}, extra: { token: 'x' } }))
    await expect(client.refreshSession()).resolves.toBe('')
    expect(seen).toHaveLength(0)
  })

  it('resolves the new token and writes it into the session, sent with the current credentials', async () => {
    const { client, seen, session } = setup(refreshing({ resultCode: '000', data: {}, extra: { token: 'fresh' } }), { token: 'old', secret: 'sec' })
    await expect(client.refreshSession()).resolves.toBe('fresh')
    expect(session.token).toBe('fresh')
    expect(seen.map((r) => [r.path, r.headers['UCS-TOKEN']])).toEqual([[userCenter.refreshToken.path, 'old']])
  })

  it("'' when the refresh is refused or fails at the server; the session is not ended here", async () => {
    for (const answer of [{ resultCode: '401' }, { resultCode: '9999', resultMsg: '维护' }, { status: 503, text: '' }] as Answer[]) {
      const { client, session, onSessionEnd, toasts } = setup(refreshing(answer), { token: 'old', secret: 'sec' })
      await expect(client.refreshSession()).resolves.toBe('')
      expect(session.token).toBe('old')
      expect(onSessionEnd).not.toHaveBeenCalled()
      expect(toasts).toEqual([])
    }
  })

  it("no answer: the network toast and ''", async () => {
    const { client, toasts } = setup(refreshing({ networkError: true }), { token: 'old', secret: 'sec' })
    await expect(client.refreshSession()).resolves.toBe('')
    expect(toasts).toEqual([net.networkError])
  })

  it('anything else (no secure random source) is not hidden: it rejects', async () => {
    const { client } = setup(refreshing({ resultCode: '000', data: {}, extra: { token: 'x' } }), {
      token: 'old',
      secret: 'sec',
      client: { random: { ready: () => Promise.reject(new SecureRandomError(net.noSecureRandom)), take: () => new Uint8Array(16) } },
    })
    await expect(client.refreshSession()).rejects.toBeInstanceOf(SecureRandomError)
  })
})

describe('the cipher loaded on first use (crypto-js in a weapp async subpackage)', () => {
  it('loads the scheme once for concurrent requests, before anything is sent, and encrypts with it', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    const loadScheme = jest.fn(async () => {
      await gate
      return aesCbcScheme
    })
    const { client, seen } = setup(() => ({ resultCode: '000', data: [device] }), { token: 't', secret: 's', client: { loadScheme } })
    const calls = [client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' }), client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' })]
    await new Promise((r) => setTimeout(r, 0))
    expect(seen).toHaveLength(0)
    release()
    const replies = await Promise.all(calls)
    expect(replies.map((r) => r.data)).toEqual([[device], [device]])
    expect(loadScheme).toHaveBeenCalledTimes(1)
    await client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' })
    expect(loadScheme).toHaveBeenCalledTimes(1)
  })

  it('a failed load: nothing sent, the cipher toast and the offline reply; the next request loads again', async () => {
    const loadScheme = jest.fn().mockRejectedValueOnce(new Error('loadSubpackage:fail')).mockResolvedValue(aesCbcScheme)
    const { client, seen, toasts } = setup(() => ({ resultCode: '000', data: [device] }), { token: 't', secret: 's', client: { loadScheme } })
    const first = await client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' })
    expect(first).toEqual({ data: [], envelope: {}, offline: true })
    expect(seen).toHaveLength(0)
    expect(toasts).toEqual([net.cipherLoadError])
    const second = await client.send(userCenter.queryBindDevice, { uid: 'u1', serviceChannelId: 'c' })
    expect(second).toMatchObject({ data: [device], offline: false })
    expect(loadScheme).toHaveBeenCalledTimes(2)
    expect(toasts).toEqual([net.cipherLoadError])
  })

  it('a failed load on refreshSession: the cipher toast and no new token', async () => {
    const loadScheme = jest.fn().mockRejectedValue(new Error('loadSubpackage:fail'))
    const { client, toasts, session } = setup(() => ({ resultCode: '000', data: {}, extra: { token: 'x' } }), { token: 'old', secret: 'sec', client: { loadScheme } })
    await expect(client.refreshSession()).resolves.toBe('')
    expect(session.token).toBe('old')
    expect(toasts).toEqual([net.cipherLoadError])
  })

  it('needs a codec or a loader: none is refused when the client is built', () => {
    expect(() => setup(() => ({ resultCode: '000', data: {} }), { client: { loadScheme: undefined } })).toThrow('a codec or a loadScheme')
  })
})
