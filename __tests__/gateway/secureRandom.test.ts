/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
/**
 * The body cipher's IV comes from a secure source. On WeChat that is
 * wx.getRandomValues (asynchronous) behind a pool; on H5 crypto.getRandomValues. Never Math.random.
 */
import { webcrypto } from 'node:crypto'
import { net } from '../../src/strings'
import { contract } from '../../src/protocol/contract'
import { aesCbcScheme, SecureRandomError, webCryptoRandomBytes } from '../../src/protocol/codec'
import { createRandomPool, webCryptoRandom, type AsyncRandomSource } from '../../src/services/http/secureRandom'
import { createGatewayClient } from '../../src/services/http'
import { failedState } from '../../src/stores/kit/loadState'
import { wxRandomSource, type WxRandom } from '../../src/platform/random/wx'
import { APP_ID, APP_KEY, createFakeGateway } from './helpers/fakeGateway'

const WX_LATENCY_MS = 30

/** Distinct, recognisable bytes: the k-th byte a source ever gave is k % 251. */
function countingSource(latencyMs = WX_LATENCY_MS) {
  let next = 0
  const asked: number[] = []
  const source: AsyncRandomSource = (n) => {
    asked.push(n)
    const out = Uint8Array.from({ length: n }, () => next++ % 251)
    return new Promise((resolve) => setTimeout(() => resolve(out), latencyMs))
  }
  return { source, asked }
}

