import type { Command, RemoteKey } from '../../protocol/tv/commands'

export { channelKeys } from '../../protocol/tv/commands'
import type { TvMode } from '../../protocol/tv/messages'
import { tv } from '../../strings'
import type { SendResult } from './link'

/** A remote key, or another type 13 command sent in the same line (a text for the TV). */
export type Press = RemoteKey | Command

/** How the sequence reaches the TV: one key sent at QoS 1, and the TV's type 87 answer to it. */
export interface KeyPort {
  send(key: RemoteKey): SendResult
  /** A command that is not a key (absent: such a press is refused as offline). */
  sendCommand?(cmd: Command): SendResult
  /** The type 87 carrying this sequenceId, or null when none came within `ms`. */
  replyTo(sequenceId: number, ms: number): Promise<TvMode | null>
}

export type SequenceResult =
  | { ok: true; reply: TvMode }
  | { ok: false; reason: 'noDevice' | 'offline' | 'locked' | 'minors' | 'noReply' | 'busy'; message: string; sent: number }

/**
 * Keys go to the TV one at a time: each only after the TV's reply to the previous one (SPEC 4's id
 * check counts unanswered sends and reconnects at 2, so keys must never pile up). A key that gets no
 * reply within `waitMs` stops the sequence: nothing more is sent, and the caller says the sequence did
 * not finish. Resolves with the last key's reply.
 */
export async function sendKeysInOrder(port: KeyPort, keys: readonly Press[], waitMs: number): Promise<SequenceResult> {
  let reply: TvMode | null = null
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]
    const sent = typeof k === 'string' ? port.send(k) : (port.sendCommand?.(k) ?? { ok: false as const, reason: 'offline' as const, message: tv.offlineCannotSend })
    if (!sent.ok) return { ok: false, reason: sent.reason, message: sent.message, sent: i }
    reply = await port.replyTo(sent.sequenceId, waitMs)
    if (!reply) return { ok: false, reason: 'noReply', message: i + 1 < keys.length ? tv.sequenceStopped : tv.linkNoReply, sent: i + 1 }
  }
  if (!reply) throw new RangeError('sendKeysInOrder needs at least one key')
  return { ok: true, reply }
}

/**
 * The remote's keys in the order the user pressed them, each sent after the reply to the one before
 * (the same rule as a sequence). Presses wait their turn, at most `limit` of them; a press beyond that
 * is refused (busy), and when one gets no reply the presses still waiting are dropped, never sent
 * late. Nothing waits while the TV is offline: the first send is refused at once.
 */
export class KeyQueue {
  private tail: Promise<unknown> = Promise.resolve()
  private waiting = 0
  /** Bumped when a key gets no reply: presses queued before it are dropped. */
  private epoch = 0

  constructor(
    private readonly port: KeyPort,
    private readonly waitMs: number,
    private readonly limit = 8,
  ) {}

  /** Run `keys` (one press, or a whole channel number) after every press queued before it. */
  run(keys: readonly Press[]): Promise<SequenceResult> {
    if (this.waiting >= this.limit) return Promise.resolve({ ok: false, reason: 'busy', message: tv.keysBusy, sent: 0 })
    this.waiting++
    const epoch = this.epoch
    const result = this.tail.then(async (): Promise<SequenceResult> => {
      if (epoch !== this.epoch) return { ok: false, reason: 'noReply', message: tv.sequenceStopped, sent: 0 }
      const res = await sendKeysInOrder(this.port, keys, this.waitMs)
      if (!res.ok && res.reason === 'noReply') this.epoch++
      return res
    })
    const settled = result.finally(() => {
      this.waiting--
    })
    this.tail = settled.catch(() => undefined)
    return settled
  }
}
