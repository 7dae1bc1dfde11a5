/**
 * Real expiring sessions: a token is valid for `ttlMs`, then answers 401 until refreshed; it can be
 * refreshed (new token, same secret) for `refreshWindowMs` after expiry. Sessions are persisted.
 *
 * The refresh's grace (schema 11): a refresh whose answer never reached the phone (the app closed or
 * reloaded, the network dropped it after the gateway answered) would leave the phone holding a token
 * that no longer exists, and its user logged out. So the replaced token stays, for one thing only: a
 * refresh of it answers the same successor again, not a new one, until the successor is first used or
 * REFRESH_GRACE_MS have passed. Any other call with it is 401, as for an expired token; once the grace
 * is over it is unknown (4011). A thief holding the replaced token gains nothing it did not have.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/store'
import type { SessionRec } from '../db/state'

export interface TokenOptions {
  ttlMs: number
  refreshWindowMs: number
  now: () => number
}

/** `replaced`: a refresh replaced it, within the grace; only a refresh takes it (answering its successor). */
export type TokenLookup = { rec: SessionRec; status: 'valid' | 'expired' | 'stale' | 'replaced' } | null

export interface Tokens {
  /** A new session; `linkUntil`: a phone login's session may link a WeChat identity until then. */
  issue(uid: string, linkUntil?: number): SessionRec
  /** The token's session; the first use of a refreshed token ends the grace of the one it replaced. */
  lookup(token: string): TokenLookup
  /**
   * New token for a valid or expired (not stale) one; the old token stops working but for a refresh
   * within the grace, which answers the same successor again.
   */
  refresh(token: string): SessionRec | null
  /** Ends one session now (logout): its token is unknown from then on. */
  revoke(token: string): void
  /** Expires every session now (admin endpoint, manual testing of the refresh path). */
  expireAll(): void
}

/** Sessions one user keeps (phones, relaunches); a new one beyond ends the oldest. */
export const SESSIONS_PER_USER = 10

/** How long a refresh of a replaced token answers its successor again, if the successor is not used. */
export const REFRESH_GRACE_MS = 60_000

export function createTokens(db: Db, opts: TokenOptions): Tokens {
  const sessions = db.state.sessions
  /** False for a replaced token whose grace is over (or whose successor is gone or was used). */
  const inGrace = (rec: SessionRec, now: number): boolean => {
    if (!rec.replacedBy) return true
    return now < (rec.replacedAt ?? 0) + REFRESH_GRACE_MS && sessions[rec.replacedBy]?.replaces === rec.token
  }
  /** Forgets a token; the token a refresh replaced it with, if any, keeps no link back to it. */
  const drop = (token: string) => {
    const rec = sessions[token]
    if (!rec) return
    delete sessions[token]
    if (rec.replaces && sessions[rec.replaces]) delete sessions[rec.replaces]
    db.touch()
  }
  /** The store stays bounded: stale sessions go, and a user's oldest beyond SESSIONS_PER_USER. */
  function prune(uid: string, now: number): void {
    const mine: SessionRec[] = []
    for (const [token, rec] of Object.entries(sessions)) {
      if (now >= rec.expiresAt + opts.refreshWindowMs || !inGrace(rec, now)) delete sessions[token]
      else if (rec.uid === uid && !rec.replacedBy) mine.push(rec)
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
      if (rec.replacedBy) {
        if (inGrace(rec, now)) return { rec, status: 'replaced' }
        drop(token)
        return null
      }
      if (rec.replaces) {
        // the successor is in use: the token it replaced is gone for good
        delete sessions[rec.replaces]
        delete rec.replaces
        db.touch()
      }
      if (now < rec.expiresAt) return { rec, status: 'valid' }
      return { rec, status: now < rec.expiresAt + opts.refreshWindowMs ? 'expired' : 'stale' }
    },
    refresh(token) {
      const rec = sessions[token]
      const now = opts.now()
      // a refresh again within the grace: its answer was lost; the same successor, no new token
      if (rec?.replacedBy) return inGrace(rec, now) ? sessions[rec.replacedBy] : (drop(token), null)
      const found = tokens.lookup(token)
      if (!found || found.status === 'stale') return null
      // found.rec carries neither link: a replaced token returned above, and the lookup ended `replaces`
      const next: SessionRec = { ...found.rec, token: randomBytes(16).toString('hex'), issuedAt: now, expiresAt: now + opts.ttlMs, replaces: token }
      sessions[next.token] = next
      sessions[token] = { ...found.rec, replacedBy: next.token, replacedAt: now }
      db.touch()
      return next
    },
    revoke(token) {
      const rec = sessions[token]
      if (!rec) return
      // a logout ends the session whichever of its tokens it came with
      if (rec.replacedBy) drop(rec.replacedBy)
      drop(token)
    },
    expireAll() {
      const now = opts.now()
      for (const rec of Object.values(sessions)) rec.expiresAt = Math.min(rec.expiresAt, now - 1)
      db.touch()
    },
  }
  return tokens
}
