import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import PageShell from '../../../components/PageShell'
import { definePage } from '../../../components/PageBoundary'
import { LoginCard } from '../../../features/account'
import { MyReminders, remindersOf } from '../../../features/reminders'
import { useStores } from '../../../stores/app/context'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'

/** 我的预约 (a route added to SPEC 2, reached from 我的): the user's programme reminders. */
function MyRemindersPage() {
  const root = useStores()
  const { user, tracker } = root
  const store = remindersOf(root)
  const uid = root.session.uid
  useDidShow(() => tracker.pageView(routeOf['my-reminders'], {}))
  useEffect(() => {
    if (uid) void store.load()
  }, [store, uid])

  if (!user.user) {
    return (
      <PageShell title={titles.myReminders}>
        <LoginCard />
      </PageShell>
    )
  }
  return (
    <PageShell title={titles.myReminders} state={store.list} onRetry={() => void store.load()}>
      <MyReminders />
    </PageShell>
  )
}

export default definePage(observer(MyRemindersPage), titles.myReminders)