/** Resolves when the promise settles within the current fake time (without advancing it). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false
  p.then(
    () => (done = true),
    () => (done = true),
  )
  for (let i = 0; i < 5; i++) await Promise.resolve()
  return done
}

let mathRandom: jest.SpyInstance
beforeEach(() => {
  // Any use of Math.random below fails the test: an IV must never come from it.
  mathRandom = jest.spyOn(Math, 'random').mockImplementation(() => {
    throw new Error('Math.random used')
  })
})
afterEach(() => {
  mathRandom.mockRestore()
  jest.useRealTimers()
})

describe('the pool (weapp)', () => {
  beforeEach(() => jest.useFakeTimers())

  it('fills before the first request: ready() waits for the source, then take() gives its bytes in order', async () => {
    const { source, asked } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 64 })
    const first = pool.ready(16)
    // enough to fill the pool after the waiting request's 16 bytes
    expect(asked).toEqual([80])
    expect(() => pool.take(16)).toThrow(SecureRandomError)
    expect(await settled(first)).toBe(false)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    expect(await settled(first)).toBe(true)
    expect([...pool.take(16)]).toEqual([...Array(16).keys()])
    expect([...pool.take(16)]).toEqual([...Array(16).keys()].map((i) => i + 16))
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('refills ahead of need: once half is used the next fill is asked for, and requests meanwhile do not wait', async () => {
    const { source, asked } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 64 })
    const request = async () => {
      await pool.ready(16)
      return pool.take(16)[0]
    }
    const first = request()
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    expect(await first).toBe(0)
    // 64 bytes left: the next two requests leave 48 and 32, not below half
    expect(await request()).toBe(16)
    expect(await request()).toBe(32)
    expect(asked).toEqual([80])
    // this one sets aside 16 of the last 32: below half, so the refill is asked for now
    const fourth = pool.ready(16)
    expect(asked).toEqual([80, 48])
    await fourth
    expect(pool.take(16)[0]).toBe(48)
    // the remaining 16 bytes serve the next request before the refill answers
    expect(await settled(pool.ready(16))).toBe(true)
    expect(pool.take(16)[0]).toBe(64)
    const sixth = request()
    expect(await settled(sixth)).toBe(false)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    // the refill's bytes follow the first fill's: none is given twice
    expect(await sixth).toBe(80)
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('uses the bytes left when a refill arrives first, then the refill\'s', async () => {
    const { source } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 64 })
    const first = pool.ready(16)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await first
    const got: number[] = [pool.take(16)[0]]
    for (let i = 0; i < 3; i++) {
      await pool.ready(16)
      got.push(pool.take(16)[0])
    }
    // 16 bytes (64..79) left and a refill (80..127) asked for; it arrives before they are used
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    for (let i = 0; i < 4; i++) {
      await pool.ready(16)
      got.push(pool.take(16)[0])
    }
    expect(got).toEqual([0, 16, 32, 48, 64, 80, 96, 112])
  })

  it('holds 1 KB by default and refills below half', async () => {
    const { source, asked } = countingSource()
    const pool = createRandomPool(source, { failure: 'f' })
    const first = pool.ready(16)
    expect(asked).toEqual([1024 + 16])
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await first
    pool.take(16)
    for (let i = 0; i < 32; i++) {
      await pool.ready(16)
      pool.take(16)
    }
    // 1024 - 32 * 16 = 512 free: not below half
    expect(asked).toEqual([1040])
    await pool.ready(16)
    expect(asked).toEqual([1040, 528])
  })

  it('bytes promised to one request are never promised to another', async () => {
    const { source } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 32, refillBelow: 1 })
    const a = pool.ready(16)
    const b = pool.ready(16)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await Promise.all([a, b])
    // 48 bytes: 32 promised to a and b, 16 free
    pool.take(16)
    const c = pool.ready(16)
    const d = pool.ready(16)
    expect(await settled(c)).toBe(true)
    // b's and c's bytes are spoken for: d waits for the refill
    expect(await settled(d)).toBe(false)
    expect(() => [pool.take(16), pool.take(16)]).not.toThrow()
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await d
    expect(() => pool.take(16)).not.toThrow()
  })

  it('serves requests in order: a small one does not pass a larger one waiting', async () => {
    const { source } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 32, refillBelow: 1 })
    const first = pool.ready(16)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await first
    pool.take(16)
    // 32 free; the large one waits for more, the small one queues behind it
    const large = pool.ready(48)
    const small = pool.ready(16)
    expect(await settled(large)).toBe(false)
    expect(await settled(small)).toBe(false)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    expect(await settled(large)).toBe(true)
    expect(await settled(small)).toBe(true)
  })

  it('serves a burst larger than the pool: every request gets its own bytes, none fails', async () => {
    const { source } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 32 })
    const taken: number[][] = []
    const requests = Array.from({ length: 10 }, async () => {
      await pool.ready(16)
      taken.push([...pool.take(16)])
    })
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS * 10)
    await Promise.all(requests)
    expect(taken).toHaveLength(10)
    expect(new Set(taken.flat()).size).toBe(160)
  })

  it('refuses loudly when the source fails, and asks again on the next request', async () => {
    let fail = true
    const source: AsyncRandomSource = (n) => (fail ? Promise.reject(new Error('getRandomValues:fail')) : Promise.resolve(new Uint8Array(n).fill(7)))
    const pool = createRandomPool(source, { failure: net.noSecureRandom, capacity: 32 })
    const a = pool.ready(16)
    const b = pool.ready(16)
    await expect(a).rejects.toEqual(new SecureRandomError(net.noSecureRandom))
    await expect(b).rejects.toBeInstanceOf(SecureRandomError)
    expect(() => pool.take(16)).toThrow(SecureRandomError)
    fail = false
    await pool.ready(16)
    expect([...pool.take(16)]).toEqual(Array(16).fill(7))
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('treats a source that throws, or gives fewer bytes than asked, as a failure', async () => {
    const throwing = createRandomPool(() => {
      throw new Error('boom')
    }, { failure: 'no source' })
    await expect(throwing.ready(16)).rejects.toEqual(new SecureRandomError('no source'))
    const short = createRandomPool((n) => Promise.resolve(new Uint8Array(n - 1)), { failure: 'short' })
    await expect(short.ready(16)).rejects.toEqual(new SecureRandomError('short'))
    const notBytes = createRandomPool(() => Promise.resolve([1, 2] as unknown as Uint8Array), { failure: 'bad' })
    await expect(notBytes.ready(2)).rejects.toEqual(new SecureRandomError('bad'))
  })

  it('asks for one fill at a time', async () => {
    const { source, asked } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 64 })
    const all = Promise.all([pool.ready(16), pool.ready(16), pool.ready(16)])
    expect(asked).toEqual([80])
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await all
    // 80 bytes, 48 set aside: 32 free is not below half, so no second fill
    expect(asked).toEqual([80])
  })

  it('asks for enough to serve the requests waiting on top of a full pool', async () => {
    const { source, asked } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 16, refillBelow: 8 })
    const a = pool.ready(16)
    const b = pool.ready(16)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    // the first fill was asked for one waiter; the second waiter makes the next fill larger
    expect(asked[0]).toBe(32)
    expect(await settled(a)).toBe(true)
    expect(await settled(b)).toBe(true)
    // both served: nothing free, so the next fill is already asked for
    expect(asked).toEqual([32, 16])
  })

  it('starts refilling as soon as what is not set aside falls below the threshold', async () => {
    const { source, asked } = countingSource()
    const pool = createRandomPool(source, { failure: 'f', capacity: 64, refillBelow: 40 })
    const first = pool.ready(16)
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS)
    await first
    // 64 free after the first request's 16; 48 after the second's
    await pool.ready(16)
    expect(asked).toEqual([80])
    // 32 after the third's: below 40, so the pool asks to be full again
    await pool.ready(16)
    expect(asked).toEqual([80, 32])
  })
})

describe('wx.getRandomValues', () => {
  it('is asked for exactly n bytes; its ArrayBuffer becomes the bytes', async () => {
    const calls: number[] = []
    const wx: WxRandom = {
      getRandomValues: (o) => {
        calls.push(o.length)
        setTimeout(() => o.success({ randomValues: Uint8Array.from([1, 2, 3]).buffer }), 0)
      },
    }
    await expect(wxRandomSource(wx)(3)).resolves.toEqual(Uint8Array.from([1, 2, 3]))
    expect(calls).toEqual([3])
  })

  it('rejects when WeChat fails it, and when the base library has none (below 2.15.0): never Math.random', async () => {
    const failing: WxRandom = { getRandomValues: (o) => o.fail({ errMsg: 'getRandomValues:fail' }) }
    await expect(wxRandomSource(failing)(16)).rejects.toThrow('getRandomValues:fail')
    await expect(wxRandomSource({ getRandomValues: (o) => o.fail({}) })(16)).rejects.toThrow('getRandomValues:fail')
    await expect(wxRandomSource({})(16)).rejects.toThrow(/base library/)
    const pool = createRandomPool(wxRandomSource({}), { failure: net.noSecureRandom })
    await expect(pool.ready(16)).rejects.toEqual(new SecureRandomError(net.noSecureRandom))
    expect(mathRandom).not.toHaveBeenCalled()
  })
})

describe('Web Crypto (H5)', () => {
  it('draws synchronously from crypto.getRandomValues', async () => {
    const seen: number[] = []
    const random = webCryptoRandom({ getRandomValues: (a) => (seen.push(a.length), a.fill(9)) }, 'f')
    await expect(random.ready(16)).resolves.toBeUndefined()
    expect([...random.take(16)]).toEqual(Array(16).fill(9))
    expect(seen).toEqual([16])
  })

  it('fails loudly where there is no crypto: ready() rejects, take() throws', async () => {
    for (const crypto of [undefined, {} as never]) {
      const random = webCryptoRandom(crypto, net.noSecureRandom)
      await expect(random.ready(16)).rejects.toEqual(new SecureRandomError(net.noSecureRandom))
      expect(() => random.take(16)).toThrow(new SecureRandomError(net.noSecureRandom))
    }
    expect(mathRandom).not.toHaveBeenCalled()
  })
})

describe('the codec', () => {
  it('never falls back to Math.random: without crypto the default scheme throws SecureRandomError', () => {
    expect(new SecureRandomError('m')).toMatchObject({ name: 'SecureRandomError', message: 'm' })
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto')
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true })
    try {
      expect(() => aesCbcScheme().encrypt('x', 'k')).toThrow(SecureRandomError)
      expect(() => webCryptoRandomBytes(16)).toThrow(new SecureRandomError('no secure random source (crypto.getRandomValues)'))
      Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true })
      expect(() => webCryptoRandomBytes(16)).toThrow(SecureRandomError)
    } finally {
      if (saved) Object.defineProperty(globalThis, 'crypto', saved)
    }
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('puts the bytes it drew in front of the ciphertext as the IV', () => {
    const iv = Uint8Array.from({ length: 16 }, (_, i) => 200 + i)
    const wire = aesCbcScheme(() => iv).encrypt('hello', 'k')
    expect([...Buffer.from(wire, 'base64').subarray(0, 16)]).toEqual([...iv])
    expect(aesCbcScheme(() => iv).randomBytesPerMessage).toBe(16)
    expect(aesCbcScheme().decrypt(wire, 'k')).toBe('hello')
  })
})

describe('the request client', () => {
  function setup(random: Parameters<typeof createGatewayClient>[0]['random']) {
    const fake = createFakeGateway(() => ({ resultCode: '000', data: { followed: true } }))
    let n = 0
    const client = createGatewayClient({
      baseUrl: 'http://gw.test/',
      transport: fake.transport,
      session: { token: () => '', secret: () => '', replaceToken: () => false },
      notify: () => undefined,
      onSessionEnd: () => undefined,
      appKey: APP_KEY,
      appId: APP_ID,
      loadScheme: async () => aesCbcScheme,
      newRequestId: () => `r${++n}`,
      random,
    })
    return { client, seen: fake.seen }
  }
  const ivOf = (cipher: string) => [...Buffer.from(cipher, 'base64').subarray(0, 16)]

  it('sends nothing before the pool holds the IV, then sends with the IV wx.getRandomValues gave', async () => {
    jest.useFakeTimers()
    const { source } = countingSource()
    const { client, seen } = setup(createRandomPool(source, { failure: net.noSecureRandom, capacity: 64 }))
    const a = client.send(contract.userCenter.checkFollow, { uid: 'u1' })
    const b = client.send(contract.userCenter.checkFollow, { uid: 'u1' })
    await jest.advanceTimersByTimeAsync(WX_LATENCY_MS - 1)
    expect(seen).toHaveLength(0)
    await jest.advanceTimersByTimeAsync(1)
    await Promise.all([a, b])
    expect(seen.map((r) => ivOf(r.cipher))).toEqual([[...Array(16).keys()], [...Array(16).keys()].map((i) => i + 16)])
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('fails the request with SecureRandomError when there is no secure source; the page shows its message', async () => {
    const { client, seen } = setup(createRandomPool(wxRandomSource({}), { failure: net.noSecureRandom }))
    const e = await client.send(contract.userCenter.checkFollow, { uid: 'u1' }).catch((err: unknown) => err)
    expect(e).toBeInstanceOf(SecureRandomError)
    expect(seen).toHaveLength(0)
    expect(failedState(e)).toEqual({ status: 'error', error: net.noSecureRandom })
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('uses Web Crypto by default (Node, H5)', async () => {
    const spy = jest.spyOn(webcrypto, 'getRandomValues')
    try {
      const { client, seen } = setup(undefined)
      await client.send(contract.userCenter.checkFollow, { uid: 'u1' })
      expect(seen).toHaveLength(1)
      expect(spy).toHaveBeenCalled()
    } finally {
      spy.mockRestore()
    }
  })
})
