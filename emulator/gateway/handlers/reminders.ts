/**
 * Programme reminder entries (src/protocol/contract/reminders.ts): each answers only the caller's own
 * reminders (`ctx.user` refuses another uid with 1004; an id that is not the caller's is 1003). The book
 * and its runner: ../reminders.ts.
 */
import type { reminders } from '../../../src/protocol/contract/reminders'
import type { DomainHandlers } from '../context'

export const reminderHandlers: DomainHandlers<typeof reminders> = {
  reserveReminder: (req, ctx) => {
    ctx.user(req.uid)
    return ctx.reminders.reserve(req.uid, req)
  },
  cancelReminder: ({ uid, reminderId, psId }, ctx) => {
    ctx.user(uid)
    return { cancelled: ctx.reminders.cancel(uid, { reminderId, psId }) }
  },
  cancelAllReminders: ({ uid }, ctx) => {
    ctx.user(uid)
    return { cancelled: ctx.reminders.cancelAll(uid) }
  },
  queryReminders: ({ uid }, ctx) => {
    ctx.user(uid)
    return ctx.reminders.list(uid)
  },
  readReminderNotices: ({ uid, noticeIds }, ctx) => {
    ctx.user(uid)
    return { read: ctx.reminders.readNotices(uid, noticeIds) }
  },
  setReminderLead: ({ uid, leadMin, reminderId }, ctx) => {
    ctx.user(uid)
    return ctx.reminders.setLead(uid, leadMin, reminderId)
  },
}
