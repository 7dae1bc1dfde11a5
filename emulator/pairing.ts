/**
 * Pairing codes of the virtual TVs: binding a TV, owned or not, proves presence at the TV with the
 * 8-digit code it shows (a MAC read off a card binds nothing). The code is an HMAC of the TV's mac,
 * the current 10-minute window and the TV's rotation count under a secret of this data folder, so the
 * gateway and the set-top box agree without sharing state; the previous window's code still works (a
 * code read just before the turn).
 *
 * Guessing is bounded per TV, whatever the number of accounts: after PAIR_MAX_WRONG wrong codes for
 * one TV, from any accounts, its codes rotate at once (the TV shows a new one) and the TV waits
 * PAIR_LOCK_MS, taking no window code from anyone. A wait that strangers cause must not keep the
 * family out, so the person at the TV can always ask it for a fresh code (the TV's 换一个配对码 action:
 * `fresh(mac)`), which binds at once, during a wait too. It lives PAIR_FRESH_MS, is the only code
 * the TV takes while it lives, and bounds its own guesses: during a wait each account gets one try at
 * it, and after PAIR_FRESH_MAX_WRONG accounts tried a wrong code it is void (the TV shows the window
 * code again; the person at the TV can ask for another). A TV gives at most PAIR_FRESH_PER_DAY fresh
 * codes in 24 hours.
 *
 * The bound: window codes are judged at most PAIR_MAX_WRONG per PAIR_LOCK_MS, 5 per 20 minutes, 360 a
 * day, each hitting one of two valid codes with 2 in 10^8; fresh codes add at most
 * PAIR_FRESH_MAX_WRONG x PAIR_FRESH_PER_DAY = 200 judged guesses a day, each hitting the one fresh
 * code with 1 in 10^8. So all accounts together guess a TV's code with a chance of at most
 * (360 x 2 + 200) / 10^8 = 9.2e-6 a day (1 in 108,696), whatever they do, and only someone at the TV
 * can make the fresh codes that add the 200.
 *
 * The count of wrong codes, the wait, the rotation and the fresh code live in the gateway's state
 * file (`pairing`, schema 11; the fresh code schema 12): a restart of the gateway neither forgives the
 * wrong guesses nor lifts the wait, nor brings back the codes of an earlier rotation.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { PAIR_CODE_DIGITS, PAIR_CODE_RE } from '../src/protocol/pairing'

export const PAIR_WINDOW_MS = 10 * 60_000
/** Wrong codes one TV takes (from any accounts) before its codes rotate and it waits. */
export const PAIR_MAX_WRONG = 5
/** How long binding a TV by code waits after PAIR_MAX_WRONG wrong codes. */
export const PAIR_LOCK_MS = 20 * 60_000
/** How long a fresh code (asked for at the TV) binds. */
export const PAIR_FRESH_MS = 10 * 60_000
/** Accounts that may try a wrong code at one fresh code during a wait (one try each) before it is void. */
export const PAIR_FRESH_MAX_WRONG = 10
/** Fresh codes one TV gives in 24 hours. */
export const PAIR_FRESH_PER_DAY = 20
const DAY_MS = 24 * 60 * 60_000

/** The most guesses all accounts together get judged for one TV in a day, and their chance to hit. */
export const PAIR_GUESSES_PER_DAY = PAIR_MAX_WRONG * Math.floor(DAY_MS / PAIR_LOCK_MS)
export const PAIR_FRESH_GUESSES_PER_DAY = PAIR_FRESH_MAX_WRONG * PAIR_FRESH_PER_DAY
export const PAIR_ODDS_PER_DAY = (PAIR_GUESSES_PER_DAY * 2 + PAIR_FRESH_GUESSES_PER_DAY) / 10 ** PAIR_CODE_DIGITS

export type PairCheck = 'ok' | 'missing' | 'wrong' | 'locked'

export interface Pairing {
  /** The code the TV shows now. */
  codeOf(mac: string): string
  /** Whether `code` pairs `uid` with the TV; a wrong one counts against the TV, whoever sent it. */
  check(uid: string, mac: string, code: string | undefined): PairCheck
  /** Seconds until the TV takes window codes again (0: it takes them now; a fresh code works during the wait). */
  waitSec(mac: string): number
  /**
   * The person at the TV asks for a fresh code (presence): the code it shows from now on, taken at
   * once, during a wait too. Null when the TV gave PAIR_FRESH_PER_DAY of them in the last 24 hours.
   */
  fresh(mac: string): string | null
}

