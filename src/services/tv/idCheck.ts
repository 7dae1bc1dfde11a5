import { tvTimers } from '../../config'

/** How many ids (replies received, requests sent) the check remembers. */
const IDS_KEPT = 64

/** How a send takes part in the id check (see `IdCheck.sent`). */
export type IdCheckMode = 'count' | 'skip' | 'replace'

/**
 * SPEC 4's id check and its error counter. Each send compares the last sent id with the last received
 * id: a mismatch counts an error, a match resets the count; at 2 or 5 (tvTimers.reconnectAtErrorCounts)
 * the link tears the client down and reconnects 800 ms later. "Match" means the last sent command has
 * been answered (its id is among the ids received lately): with replies in order that is last sent ==
 * last received, and it stays true when a reply overtakes another.
 *
 * It also remembers when each recent request was sent, so that the link can tell a reply to a request
 * of an earlier connection (kept for a persistent session) from an answer.
 */
export class IdCheck {
  private lastSentId: string | null = null
  /** The ids of the latest replies (the TV echoes sequenceId), newest last. */
  private readonly receivedIds = new Set<string>()
  /** When each of the latest requests was sent (the same bound). */
  private readonly sentAt = new Map<string, number>()
  private errorCount = 0

  get errors(): number {
    return this.errorCount
  }

  /** A new TV or user: nothing sent, nothing received, no errors. */
  reset(): void {
    this.lastSentId = null
    this.receivedIds.clear()
    this.errorCount = 0
  }

  /**
   * Before a counted send: compare and count. True when the counter reached a reconnect count
   * (SPEC 4: 2 or 5): the send must not go out, the link reconnects.
   */
  countBeforeSend(): boolean {
    if (this.lastSentId !== null && !this.receivedIds.has(this.lastSentId)) this.errorCount += 1
    else this.errorCount = 0
    return tvTimers.reconnectAtErrorCounts.includes(this.errorCount)
  }

  /**
   * A request went out. 'count' and 'replace' make it the last sent id ('replace': a sync sent again
   * on the recovery steps stands in for the unanswered one, nothing counted); 'skip' (the screen-type
   * request right behind a sync: the pair is one send for the check, its second half would always
   * mismatch) leaves the last sent id alone.
   */
  sent(id: string, mode: IdCheckMode, now: number): void {
    if (mode !== 'skip') this.lastSentId = id
    this.sentAt.set(id, now)
    if (this.sentAt.size > IDS_KEPT) this.sentAt.delete(this.sentAt.keys().next().value as string)
  }

  /** A reply carrying this id arrived. */
  received(id: string): void {
    this.receivedIds.delete(id)
    this.receivedIds.add(id)
    if (this.receivedIds.size > IDS_KEPT) this.receivedIds.delete(this.receivedIds.values().next().value as string)
  }

  /** The request with this id was sent (and is remembered) before `time`. */
  sentBefore(id: string, time: number): boolean {
    const at = this.sentAt.get(id)
    return at !== undefined && at < time
  }
}
