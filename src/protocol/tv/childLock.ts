/**
 * Local-stack extension: the box itself enforces the child lock (SPEC 4/9: lockCurrentStatus 0 is the
 * child version; the phone shows the child channel's programs only, and the box must not start what the
 * phone would not show). Under child lock the local stack's box starts only a program the catalogue
 * marks child-friendly (the data the gateway's child channel filters on) and only child channels. Every
 * other start changes nothing, whatever message asks for it:
 *   - type 9 h5Play (the program of `params.programId`, else of a `/h5/{programId}.html` load URL; web
 *     content that names no known program is not known to be child-friendly and is refused too),
 *   - OK on a desktop tile (the tile's program),
 *   - a media key that starts, resumes or moves a program (play, play/pause, next, previous, seek),
 *   - a channel number or 频道± (child channels only; `playState.liveRefused` as before).
 * The refused command is answered as any other (type 87, its sequenceId echoed, SPEC 4) and the content
 * carries the field
 *   childRefused: { reason: 'notChildFriendly' | 'unknown', programId?: string, channel?: number }
 * No new message type; the SPEC 3 envelope is unchanged. A phone that knows nothing of the field gets
 * its answer as before; the app says why. A real operator's box sends no such field.
 */

export const CHILD_REFUSAL_REASONS = ['notChildFriendly', 'unknown'] as const
export type ChildRefusalReason = (typeof CHILD_REFUSAL_REASONS)[number]

export interface ChildRefusal {
  /** notChildFriendly: the catalogue says it is not for children; unknown: the box cannot name it as child-friendly. */
  reason: ChildRefusalReason
  programId?: string
  /** The channel number refused (a channel outside the child groups). */
  channel?: number
}

/** The `childRefused` field of a type 87 content, checked field by field; null when absent or malformed. */
export function readChildRefused(content: Record<string, unknown> | undefined): ChildRefusal | null {
  const r = content?.childRefused
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return null
  const f = r as Record<string, unknown>
  if (!(CHILD_REFUSAL_REASONS as readonly unknown[]).includes(f.reason)) return null
  return {
    reason: f.reason as ChildRefusalReason,
    ...(typeof f.programId === 'string' && f.programId.length <= 64 ? { programId: f.programId } : {}),
    ...(typeof f.channel === 'number' && Number.isInteger(f.channel) ? { channel: f.channel } : {}),
  }
}
