/**
 * Broker sessions (jarvisLogin cid/sign) end with the rights they stood for. Logout, a member
 * removed, a member leaving and a TV unbound revoke every broker session of the users concerned: the
 * record goes (a reconnect with the old cid/sign is refused: CONNACK 2), and the broker is told to close
 * their open connections at once (gateway event -> BrokerDirectory.onSessionsRevoked). The phone's
 * link answers the refusal with one fresh jarvisLogin, whose session the ACL gives only the TVs the
 * user still has. The store is bounded: sessions past 24 h go, and a user keeps at most
 * BROKER_SESSIONS_PER_USER (the oldest are revoked like the others).
 */
import { BROKER_SESSION_TTL_MS } from '../../db/state'
import type { HandlerCtx } from '../context'

/** Broker sessions one user keeps (phones and relaunches within 24 h); the oldest are revoked. */
export const BROKER_SESSIONS_PER_USER = 10

/** Revokes the broker sessions `which` picks and closes their connections; resolves their client ids. */
function revokeWhere(ctx: HandlerCtx, which: (cid: string) => boolean): string[] {
  const all = ctx.db.state.jarvis
  const cids = Object.keys(all).filter(which)
  for (const cid of cids) delete all[cid]
  if (cids.length) {
    ctx.db.touch()
    ctx.events.emitBrokerSessionsRevoked(cids)
  }
  return cids
}

/** Every broker session of these users ends now (logout, removal, leaving, unbinding). */
export function revokeBrokerSessions(ctx: HandlerCtx, uids: readonly string[]): string[] {
  const all = ctx.db.state.jarvis
  return revokeWhere(ctx, (cid) => uids.includes(all[cid].uid))
}

/** Sessions past their 24 h go; a user over BROKER_SESSIONS_PER_USER loses the oldest. */
export function pruneBrokerSessions(ctx: HandlerCtx, uid: string): void {
  const now = ctx.now()
  const all = ctx.db.state.jarvis
  for (const [cid, j] of Object.entries(all)) if (now - j.issuedAt >= BROKER_SESSION_TTL_MS) delete all[cid]
  // oldest first; the same millisecond keeps the order they were handed out in (a stable sort over insertion order)
  const mine = Object.values(all).filter((j) => j.uid === uid).sort((a, b) => a.issuedAt - b.issuedAt)
  const over = new Set(mine.slice(0, Math.max(0, mine.length - BROKER_SESSIONS_PER_USER)).map((j) => j.cid))
  if (over.size) revokeWhere(ctx, (cid) => over.has(cid))
  ctx.db.touch()
}
