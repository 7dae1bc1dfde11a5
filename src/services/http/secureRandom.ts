/**
 * Secure random bytes for the body cipher's IVs. The codec draws its IV
 * synchronously; WeChat's only secure source, wx.getRandomValues (base library 2.15.0), answers
 * asynchronously. So the bytes come from a pool:
 *
 *   - before each encrypted request the client awaits `ready(n)`, which sets n bytes aside for it
 *     (filling the pool first when it holds too few: the first request waits for the first fill);
 *   - the codec then takes them synchronously with `take(n)`;
 *   - when the bytes not set aside fall below `refillBelow` (half the pool by default), one refill
 *     asks the source for enough to fill it again, ahead of need.
 *
 * There is no fallback: a missing source, or one that fails, rejects the waiting requests with
 * SecureRandomError (its message is for the user); Math.random is never used. The next request asks
 * the source again. The pool is an object the composition root builds (no module state).
 */
import { SecureRandomError, type RandomBytes } from '../../protocol/codecCore'

export interface SecureRandom {
  /** Resolves once n bytes are set aside for the next take(n); rejects with SecureRandomError. */
  ready(n: number): Promise<void>
  /** n secure random bytes, synchronously; SecureRandomError when none are there (never a fallback). */
  take: RandomBytes
}

/** An asynchronous secure source (wx.getRandomValues): resolves exactly n bytes. */
export type AsyncRandomSource = (n: number) => Promise<Uint8Array>

export interface RandomPoolOptions {
  /** The SecureRandomError message (shown to the user). */
  failure: string
  /** Bytes the pool holds when full (default 1024: 64 IVs). */
  capacity?: number
  /** A refill starts when the bytes not set aside fall below this (default: half the capacity). */
  refillBelow?: number
}

interface Waiter {
  n: number
  resolve: () => void
  reject: (e: Error) => void
}

export function createRandomPool(source: AsyncRandomSource, options: RandomPoolOptions): SecureRandom {
  const capacity = options.capacity ?? 1024
  const refillBelow = options.refillBelow ?? capacity / 2
  let bytes = new Uint8Array(0)
  /** Bytes of `bytes` promised to requests that passed ready() and have not taken them yet. */
  let reserved = 0
  let filling = false
  const waiting: Waiter[] = []

  const free = () => bytes.length - reserved
  const needed = () => waiting.reduce((sum, w) => sum + w.n, 0)

  function serve(): void {
    while (waiting.length > 0 && free() >= waiting[0].n) {
      const w = waiting.shift() as Waiter
      reserved += w.n
      w.resolve()
    }
  }

  function refill(): void {
    if (filling || free() - needed() >= refillBelow) return
    filling = true
    const want = capacity + needed() - free()
    let answer: Promise<Uint8Array>
    try {
      answer = source(want)
    } catch (e) {
      answer = Promise.reject(e)
    }
    answer
      .then((more) => {
        // Not what was asked for: a failure of the source (handled below).
        if (!(more instanceof Uint8Array) || more.length !== want) throw new RangeError()
        const next = new Uint8Array(bytes.length + more.length)
        next.set(bytes)
        next.set(more, bytes.length)
        bytes = next
        filling = false
        serve()
        refill()
      })
      .catch(() => {
        filling = false
        const error = new SecureRandomError(options.failure)
        for (const w of waiting.splice(0)) w.reject(error)
      })
  }

  return {
    ready(n) {
      if (waiting.length === 0 && free() >= n) {
        reserved += n
        refill()
        return Promise.resolve()
      }
      const promise = new Promise<void>((resolve, reject) => waiting.push({ n, resolve, reject }))
      refill()
      return promise
    },
    take(n) {
      if (bytes.length < n) throw new SecureRandomError(options.failure)
      const out = bytes.slice(0, n)
      bytes = bytes.slice(n)
      // ready(n) already asked for the refill these bytes call for: taking them changes nothing free.
      reserved = Math.max(0, reserved - n)
      return out
    },
  }
}

type WebCrypto = { getRandomValues(a: Uint8Array): Uint8Array }

/** A synchronous secure source (Web Crypto: H5, Node): nothing to wait for, unless it is missing. */
export function webCryptoRandom(crypto: WebCrypto | undefined, failure: string): SecureRandom {
  if (!crypto || typeof crypto.getRandomValues !== 'function') {
    return {
      ready: () => Promise.reject(new SecureRandomError(failure)),
      take: () => {
        throw new SecureRandomError(failure)
      },
    }
  }
  return { ready: () => Promise.resolve(), take: (n) => crypto.getRandomValues(new Uint8Array(n)) }
}
