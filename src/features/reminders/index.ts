/**
 * Programme reminders (预约): reserve a programme that has not started, be told before it starts (the
 * app's banner; WeChat's subscribe message or the operator app's notice), 我的预约.
 */
export { default as ReserveButton } from './ReserveButton'
export { default as MyReminders } from './MyReminders'
export { RemindersStore, remindersOf, type ReminderProgramme } from './store/remindersStore'
export { loadReminderWatch } from './lazy'
