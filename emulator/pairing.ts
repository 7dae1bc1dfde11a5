/**
 * Pairing codes of the virtual TVs (issue 16 finding 4): binding a TV that already has an owner
 * proves presence at the TV with the 6-digit code it shows. The code is an HMAC of the TV's mac and
 * the current 10-minute window under a secret of this data folder, so gateway and set-top box agree
 * without sharing state; the previous window's code still works (a code read just before the turn).
 * Five wrong codes for one user and TV lock that pair out until the window turns.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { PAIR_CODE_RE } from '../src/protocol/pairing'

export const PAIR_WINDOW_MS = 10 * 60_000
export const PAIR_MAX_WRONG = 5

export type PairCheck = 'ok' | 'missing' | 'wrong' | 'locked'

export interface Pairing {
  /** The code the TV shows now. */
  codeOf(mac: string): string
  /** Whether `code` pairs `uid` with the TV; a wrong one counts against that user and TV. */
  check(uid: string, mac: string, code: string | undefined): PairCheck
}

export function createPairing(secret: string, now: () => number): Pairing {
  const key = createHash('sha256').update(`tvc-pairing:${secret}`).digest()
  const windowOf = (t: number) => Math.floor(t / PAIR_WINDOW_MS)
  const codeAt = (mac: string, window: number) => {
    const h = createHmac('sha256', key).update(`${mac.toUpperCase()}:${window}`).digest()
    return String(h.readUInt32BE(0) % 1_000_000).padStart(6, '0')
  }
  const wrong = new Map<string, { window: number; count: number }>()
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

  return {
    codeOf: (mac) => codeAt(mac, windowOf(now())),
    check(uid, mac, code) {
      const w = windowOf(now())
      if (wrong.size > 10_000) for (const [k, v] of wrong) if (v.window !== w) wrong.delete(k)
      const k = `${uid}|${mac.toUpperCase()}`
      const tries = wrong.get(k)
      if (tries && tries.window === w && tries.count >= PAIR_MAX_WRONG) return 'locked'
      if (!code) return 'missing'
      if (PAIR_CODE_RE.test(code) && (same(code, codeAt(mac, w)) || same(code, codeAt(mac, w - 1)))) {
        wrong.delete(k)
        return 'ok'
      }
      wrong.set(k, { window: w, count: tries && tries.window === w ? tries.count + 1 : 1 })
      return 'wrong'
    },
  }
}
