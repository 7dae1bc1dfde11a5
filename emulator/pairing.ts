/**
 * Pairing codes of the virtual TVs (issue 16 finding 4; issue 32): binding a TV that already has an
 * owner proves presence at the TV with the 8-digit code it shows. The code is an HMAC of the TV's mac,
 * the current 10-minute window and the TV's rotation count under a secret of this data folder, so the
 * gateway and the set-top box agree without sharing state; the previous window's code still works (a
 * code read just before the turn).
 *
 * Guessing is bounded per TV, whatever the number of accounts (issue 32): after PAIR_MAX_WRONG wrong
 * codes for one TV, from any accounts, its codes rotate at once (the TV shows a new one) and binding
 * that TV by code waits PAIR_LOCK_MS (1004, for everyone, the right code included). So a TV judges at
 * most PAIR_MAX_WRONG guesses per PAIR_LOCK_MS: 5 per 20 minutes, 360 a day; with two codes valid at a
 * time, each guess hits with 2 in 10^8, so all accounts together guess a TV's code with a chance of at
 * most 360 x 2 / 10^8 = 7.2e-6 a day (1 in 138,889). The family at the TV binds with the code it shows,
 * at worst once the 20 minutes are over. (6 digits could not do this: below 1 in 100,000 a day would
 * allow 5 guesses a day in all, and 5 typos would shut the family out until tomorrow.)
 *
 * The count of wrong codes, the wait and the rotation live in the gateway's state file (schema 11,
 * `pairing`): a restart of the gateway neither forgives the wrong guesses nor lifts the wait, nor
 * brings back the codes of an earlier rotation. Held in memory alone, every restart would have been
 * 5 more guesses, and an operator copying this policy must keep the counter as durable as the binding.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { PAIR_CODE_DIGITS, PAIR_CODE_RE } from '../src/protocol/pairing'

export const PAIR_WINDOW_MS = 10 * 60_000
/** Wrong codes one TV takes (from any accounts) before its codes rotate and it waits. */
export const PAIR_MAX_WRONG = 5
/** How long binding a TV by code waits after PAIR_MAX_WRONG wrong codes. */
export const PAIR_LOCK_MS = 20 * 60_000

/** The most guesses all accounts together get judged for one TV in a day, and their chance to hit. */
export const PAIR_GUESSES_PER_DAY = PAIR_MAX_WRONG * Math.floor((24 * 60 * 60_000) / PAIR_LOCK_MS)
export const PAIR_ODDS_PER_DAY = (PAIR_GUESSES_PER_DAY * 2) / 10 ** PAIR_CODE_DIGITS

export type PairCheck = 'ok' | 'missing' | 'wrong' | 'locked'

export interface Pairing {
  /** The code the TV shows now. */
  codeOf(mac: string): string
  /** Whether `code` pairs `uid` with the TV; a wrong one counts against the TV, whoever sent it. */
  check(uid: string, mac: string, code: string | undefined): PairCheck
  /** Seconds until the TV takes codes again (0: it takes them now). */
  waitSec(mac: string): number
}

/** One TV's guesses (the state file's `pairing`, by upper-case MAC). */
export interface TvGuesses {
  /** How many times its codes rotated (part of the HMAC input). */
  rotation: number
  /** Wrong codes since the last right one or the last rotation. */
  wrong: number
  /** Epoch ms until which the TV takes no code (0: it takes them). */
  lockedUntil: number
}

/** Where the guesses are kept: the gateway's state file; a test may keep them in memory. */
export interface PairingStore {
  get(mac: string): TvGuesses | undefined
  /** Called after every change of a TV's guesses, before the answer goes out. */
  put(mac: string, guesses: TvGuesses): void
}

/** Guesses kept in memory alone (tests of the rules; never the gateway's). */
export function memoryPairingStore(): PairingStore {
  const tvs = new Map<string, TvGuesses>()
  return { get: (mac) => tvs.get(mac), put: (mac, g) => void tvs.set(mac, g) }
}

export function createPairing(secret: string, now: () => number, store: PairingStore = memoryPairingStore()): Pairing {
  const key = createHash('sha256').update(`tvc-pairing:${secret}`).digest()
  const windowOf = (t: number) => Math.floor(t / PAIR_WINDOW_MS)
  /** A copy of the TV's guesses (a TV never guessed at reads as none). */
  const of = (mac: string): TvGuesses => ({ rotation: 0, wrong: 0, lockedUntil: 0, ...store.get(mac.toUpperCase()) })
  const codeAt = (mac: string, window: number, rotation: number) => {
    const h = createHmac('sha256', key).update(`${mac.toUpperCase()}:${window}:${rotation}`).digest()
    return String(h.readBigUInt64BE(0) % 10n ** BigInt(PAIR_CODE_DIGITS)).padStart(PAIR_CODE_DIGITS, '0')
  }
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

  return {
    codeOf: (mac) => codeAt(mac, windowOf(now()), of(mac).rotation),
    waitSec: (mac) => Math.max(0, Math.ceil((of(mac).lockedUntil - now()) / 1000)),
    check(_uid, mac, code) {
      const t = now()
      const g = of(mac)
      if (g.lockedUntil > t) return 'locked'
      if (!code) return 'missing'
      const w = windowOf(t)
      if (PAIR_CODE_RE.test(code) && (same(code, codeAt(mac, w, g.rotation)) || same(code, codeAt(mac, w - 1, g.rotation)))) {
        if (g.wrong !== 0) store.put(mac.toUpperCase(), { ...g, wrong: 0 })
        return 'ok'
      }
      g.wrong += 1
      if (g.wrong >= PAIR_MAX_WRONG) {
        // the TV's codes rotate at once and it waits: the guesses so far were against codes that are gone
        g.rotation += 1
        g.wrong = 0
        g.lockedUntil = t + PAIR_LOCK_MS
      }
      store.put(mac.toUpperCase(), g)
      return 'wrong'
    },
  }
}
