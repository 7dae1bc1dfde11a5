/**
 * Programme reminders (预约), a local-stack extension: the rules the gateway, the local stack's box and
 * the phone share. SPEC has no reminders; nothing here changes a SPEC message (docs: ./README.md
 * "Programme reminders").
 *
 * A reminder belongs to one user and one programme of a channel's schedule (its `psId`). The gateway
 * keeps it and fires it once, on its own clock, `leadMin` minutes before the programme starts:
 *   - the phone: a WeChat one-time subscribe message (weapp users who accepted one for it) and an in-app
 *     notice (`mc/user/queryNotice`, kind `reminder`) for every platform;
 *   - the TV the user last selected (SPEC 4's current device: the user's lastFamilyId), when its box
 *     understands reminders (`REMINDER_ABILITY` in its abilityString, SPEC 3): a banner (./tv/reminder.ts).
 * Times are epoch ms on the gateway's clock; days and on-air times in UTC+8 (./time.ts).
 */

/** The lead times a user may choose (minutes before the start); 5 unless chosen otherwise. */
export const REMINDER_LEADS = [1, 5, 10, 30] as const
export type ReminderLead = (typeof REMINDER_LEADS)[number]
export const DEFAULT_REMINDER_LEAD: ReminderLead = 5

export function isReminderLead(n: unknown): n is ReminderLead {
  return (REMINDER_LEADS as readonly unknown[]).includes(n)
}

/** Reminders not fired yet that one user may hold (2008 past it). */
export const REMINDERS_UPCOMING_MAX = 50
/** Past reminders (fired, missed, removed) the gateway keeps per user; the oldest go first. */
export const REMINDERS_PAST_KEPT = 50

/**
 * Where a reminder stands:
 *   upcoming  not fired yet (follows the programme when the schedule moves it);
 *   sent      fired once at the lead time (or late, `late: true`, 已开始, while the programme was on);
 *   missed    the gateway was not running from the lead time to the programme's end: nothing was sent
 *             (a reminder for a programme that has ended is never sent);
 *   removed   the programme was taken off the schedule: cancelled, and the user told (a notice).
 */
export const REMINDER_STATUSES = ['upcoming', 'sent', 'missed', 'removed'] as const
export type ReminderStatus = (typeof REMINDER_STATUSES)[number]

/**
 * Why the TV offers no switch when the reminder fires (the banner says so): the TV's minors' mode is in
 * its curfew or its day's total is used up (./minors.ts), or the TV's child lock is on and the channel is
 * not a child channel.
 */
export const REMINDER_BLOCKS = ['curfew', 'total', 'child'] as const
export type ReminderBlock = (typeof REMINDER_BLOCKS)[number]

/**
 * What became of the WeChat subscribe message: sent; refused by WeChat (43101: no acceptance left, or a
 * field WeChat did not take); none tried (the user has no WeChat identity: H5); pending: asked and no
 * answer recorded (the gateway stopped in between; never asked again: at most one message).
 */
export const REMINDER_WECHAT = ['sent', 'refused', 'none', 'pending'] as const
export type ReminderWechat = (typeof REMINDER_WECHAT)[number]

/** A box that lists this in its abilityString (`|`-separated) shows reminder banners; any other box is sent none. */
export const REMINDER_ABILITY = 'REMINDER'

/** Whether a TV's abilityString says its box understands reminder banners (./tv/reminder.ts). */
export function understandsReminders(abilityString: string | undefined): boolean {
  return (abilityString ?? '').split(/[|,;\s]+/).includes(REMINDER_ABILITY)
}

/** The banner stays on the TV this long (or until OK, or a key that dismisses it). */
export const REMINDER_BANNER_MS = 30_000

/**
 * The app page a reminder opens (the subscribe message's `page`, the in-app notice's tap): the channel's
 * schedule on the programme's day with the programme open, where 在电视上看 puts the TV on it.
 */
export const REMINDER_PAGE = 'subpackages/pages/live-channel/live-channel'

export function reminderPagePath(p: { channelId: string; date: string; psId: string }): string {
  const q = (v: string) => encodeURIComponent(v)
  return `${REMINDER_PAGE}?channelId=${q(p.channelId)}&date=${q(p.date)}&psId=${q(p.psId)}`
}

/**
 * The subscribe message template of a reminder (one-time subscription, 节目开播提醒): its keywords.
 * The operator registers a template with these keywords and sets its id (the gateway answers it in the
 * list, `templateId`, so the app asks for the template the gateway will send); the local stack uses
 * LOCAL_REMINDER_TEMPLATE_ID.
 */
export const REMINDER_TEMPLATE_KEYS = /* @__PURE__ */ Object.freeze({
  /** 节目名称 */
  title: 'thing1',
  /** 开播时间 */
  startsAt: 'time2',
  /** 频道 */
  channel: 'thing3',
  /** 温馨提示 */
  note: 'thing4',
})
export const LOCAL_REMINDER_TEMPLATE_ID = 'tvc-local-reminder-template'

/**
 * WeChat's limits on subscribe message values, by keyword kind (the part of the keyword before its
 * number): characters at most. `thing` 20, `character_string` 32, `number` 32, `letter` 32, `symbol`
 * 5, `phrase` 5, `name` 10 (20 letters), `phone_number` 17, `car_number` 8; `time` / `date` a date or time
 * format WeChat parses (checked by WECHAT_TIME).
 */
export const WECHAT_VALUE_LIMITS: Readonly<Record<string, number>> = /* @__PURE__ */ Object.freeze({
  thing: 20,
  character_string: 32,
  number: 32,
  letter: 32,
  symbol: 5,
  phrase: 5,
  name: 10,
  phone_number: 17,
  car_number: 8,
  amount: 32,
})
/** `time` / `date` values: '15:01', '2019年10月1日 15:01', '2019-10-01 15:01', or the same dates without a time. */
export const WECHAT_TIME = /^(\d{4}年\d{1,2}月\d{1,2}日|\d{4}-\d{1,2}-\d{1,2})?( ?\d{1,2}:\d{2}(:\d{2})?)?$/

/** The kind of a keyword ('thing1' -> 'thing'). */
export function wechatKeyKind(key: string): string {
  return key.replace(/\d+$/, '')
}

/** Characters as WeChat counts them (code points: a surrogate pair is one character). */
export function wechatLength(text: string): number {
  return Array.from(text).length
}

/**
 * A text cut to at most `max` characters for a WeChat field: whole as it is when it fits, else the
 * first characters and '…', never splitting a character (a surrogate pair) or a character cluster
 * (an emoji sequence, a letter with its marks) where the platform can tell them apart.
 */
export function fitWechatText(text: string, max: number): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  if (wechatLength(clean) <= max) return clean
  const clusters = graphemes(clean)
  let out = ''
  for (const g of clusters) {
    if (wechatLength(out) + wechatLength(g) > max - 1) break
    out += g
  }
  return `${out}…`
}

function graphemes(text: string): string[] {
  const Segmenter = (Intl as unknown as { Segmenter?: new (l?: string, o?: { granularity: 'grapheme' }) => { segment(t: string): Iterable<{ segment: string }> } }).Segmenter
  if (!Segmenter) return Array.from(text)
  return Array.from(new Segmenter('zh', { granularity: 'grapheme' }).segment(text), (s) => s.segment)
}
