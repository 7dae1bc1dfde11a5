import { realClock } from '../../../services/tv/types'
import { env } from '../../../config'
import { planNotices, reminderChannel } from '../../../platform/reminderNotice'
import type { RootStore } from '../../../stores/app/root'
import { RemindersStore } from './remindersStore'
import { appNoticeOf, bannerOf } from '../notices'

/**
 * The app's one reminders store (root.extra: reset when the user leaves), made by the first page that
 * shows 预约 or by the watcher the app starts after its first paint. Its notices go to the app's banner
 * (root.notices) and, in the operator's app, to the app's own notifications.
 */
export function remindersOf(root: RootStore): RemindersStore {
  return root.extra(
    RemindersStore,
    () =>
      new RemindersStore({
        api: root.api.live,
        uid: () => root.session.uid,
        childMode: () => root.childMode,
        timers: realClock,
        channel: reminderChannel(),
        templateId: env.reminderTemplateId,
        notify: (n) => root.notices.show(bannerOf(n)),
        plan: (upcoming, skew) => void planNotices(upcoming.map((r) => appNoticeOf(r, skew))),
      }),
  )
}
