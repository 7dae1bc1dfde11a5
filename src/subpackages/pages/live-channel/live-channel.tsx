import { useEffect, useMemo, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { definePage } from '../../../components/PageBoundary'
import Img from '../../../components/Img'
import TabStrip from '../../../components/TabStrip'
import { useStores } from '../../../stores/app/context'
import { NOTHING } from '../../../stores/kit/loadState'
import { ScheduleModel, watchable, whenOf, rangeOf, useSwitchChannel, ProgrammeSheet } from '../../../features/live'
import { measureCentered } from '../../../platform/measure'
import { serverDayKey, serverHhmm } from '../../../protocol/time'
import { param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { live as t } from '../../../strings/live'
import { ReserveButton } from '../../../features/reminders'
import '../../../features/live/live.scss'
import '../../../features/live/schedule.scss'

const BODY_ID = 'live-schedule'
const ON_AIR_ID = 'live-on-air'

/**
 * A live channel's schedule (a route added to SPEC 2, `?channelId=&date=YYYYMMDD`): the
 * days today -3 .. +3 by the gateway's clock, one day's programmes from getAllProgramlist in UTC+8,
 * the one on air marked and brought into view, past ones shown as past; a programme opens its detail
 * (psdetail); 在电视上看 switches the TV to the channel. A programme that has not started has 预约; a
 * reminder's notice opens the page with its programme's detail open (`psId`).
 */
function LiveChannel() {
  const root = useStores()
  const { api, tracker } = root
  const { params } = useRouter()
  const channelId = param(params, 'channelId')
  const model = useMemo(() => new ScheduleModel(api.live, channelId, param(params, 'date'), () => root.childMode), [api, channelId]) // eslint-disable-line react-hooks/exhaustive-deps
  const { busyId, switchTo } = useSwitchChannel()
  const [scrollTop, setScrollTop] = useState<number | undefined>(undefined)

  const psId = param(params, 'psId')
  useEffect(() => {
    if (channelId) void model.load()
    // a reminder's notice opens its programme (the route's psId), with 在电视上看
    if (channelId && psId) void model.openDetail(psId)
  }, [model, channelId, psId])
  useDidShow(() => tracker.pageView(routeOf['live-channel'], { channelId, date: model.date }))
  useEffect(() => {
    const timer = setInterval(() => model.tick(), 30_000)
    return () => clearInterval(timer)
  }, [model])

  const onAir = model.onAir
  const res = model.list.value
  // the programme on air is brought into view once its row is there (the list scrolls, not the page)
  useEffect(() => {
    // a list being loaded replaces the rows: the offset asked for last is cleared, so the programme on air
    // of the list that follows is scrolled to even when its offset is the same number (after midnight the
    // phone's guess of today, then the gateway's today, then yesterday: the same row of the same list)
    if (model.list.status === 'loading') setScrollTop(undefined)
    if (!onAir || model.list.status !== 'ready') return
    let current = true
    void measureCentered(`#${BODY_ID}`, `#${ON_AIR_ID}`, 'y').then((y) => {
      if (current && y !== null) setScrollTop(y)
    })
    return () => {
      current = false
    }
  }, [onAir?.psId, model.list.status]) // eslint-disable-line react-hooks/exhaustive-deps

  const channel = model.channel
  const days = model.days
  const dayIndex = Math.max(0, days.findIndex((d) => d.key === model.date))
  const outOfRange = model.dayOffset < -3 || model.dayOffset > 3
  const watch = () => channel && void switchTo({ channelId, number: channel.number, name: channel.name })
  const selectDay = (i: number) => {
    setScrollTop(undefined)
    tracker.click(routeOf['live-channel'], days[i].key, { channelId })
    void model.load(days[i].key)
  }

  return (
    <PageShell
      title={channel ? t.channelTitle(channel.number, channel.name) : titles.liveChannel}
      state={channelId ? model.list : NOTHING}
      emptyText={t.noSchedule}
      onRetry={() => void model.load(outOfRange ? serverDayKey(model.now) : model.date)}
      actionText={outOfRange ? t.backToToday : undefined}
      bodyId={BODY_ID}
      scrollTop={scrollTop}
      header={
        <View className='schedule-head'>
          {channel && (
            <View className='schedule-channel'>
              <Img className='schedule-channel__logo' src={channel.logo} mode='aspectFit' alt={channel.name} />
              <Text className='schedule-channel__name'>{t.channelTitle(channel.number, channel.name)}</Text>
              <View className={`live-item__watch${busyId ? ' live-item__watch--busy' : ''}`} hoverClass='live-item__watch--pressed' onClick={watch} data-action='watch'>
                {t.watchOnTv}
              </View>
            </View>
          )}
          <TabStrip
            tabs={days.map((d) => ({ key: d.key, name: t.dayLabel(d.offset, d.month, d.day, d.weekday) }))}
            index={dayIndex}
            onSelect={selectDay}
            block='live-days'
            idPrefix='live-day'
          />
        </View>
      }
      footer={
        model.openPsId ? (
          <ProgrammeSheet
            detail={model.detail}
            canWatch={model.detail.value ? watchable(model.detail.value, model.now) : false}
            reserve={model.detail.value ? <ReserveButton programme={model.detail.value} childOk={model.childList} size='sheet' /> : null}
            busy={busyId !== null}
            onWatch={watch}
            onClose={() => model.closeDetail()}
            onRetry={() => model.openPsId && void model.openDetail(model.openPsId)}
          />
        ) : null
      }
    >
      <View className='schedule'>
        {(res ?? []).map((p) => {
          const when = whenOf(p, model.now)
          return (
            <View
              key={p.psId}
              id={when === 'onAir' ? ON_AIR_ID : undefined}
              className={`schedule-item schedule-item--${when}`}
              hoverClass='schedule-item--pressed'
              onClick={() => void model.openDetail(p.psId)}
              data-when={when}
            >
              <Text className='schedule-item__time'>{serverHhmm(p.startTime)}</Text>
              <View className='schedule-item__body'>
                <Text className='schedule-item__title'>{p.title}</Text>
                <Text className='schedule-item__range'>{rangeOf(p)}</Text>
              </View>
              <Text className='schedule-item__mark'>{when === 'onAir' ? t.nowMark : when === 'past' ? t.past : ''}</Text>
              {when === 'later' && <ReserveButton programme={p} childOk={model.childList} />}
            </View>
          )
        })}
      </View>
    </PageShell>
  )
}

export default definePage(observer(LiveChannel), titles.liveChannel)
