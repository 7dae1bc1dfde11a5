import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import type { Reminder } from '../../protocol/contract/reminders'
import { REMINDER_LEADS } from '../../protocol/reminders'
import { dayParts, serverDayKey, serverDayOffset, serverHhmm } from '../../protocol/time'
import type { ActionResult } from '../../stores/kit/write'
import { live } from '../../strings/live'
import { reminders as t } from '../../strings/reminders'
import { remindersOf } from './store/remindersStore'
import type { RemindersStore } from './store/remindersStore'
import { openProgramme } from './notices'
import './reminders.scss'

function tell(r: ActionResult): void {
  if (r.ok) toastDone(r.message)
  else toastProblem(r.message)
}

/** "今天 19:35", "明天 08:00", "周四 11/26 20:00" on the gateway's calendar (UTC+8). */
function whenOf(startTime: number, now: number): string {
  const key = serverDayKey(startTime)
  const d = dayParts(key)
  return t.when(live.dayLabel(serverDayOffset(now, key), d.month, d.day, d.weekday), serverHhmm(startTime))
}

function statusOf(r: Reminder): string {
  if (r.status === 'sent') return r.late ? t.status.late : t.status.sent
  if (r.status === 'missed') return t.status.missed
  if (r.status === 'removed') return t.status.removed
  return ''
}

const Row = observer(function Row({ r, store, past }: { r: Reminder; store: RemindersStore; past: boolean }) {
  const now = store.serverNow()
  const meta = [live.channelTitle(r.channelNumber, r.channelName), whenOf(r.startTime, now)]
  if (!past && store.channel === 'wechat' && !r.subscribed) meta.push(t.inAppOnly)
  return (
    <View
      className={`my-reminder${past ? ' my-reminder--past' : ''}`}
      hoverClass='my-reminder--pressed'
      data-reminder={r.reminderId}
      data-status={r.status}
      onClick={() => openProgramme(r)}
    >
      <View className='my-reminder__body'>
        <Text className='my-reminder__title'>{r.title}</Text>
        <Text className='my-reminder__meta'>{meta.join(' · ')}</Text>
      </View>
      {past ? (
        <Text className='my-reminder__status'>{statusOf(r)}</Text>
      ) : (
        <>
          <View
            className={`my-reminder__auto${r.autoSwitch ? ' my-reminder__auto--on' : ''}`}
            role='switch'
            aria-checked={r.autoSwitch}
            aria-label={t.autoSwitchLabel(r.title)}
            data-action='auto-switch'
            onClick={(e) => {
              e.stopPropagation()
              void store.setAutoSwitch(r.psId, !r.autoSwitch).then(tell)
            }}
          >
            {t.autoSwitch(r.autoSwitch)}
          </View>
          <View
            className={`my-reminder__cancel${store.isPending(r.psId) ? ' my-reminder__cancel--busy' : ''}`}
            role='button'
            aria-label={t.cancelLabel(r.title)}
            data-action='cancel'
            onClick={(e) => {
              e.stopPropagation()
              void store.cancel(r.psId).then(tell)
            }}
          >
            {t.cancel}
          </View>
        </>
      )}
    </View>
  )
})

/**
 * 我的预约: the notices of programmes taken off the schedule, the lead time (1, 5, 10 or 30 minutes,
 * 5 by default), the upcoming reminders soonest first with cancel and cancel-all (at most 50: said at
 * the cap), then the past ones greyed with what became of them. A reminder opens its programme.
 */
function MyReminders() {
  const store = remindersOf(useStores())

  const upcoming = store.upcoming
  const past = store.past
  const cancelAll = async () => {
    if (!(await confirmDialog(t.cancelAllTitle, t.cancelAllConfirm(upcoming.length)))) return
    tell(await store.cancelAll())
  }

  return (
    <View className='my-reminders'>
      {store.removed.map((n) => (
        <View key={n.noticeId} className='my-reminders__notice' data-notice={n.noticeId}>
          <Text className='my-reminders__notice-text'>{`${t.removedNoticeTitle}：${t.bannerRemoved(n.title)}`}</Text>
          <Text className='my-reminders__notice-close' onClick={() => store.dismissRemoved(n.noticeId)}>
            {t.dismiss}
          </Text>
        </View>
      ))}
      <View className='my-reminders__lead' role='radiogroup' aria-label={t.leadTitle}>
        <Text className='my-reminders__lead-title'>{t.leadTitle}</Text>
        {REMINDER_LEADS.map((n) => (
          <View
            key={n}
            className={`my-reminders__lead-option${store.leadMin === n ? ' my-reminders__lead-option--on' : ''}`}
            role='radio'
            aria-checked={store.leadMin === n}
            data-lead={n}
            onClick={() => store.leadMin !== n && void store.setLead(n).then(tell)}
          >
            {t.leadOption(n)}
          </View>
        ))}
      </View>
      {upcoming.length === 0 && past.length === 0 ? (
        <Text className='my-reminders__empty'>{t.empty}</Text>
      ) : (
        <>
          <View className='my-reminders__head'>
            <Text>{t.upcomingTitle(upcoming.length, store.max)}</Text>
            {upcoming.length > 0 && (
              <View className='my-reminders__cancel-all' role='button' data-action='cancel-all' onClick={() => void cancelAll()}>
                {t.cancelAll}
              </View>
            )}
          </View>
          {store.atCap && <Text className='my-reminders__cap'>{t.capReached(store.max)}</Text>}
          <View className='my-reminders__list' data-list='upcoming'>
            {upcoming.map((r) => (
              <Row key={r.reminderId} r={r} store={store} past={false} />
            ))}
          </View>
          {past.length > 0 && (
            <>
              <View className='my-reminders__head'>
                <Text>{t.pastTitle}</Text>
              </View>
              <View className='my-reminders__list' data-list='past'>
                {past.map((r) => (
                  <Row key={r.reminderId} r={r} store={store} past />
                ))}
              </View>
            </>
          )}
        </>
      )}
      <Text className='my-reminders__foot'>{store.channel === 'wechat' ? t.channelWechat : store.channel === 'app' ? t.channelApp : t.channelInApp}</Text>
    </View>
  )
}

export default observer(MyReminders)
