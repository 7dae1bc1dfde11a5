import type { Reminder, ReminderNotice } from '../../protocol/contract/reminders'
import { reminderPagePath } from '../../protocol/reminders'
import { serverHhmm } from '../../protocol/time'
import type { AppNotice } from '../../stores/app/noticeBoard'
import type { AppNoticeItem } from '../../platform/reminderNotice'
import { go } from '../../navigation'
import { live } from '../../strings/live'
import { reminders as t } from '../../strings/reminders'

/** Where a reminder's tap leads: the programme in its channel's schedule, with 在电视上看. */
export function openProgramme(p: { channelId: string; date: string; psId: string }): void {
  go('live-channel', { channelId: p.channelId, date: p.date, psId: p.psId })
}

/** The app's banner for a reminder notice: one that went off opens the programme; a removed one 我的预约. */
export function bannerOf(n: ReminderNotice): AppNotice {
  const channel = live.channelTitle(n.channelNumber, n.channelName)
  const time = serverHhmm(n.startTime)
  if (n.kind === 'removed') {
    return { id: n.noticeId, title: t.bannerRemovedTitle, text: t.bannerRemoved(n.title), action: t.bannerList, open: () => go('my-reminders') }
  }
  const text = (n.late ? t.bannerStarted : t.bannerSoon)(time, channel, n.title)
  return {
    id: n.noticeId,
    title: n.blocked ? `${t.bannerTitle} · ${t.blocked[n.blocked]}` : t.bannerTitle,
    text,
    action: t.bannerAction,
    open: () => openProgramme(n),
  }
}

/** The operator's app's notification of an upcoming reminder (H5 bridge): due at its lead time on the phone's clock. */
export function appNoticeOf(r: Reminder, skew: number): AppNoticeItem {
  const channel = live.channelTitle(r.channelNumber, r.channelName)
  return {
    id: r.reminderId,
    at: r.fireAt - skew,
    title: t.appNoticeTitle(r.title),
    text: t.appNoticeText(serverHhmm(r.startTime), channel),
    url: `#/${reminderPagePath(r)}`,
  }
}
