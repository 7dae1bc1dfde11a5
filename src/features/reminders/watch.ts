import { reaction } from 'mobx'
import type { RootStore } from '../../stores/app/root'
import { onForeground } from '../../platform/reminderNotice'
import { remindersOf } from './store/remindersStore'
import NoticeBanner from './NoticeBanner'

/**
 * Follows the logged-in user's reminders while the app runs (started by the app after its first
 * paint, from its own chunk): the list at login and at each return to the foreground, then at the
 * reminders' lead times (RemindersStore). A notice that came shows as the app's banner on any page
 * (its view handed to the notice slot with this code).
 */
export function watchReminders(root: RootStore): void {
  const store = remindersOf(root)
  if (store.watched) return
  store.watched = true
  root.notices.setView(NoticeBanner)
  root.keep(
    reaction(
      () => root.session.uid,
      (uid) => (uid ? store.start() : store.stop()),
      { fireImmediately: true },
    ),
  )
  root.keep(onForeground(() => void (root.session.uid && store.load())))
}
