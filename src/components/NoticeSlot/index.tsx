import { observer } from 'mobx-react'
import { useStores } from '../../stores/app/context'

/**
 * Where the app's notice shows on every page (PageShell): the view the notice's feature handed to
 * root.notices, while there is a notice. The view, its look included, comes with that feature's code
 * (the reminders' watcher, loaded after the first paint), so the main package holds only this slot.
 */
function NoticeSlot() {
  const { notices } = useStores()
  const View = notices.view
  const n = notices.current
  return View && n ? <View notice={n} board={notices} /> : null
}

export default observer(NoticeSlot)
