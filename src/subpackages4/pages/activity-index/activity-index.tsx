import { useEffect, useRef } from 'react'
import { observer } from 'mobx-react'
import Taro, { useDidShow, useShareAppMessage } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { OperatorImages } from '../../../features/operator'
import { LoginCard } from '../../../features/account'
import { SignStrip, TaskItem, taskGoal, afterTaskAction, shareCardPath, shareWording } from '../../../features/points'
import { useStores } from '../../../stores/app/context'
import type { Task } from '../../../protocol/contract/models'
import type { ActionResult } from '../../../stores/kit/write'
import { toastDone, toastProblem } from '../../../platform/feedback'
import { go, urlOf } from '../../../navigation'
import { routeOf } from '../../../routes'
import { points as t, titles } from '../../../strings'
import { pointsCentre as c } from '../../../strings/pointsCentre'
import { prizes as p } from '../../../strings/prizes'
import { sharingRewarded } from '../../../platform/share'
import '../../../features/points/points.scss'
import { definePage } from '../../../components/PageBoundary'

const report = (res: ActionResult) => (res.ok ? toastDone(res.message) : toastProblem(res.message))

/** The points centre: balance, 7-day sign-in, the tasks and their next step, entries to the ledger views. */
function ActivityIndex() {
  const root = useStores()
  const { points, tasks, tracker, session } = root
  const uid = session.uid
  const shown = useRef(false)

  const load = () => {
    if (uid) void Promise.all([points.load(), tasks.load(uid)])
  }
  useEffect(load, [uid]) // eslint-disable-line react-hooks/exhaustive-deps
  useDidShow(() => {
    // back from doing a task: show its progress
    if (shown.current) load()
    shown.current = true
    tracker.pageView(routeOf['activity-index'], {})
  })
  // WeChat's share menu on the centre: a plain card; only where sharing may earn (H5) would it count
  useShareAppMessage(() => {
    const rewarded = sharingRewarded()
    root.markSharing()
    if (rewarded) afterTaskAction(root, 'share')
    return { title: shareWording(rewarded).cardTitle, path: shareCardPath(uid, rewarded) }
  })

  const signIn = async () => {
    tracker.click(routeOf['activity-index'], t.signIn)
    report(await points.signIn())
  }
  const onGo = (task: Task) => {
    const goal = taskGoal(task.action)
    tracker.click(routeOf['activity-index'], t.go, { taskId: task.id })
    if (!goal) return
    if (goal.kind === 'sign') void signIn()
    else if (goal.kind === 'page' && goal.reLaunch) void Taro.reLaunch({ url: urlOf(goal.page) })
    else if (goal.kind === 'page') go(goal.page)
  }

  if (!uid) {
    return <PageShell title={titles.activityIndex} status='empty' statusText={t.needLogin} header={<LoginCard />} />
  }

  const parts = [points.account, points.sign, tasks.byType]
  const failed = parts.find((p) => p.status === 'error' || p.status === 'offline')
  const waiting = parts.some((p) => p.value === undefined && (p.status === 'idle' || p.status === 'loading'))
  const status = failed && failed.value === undefined ? failed.status : waiting ? 'loading' : 'ready'
  const acc = points.account.value
  const sign = points.sign.value

  return (
    <PageShell
      title={titles.activityIndex}
      status={status === 'error' || status === 'offline' || status === 'loading' ? status : 'ready'}
      statusText={failed?.error || undefined}
      onAction={failed ? load : undefined}
    >
      <OperatorImages position='activity-top' page={routeOf['activity-index']} />
      {acc && (
        <View className='points-hero'>
          <Text className='points-hero__label'>{t.balance}</Text>
          <Text className='points-hero__balance'>{String(acc.points)}</Text>
          <Text className='points-hero__today'>{t.todayPoints(acc.todayPoints)}</Text>
        </View>
      )}
      <View className='points-entries'>
        <View className='points-entries__item' hoverClass='points-entries__item--pressed' onClick={() => go('points-list')}><Text>{c.entryList}</Text></View>
        <View className='points-entries__item' hoverClass='points-entries__item--pressed' onClick={() => go('points-income')}><Text>{c.entryIncome}</Text></View>
        <View className='points-entries__item' hoverClass='points-entries__item--pressed' onClick={() => go('activity-rules')}><Text>{c.entryRules}</Text></View>
      </View>
      <View className='points-entries points-entries--prizes'>
        <View className='points-entries__item' data-entry='exchange' hoverClass='points-entries__item--pressed' onClick={() => go('points-exchange')}><Text>{p.entryExchange}</Text></View>
        <View className='points-entries__item' data-entry='my-prize' hoverClass='points-entries__item--pressed' onClick={() => go('points-my-prize')}><Text>{p.entryMyPrize}</Text></View>
        <View className='points-entries__item' data-entry='share' hoverClass='points-entries__item--pressed' onClick={() => go('activity-share')}><Text>{p.entryShare}</Text></View>
      </View>
      {sign && <SignStrip info={sign} busy={points.busy} onSign={() => void signIn()} />}
      <View className='points-card tasks-card'>
        <View className='points-card__head'>
          <Text className='points-card__title'>{t.tasksTitle}</Text>
        </View>
        {tasks.list.length === 0 ? (
          <Text className='points-card__sub'>{tasks.byType.error || t.noTasks}</Text>
        ) : (
          tasks.list.map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              goal={taskGoal(task.action)}
              busy={tasks.busy}
              onReceive={async (x) => report(await tasks.receive(x))}
              onGo={onGo}
              onClaim={async (x) => report(await tasks.claim(x))}
            />
          ))
        )}
      </View>
      <View className='points-footer' />
    </PageShell>
  )
}

export default definePage(observer(ActivityIndex), titles.activityIndex)