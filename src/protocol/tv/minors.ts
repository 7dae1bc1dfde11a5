/**
 * Local-stack extension, minors' mode as the box enforces it: the type 87 content field
 *   minors: { usedSec, limitSec, reason, rest?, refused? }
 * sent by the local stack's box in every type 87 (replies, the sync reply, its reports) while the TV's
 * minors' mode is on; absent while it is off. No new message type, the SPEC 3 envelope unchanged.
 *   - usedSec:  playback (VOD and live; not the desktop) counted today, server day UTC+8;
 *   - limitSec: today's total (the setting plus today's grant);
 *   - reason:   'total' | 'curfew' while playback is stopped and plays are refused; null otherwise;
 *   - rest:     true in the report the box pushes when it shows its rest reminder (30 minutes of
 *               continuous playback); playback goes on;
 *   - refused:  true in the reply to a play or channel key (or an h5Play) the box did not take.
 * A box that never sends `minors` (a real operator's box) does not enforce the limits: the phone then
 * refuses its own commands out of limits and says that the TV itself does not enforce them.
 */
import { MINORS_REASONS, type MinorsReason } from '../minors'

export interface MinorsBoxState {
  usedSec: number
  limitSec: number
  reason: MinorsReason | null
  rest?: boolean
  refused?: boolean
}

/** Seconds in a day: no count or total is larger. */
const MAX_SEC = 86_400

const secOf = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(MAX_SEC, Math.floor(v)) : null

/** The `minors` field of a type 87 content, checked field by field; null when absent or malformed. */
export function readMinors(content: Record<string, unknown> | undefined): MinorsBoxState | null {
  const m = content?.minors
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return null
  const r = m as Record<string, unknown>
  const usedSec = secOf(r.usedSec)
  const limitSec = secOf(r.limitSec)
  if (usedSec === null || limitSec === null) return null
  const reason = (MINORS_REASONS as readonly unknown[]).includes(r.reason) ? (r.reason as MinorsReason) : null
  return {
    usedSec,
    limitSec,
    reason,
    ...(r.rest === true ? { rest: true } : {}),
    ...(r.refused === true ? { refused: true } : {}),
  }
}
