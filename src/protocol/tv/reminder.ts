/**
 * Local-stack extension, the reminder banner on the TV (../reminders.ts). When a user's reminder fires
 * the gateway hands the box of the user's current TV a `TvReminder`; the box shows
 *   "19:35 CCTV-5 中超 即将开始 · 按 OK 切换"
 * for REMINDER_BANNER_MS (30 s). OK while it shows switches the TV to the channel (as the channel's
 * number typed on the remote would: minors' mode and the child lock judge it as any switch); nothing
 * else changes. With `autoSwitch` (到点自动切换) the box, at the start, asks again ("按 OK 切换",
 * phase 'start') and switches only on OK: it never switches by itself.
 * `blocked` (curfew, total, child): the banner says why and offers no switch; OK then does nothing.
 *
 * Who gets it: only a box whose abilityString lists REMINDER_ABILITY (SPEC 3's capability string, what
 * the gateway knows of the box); a SPEC-only box is never sent one and works as before. The local stack
 * hands it over in process (BrokerDirectory `onReminder`, the way lock changes and resets reach its
 * boxes); an operator's gateway uses its own path to its boxes. No SPEC message carries it.
 *
 * What the phones see: while the banner shows, the box adds the content field `reminder` (this shape)
 * to the type 87 it sends (replies, reports), and pushes one report when it appears and when it goes.
 * No new message type, the SPEC 3 envelope unchanged. A real box sends none: the phone relies on its
 * own notice (../reminders.ts).
 */
import { REMINDER_BLOCKS, type ReminderBlock } from '../reminders'
import { isRecord } from '../isRecord'

export interface TvReminder {
  reminderId: string
  /** The programme (the schedule's psId). */
  programId: string
  channelId: string
  /** The channel's number (what the remote types). */
  channel: number
  channelName: string
  title: string
  /** Epoch ms, the programme's start on the gateway's clock. */
  startsAt: number
  /** 'ahead': the lead time's banner; 'start': 到点自动切换 asking at the start. */
  phase: 'ahead' | 'start'
  /** The programme had started when the reminder fired (已开始). */
  late: boolean
  /** Why no switch is offered; null: OK switches. */
  blocked: ReminderBlock | null
}

const MAX_TEXT = 64

/** The `reminder` field of a type 87 content, checked field by field; null when absent or malformed. */
export function readTvReminder(content: Record<string, unknown> | undefined): TvReminder | null {
  const r = content?.reminder
  if (!isRecord(r)) return null
  const str = (v: unknown) => (typeof v === 'string' && v.length <= MAX_TEXT ? v : null)
  const reminderId = str(r.reminderId)
  const programId = str(r.programId)
  const channelId = str(r.channelId)
  const channelName = str(r.channelName)
  const title = str(r.title)
  const { channel, startsAt } = r
  if (reminderId === null || programId === null || channelId === null || channelName === null || title === null) return null
  if (typeof channel !== 'number' || !Number.isInteger(channel) || channel < 0) return null
  if (typeof startsAt !== 'number' || !Number.isFinite(startsAt)) return null
  const blocked = (REMINDER_BLOCKS as readonly unknown[]).includes(r.blocked) ? (r.blocked as ReminderBlock) : null
  return { reminderId, programId, channelId, channel, channelName, title, startsAt, phase: r.phase === 'start' ? 'start' : 'ahead', late: r.late === true, blocked }
}
