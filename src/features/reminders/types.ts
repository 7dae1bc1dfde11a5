/**
 * The reminders store's ports and the shapes it speaks in (./store/remindersStore.ts): what it asks of
 * the gateway, the platform and the app, and what a 预约 needs of a programme.
 */
import type { Api } from '../../services/api'
import type { Clock } from '../../services/tv/types'
import type { Reminder, ReminderNotice } from '../../protocol/contract/reminders'

export type RemindersApi = Pick<
  Api['live'],
  'reserveReminder' | 'cancelReminder' | 'cancelAllReminders' | 'queryReminders' | 'readReminderNotices' | 'setReminderLead'
>

/** Where this phone's notice of a reminder goes (src/platform/reminderNotice.ts). */
export type NoticeChannel = 'wechat' | 'app' | 'inApp'
/** The user's answer to WeChat's subscription request made in the tap ('none': no such request here). */
export type Subscription = 'accept' | 'reject' | 'none'

/** What a 预约 needs of a programme (a schedule row, the live tab's next line, a programme's detail). */
export interface ReminderProgramme {
  psId: string
  channelId: string
  title: string
  startTime: number
  endTime: number
}

export interface RemindersDeps {
  api: RemindersApi
  /** The logged-in user ('' nobody: nothing is asked). */
  uid: () => string
  /** The TV is in child mode: reservations go with the child channel (the gateway refuses adult programmes, 2010). */
  childMode: () => boolean
  timers: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>
  channel: NoticeChannel
  /** The subscribe message template of the build (config), until the gateway's list names its own. */
  templateId: string
  /** A reminder notice to show now (the app's banner), once per notice. */
  notify: (notice: ReminderNotice) => void
  /** The upcoming reminders changed: the platform plans its own notices (the operator's app); skew: gateway minus phone clock. */
  plan?: (upcoming: Reminder[], skew: number) => void
}
