/**
 * Programme reminders (预约): local-stack extension entries of the live domain (`origin: 'extension'`,
 * no SPEC path). The rules and numbers are ../reminders.ts; the TV's banner ../tv/reminder.ts.
 *
 * Every entry takes the caller's own `uid` (1004 for anyone else's) and answers only the caller's own
 * reminders: an id that is not one of them is 1003, whoever holds it. Times are epoch ms on the gateway's
 * clock (`serverTime`). A reminder follows its programme when the schedule moves it (`startTime`,
 * `fireAt` change); a programme taken off the schedule cancels it (`status` 'removed') and the user gets
 * a notice (`mc/user/queryNotice`, kind `reminderRemoved`).
 *
 * How the phone hears that a reminder fired, or that its programme was taken off the schedule: the
 * gateway keeps a reminder notice for the user (`notices` of queryReminders: unread ones, oldest first),
 * written in the same step that marks the reminder sent (a restart loses none). The app asks
 * queryReminders at launch, when it comes to the foreground, and at each upcoming reminder's `fireAt`
 * while it is open (the list answers `serverTime`: the wait is measured on the gateway's clock), shows a
 * notice once (the in-app banner; on H5 the bridge's notice when it has one) and marks it read
 * (readReminderNotices), on any phone once. These are not the family notices of `mc/user/queryNotice`
 * (an app that knows only those never sees them).
 * Refusals (resultMsg is a Chinese sentence for the user): 1003 no such programme or reminder (or a psId
 * not of that channel), 2008 already REMINDERS_UPCOMING_MAX upcoming, 2009 the programme has ended,
 * 2010 a child may not watch it (the child channel, or the user's current TV under child lock), 1001 a lead
 * time other than 1, 5, 10, 30.
 */
import { endpoint } from './endpoint'
import { childChannel } from './models'
import { opt, s, type Infer } from './schema'
import { REMINDER_BLOCKS, REMINDER_STATUSES, REMINDER_WECHAT } from '../reminders'

const domain = 'live' as const

/** Ids and names a request may carry: bounded (the gateway refuses longer ones, 1001). */
const PS_ID_MAX = 48
const ID_MAX = 40

export const reminder = s.obj({
  reminderId: s.str(),
  psId: s.str('the programme (the schedule\'s psId)'),
  channelId: s.str(),
  channelName: s.str(),
  channelNumber: s.num('what the remote types to switch to it'),
  title: s.str(),
  date: s.str('YYYYMMDD: the server day whose schedule lists the programme'),
  startTime: s.num('epoch ms, as the schedule stands now'),
  endTime: s.num('epoch ms'),
  leadMin: s.num('1 | 5 | 10 | 30'),
  fireAt: s.num('epoch ms on the gateway clock: startTime - leadMin minutes'),
  autoSwitch: s.bool('到点自动切换: at the start the TV asks again (switches only on OK)'),
  subscribed: s.bool('the weapp one-time subscription was accepted for it (one acceptance, one message)'),
  status: s.oneOf(REMINDER_STATUSES, 'upcoming | sent | missed | removed (../reminders.ts)'),
  createdAt: s.num(),
  firedAt: opt(s.num('sent: when (gateway clock)')),
  late: opt(s.bool('sent after the start (已开始)')),
  wechat: opt(s.oneOf(REMINDER_WECHAT, 'sent: what became of the subscribe message')),
  tv: opt(s.oneOf(['sent', 'none'] as const, "sent: whether the banner went to the user's current TV (none: no TV, or a box that does not understand it)")),
  blocked: opt(s.oneOf(REMINDER_BLOCKS, 'sent: why the TV offered no switch (minors\' curfew or total, child lock)')),
})

export const reminderNotice = s.obj({
  noticeId: s.str(),
  kind: s.oneOf(['fired', 'removed'] as const, 'fired: the reminder went off (show it; a tap opens the programme); removed: its programme was taken off the schedule'),
  reminderId: s.str(),
  psId: s.str(),
  channelId: s.str(),
  channelName: s.str(),
  channelNumber: s.num(),
  title: s.str(),
  date: s.str('YYYYMMDD'),
  startTime: s.num('epoch ms'),
  createdAt: s.num('epoch ms (gateway clock)'),
  late: opt(s.bool('fired: the programme had started (已开始)')),
  blocked: opt(s.oneOf(REMINDER_BLOCKS, "fired: why the TV offered no switch (the app's own switch is judged as always)")),
})