/** One TV's guesses (the state file's `pairing`, by upper-case MAC). */
export interface TvGuesses {
  /** How many times its codes rotated (part of the HMAC input). */
  rotation: number
  /** Wrong codes since the last right one or the last rotation. */
  wrong: number
  /** Epoch ms until which the TV takes no window code (0: it takes them). */
  lockedUntil: number
  /** How many fresh codes the TV gave (part of the fresh code's HMAC input). */
  freshSeq: number
  /** Epoch ms until which the last fresh code binds (0: none). */
  freshUntil: number
  /** The accounts that tried a wrong code at the live fresh code during a wait (one try each). */
  freshTried: string[]
  /** When the fresh codes of the last 24 hours were asked for (epoch ms). */
  freshAsked: number[]
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
  const of = (mac: string): TvGuesses => {
    const g = store.get(mac.toUpperCase())
    return { rotation: 0, wrong: 0, lockedUntil: 0, freshSeq: 0, freshUntil: 0, ...g, freshTried: [...(g?.freshTried ?? [])], freshAsked: [...(g?.freshAsked ?? [])] }
  }
  const digits = (input: string) => {
    const h = createHmac('sha256', key).update(input).digest()
    return String(h.readBigUInt64BE(0) % 10n ** BigInt(PAIR_CODE_DIGITS)).padStart(PAIR_CODE_DIGITS, '0')
  }
  const codeAt = (mac: string, window: number, rotation: number) => digits(`${mac.toUpperCase()}:${window}:${rotation}`)
  const freshCode = (mac: string, seq: number) => digits(`fresh:${mac.toUpperCase()}:${seq}`)
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

  return {
    codeOf(mac) {
      const g = of(mac)
      // while a fresh code lives, the TV shows it (and takes no other)
      return g.freshUntil > now() ? freshCode(mac, g.freshSeq) : codeAt(mac, windowOf(now()), g.rotation)
    },
    waitSec: (mac) => Math.max(0, Math.ceil((of(mac).lockedUntil - now()) / 1000)),
    fresh(mac) {
      const t = now()
      const g = of(mac)
      g.freshAsked = g.freshAsked.filter((a) => a > t - DAY_MS)
      if (g.freshAsked.length >= PAIR_FRESH_PER_DAY) return null
      g.freshAsked.push(t)
      g.freshSeq += 1
      g.freshUntil = t + PAIR_FRESH_MS
      g.freshTried = []
      store.put(mac.toUpperCase(), g)
      return freshCode(mac, g.freshSeq)
    },
    check(uid, mac, code) {
      const t = now()
      const g = of(mac)
      const locked = g.lockedUntil > t
      const freshLive = g.freshUntil > t
      // during a wait only a live fresh code is judged, one try per account
      if (locked && (!freshLive || g.freshTried.includes(uid))) return 'locked'
      if (!code) return 'missing'
      const valid = PAIR_CODE_RE.test(code)
      if (freshLive) {
        if (valid && same(code, freshCode(mac, g.freshSeq))) {
          if (g.wrong !== 0 && !locked) store.put(mac.toUpperCase(), { ...g, wrong: 0 })
          return 'ok'
        }
        if (locked) {
          g.freshTried.push(uid)
          if (g.freshTried.length >= PAIR_FRESH_MAX_WRONG) {
            // void: its guesses are spent; the TV shows the window code again
            g.freshUntil = 0
            g.freshTried = []
          }
          store.put(mac.toUpperCase(), g)
          return 'wrong'
        }
      } else {
        const w = windowOf(t)
        if (valid && (same(code, codeAt(mac, w, g.rotation)) || same(code, codeAt(mac, w - 1, g.rotation)))) {
          if (g.wrong !== 0) store.put(mac.toUpperCase(), { ...g, wrong: 0 })
          return 'ok'
        }
      }
      g.wrong += 1
      if (g.wrong >= PAIR_MAX_WRONG) {
        // the TV's window codes rotate at once and it waits: the guesses so far were against codes
        // that are gone (a live fresh code stays: only the person at the TV made it)
        g.rotation += 1
        g.wrong = 0
        g.lockedUntil = t + PAIR_LOCK_MS
      }
      store.put(mac.toUpperCase(), g)
      return 'wrong'
    },
  }
}
