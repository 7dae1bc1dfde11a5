/**
 * Real expiring sessions: a token is valid for `ttlMs`, then answers 401 until refreshed; it can be
 * refreshed (new token, same secret) for `refreshWindowMs` after expiry. Sessions are persisted.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/store'
import type { SessionRec } from '../db/state'

export interface TokenOptions {
  ttlMs: number
  refreshWindowMs: number
  now: () => number
}

export type TokenLookup = { rec: SessionRec; status: 'valid' | 'expired' | 'stale' } | null

export interface Tokens {
  /** A new session; `linkUntil` (issue 32): a phone login's session may link a WeChat identity until then. */
  issue(uid: string, linkUntil?: number): SessionRec
  lookup(token: string): TokenLookup
  /** New token for a valid or expired (not stale) one; the old token stops working. */
  refresh(token: string): SessionRec | null
  /** Ends one session now (logout): its token is unknown from then on. */
  revoke(token: string): void
  /** Expires every session now (admin endpoint, manual testing of the refresh path). */
  expireAll(): void
}

/** Issue 32: sessions one user keeps (phones, relaunches); a new one beyond ends the oldest. */
export const SESSIONS_PER_USER = 10

export function createTokens(db: Db, opts: TokenOptions): Tokens {
  const sessions = db.state.sessions
  /** Issue 32: the store stays bounded: stale sessions go, and a user's oldest beyond SESSIONS_PER_USER. */
  function prune(uid: string, now: number): void {
    const mine: SessionRec[] = []
    for (const [token, rec] of Object.entries(sessions)) {
      if (now >= rec.expiresAt + opts.refreshWindowMs) delete sessions[token]
      else if (rec.uid === uid) mine.push(rec)
    }
    // oldest first (a stable sort keeps the order they were issued in within one millisecond)
    mine.sort((a, b) => a.issuedAt - b.issuedAt)
    for (const rec of mine.slice(0, Math.max(0, mine.length - SESSIONS_PER_USER))) delete sessions[rec.token]
  }
  const tokens: Tokens = {
    issue(uid, linkUntil = 0) {
      const now = opts.now()
      const rec: SessionRec = {
        token: randomBytes(16).toString('hex'),
        secret: randomBytes(16).toString('hex'),
        uid,
        issuedAt: now,
        expiresAt: now + opts.ttlMs,
        linkUntil,
      }
      sessions[rec.token] = rec
      prune(uid, now)
      db.touch()
      return rec
    },
    lookup(token) {
      const rec = sessions[token]
      if (!rec) return null
      const now = opts.now()
      if (now < rec.expiresAt) return { rec, status: 'valid' }
      return { rec, status: now < rec.expiresAt + opts.refreshWindowMs ? 'expired' : 'stale' }
    },
    refresh(token) {
      const found = tokens.lookup(token)
      if (!found || found.status === 'stale') return null
      delete sessions[token]
      const now = opts.now()
      const rec: SessionRec = { ...found.rec, token: randomBytes(16).toString('hex'), issuedAt: now, expiresAt: now + opts.ttlMs }
      sessions[rec.token] = rec
      db.touch()
      return rec
    },
    revoke(token) {
      if (!sessions[token]) return
      delete sessions[token]
      db.touch()
    },
    expireAll() {
      const now = opts.now()
      for (const rec of Object.values(sessions)) rec.expiresAt = Math.min(rec.expiresAt, now - 1)
      db.touch()
    },
  }
  return tokens
}