export const reminderList = s.obj({
  serverTime: s.num('the gateway clock (epoch ms)'),
  leadMin: s.num("the user's lead time for new reminders (5 until chosen)"),
  max: s.num('upcoming reminders a user may hold (50)'),
  templateId: s.str('the subscribe message template the gateway sends (wx.requestSubscribeMessage asks for it)'),
  upcoming: s.arr(reminder, 'status upcoming, soonest first'),
  past: s.arr(reminder, 'sent, missed or removed, newest first (at most 50 kept)'),
  notices: s.arr(reminderNotice, 'unread reminder notices, oldest first (at most 50 kept)'),
})

export const reminders = {
  reserveReminder: endpoint({
    domain,
    path: 'lvps/reminder/reserve',
    request: s.obj({
      uid: s.str(),
      psId: s.str('a programme of the schedule days', PS_ID_MAX),
      channelId: s.str('the channel the programme is on', ID_MAX),
      leadMin: opt(s.num("1 | 5 | 10 | 30; default the user's lead time")),
      autoSwitch: opt(s.bool('到点自动切换 (default false)')),
      subscribed: opt(s.bool('weapp: the user accepted the one-time subscription in this tap')),
      ...childChannel,
    }),
    response: reminder,
    errors: ['1003', '1004', '2008', '2009', '2010'],
    origin: 'extension',
    doc:
      'Programme reminders (an extension beyond SPEC): reserves a programme (预约). Reserving one already ' +
      'reserved updates it (lead time, auto switch, a new acceptance) and answers the same reminder.',
  }),
  cancelReminder: endpoint({
    domain,
    path: 'lvps/reminder/cancel',
    request: s.obj({
      uid: s.str(),
      reminderId: opt(s.str('one of reminderId or psId', ID_MAX)),
      psId: opt(s.str('one of reminderId or psId', PS_ID_MAX)),
    }),
    response: s.obj({ cancelled: s.num('1, or 0 for a reminder that had fired (kept in the past list)') }),
    errors: ['1003', '1004'],
    origin: 'extension',
    doc: 'Programme reminders (an extension beyond SPEC): cancels one of the caller\'s upcoming reminders (it is gone); 1003 for an id that is not theirs.',
  }),
  cancelAllReminders: endpoint({
    domain,
    path: 'lvps/reminder/cancelAll',
    request: s.obj({ uid: s.str() }),
    response: s.obj({ cancelled: s.num('how many upcoming reminders went') }),
    errors: ['1004'],
    origin: 'extension',
    doc: 'Programme reminders (an extension beyond SPEC): cancels every upcoming reminder of the caller; the past ones stay.',
  }),
  queryReminders: endpoint({
    domain,
    path: 'lvps/reminder/list',
    request: s.obj({ uid: s.str() }),
    response: reminderList,
    errors: ['1004'],
    origin: 'extension',
    doc: 'Programme reminders (an extension beyond SPEC): the caller\'s reminders, upcoming first (soonest first), then the past ones (greyed).',
  }),
  readReminderNotices: endpoint({
    domain,
    path: 'lvps/reminder/readNotice',
    request: s.obj({ uid: s.str(), noticeIds: s.arr(s.str(undefined, ID_MAX), 'the ids shown', 50) }),
    response: s.obj({ read: s.num('how many of the ids were unread reminder notices of the caller') }),
    errors: ['1004'],
    origin: 'extension',
    doc: 'Programme reminders (an extension beyond SPEC): marks reminder notices read once the app showed them (never answered again, on any phone).',
  }),
  setReminderLead: endpoint({
    domain,
    path: 'lvps/reminder/lead',
    request: s.obj({
      uid: s.str(),
      leadMin: s.num('1 | 5 | 10 | 30'),
      reminderId: opt(s.str('only this upcoming reminder; without it the user\'s lead time and every upcoming reminder', ID_MAX)),
    }),
    response: reminderList,
    errors: ['1003', '1004'],
    origin: 'extension',
    doc:
      "Programme reminders (an extension beyond SPEC): sets the lead time of one upcoming reminder, or the user's " +
      'lead time for new ones and every upcoming one (1001 for a time other than 1, 5, 10, 30); answers the list.',
  }),
}

export type Reminder = Infer<typeof reminder>
export type ReminderList = Infer<typeof reminderList>
export type ReminderNotice = Infer<typeof reminderNotice>
