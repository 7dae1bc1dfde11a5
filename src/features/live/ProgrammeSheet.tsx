import type { ReactNode } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import Img from '../../components/Img'
import StateView from '../../components/StateView'
import type { Loadable } from '../../stores/kit/loadable'
import type { ProgrammeDetail } from './models/scheduleModel'
import { dayParts, serverDayKey, serverHhmm } from '../../protocol/time'
import { live as t } from '../../strings/live'
import './schedule.scss'

interface Props {
  detail: Loadable<ProgrammeDetail>
  /** The programme is on air, or about to start: 在电视上看 puts the TV on its channel. */
  canWatch: boolean
  /** 预约 / 已预约 of a programme that has not started (the reminders feature's button). */
  reserve?: ReactNode
  busy: boolean
  onWatch: () => void
  onClose: () => void
  onRetry: () => void
}

/** One programme's detail (psdetail): poster, title, its time in UTC+8 and description. */
function ProgrammeSheet({ detail, canWatch, reserve, busy, onWatch, onClose, onRetry }: Props) {
  const d = detail.value
  const status = detail.status
  const day = d ? dayParts(serverDayKey(d.startTime)) : null
  return (
    <View className='sheet-mask' onClick={onClose} catchMove>
      <View className='programme-sheet' onClick={(e) => e.stopPropagation()} role='dialog'>
        {status !== 'ready' || !d || !day ? (
          <StateView status={status === 'idle' ? 'loading' : status === 'ready' ? 'empty' : status} text={detail.error || undefined} onAction={status === 'error' || status === 'offline' ? onRetry : undefined} />
        ) : (
          <View className='programme-sheet__body'>
            <Img className='programme-sheet__poster' src={d.poster} mode='aspectFill' alt={d.title} />
            <View className='programme-sheet__info'>
              <Text className='programme-sheet__title'>{d.title}</Text>
              <Text className='programme-sheet__channel'>{t.channelTitle(d.channelNumber, d.channelName)}</Text>
              <Text className='programme-sheet__time'>{t.detailTime(`${day.month}/${day.day}`, serverHhmm(d.startTime), serverHhmm(d.endTime))}</Text>
              <Text className='programme-sheet__desc'>{d.description}</Text>
            </View>
          </View>
        )}
        <View className='programme-sheet__actions'>
          {d && reserve}
          {canWatch && (
            <View className={`live-item__watch${busy ? ' live-item__watch--busy' : ''}`} hoverClass='live-item__watch--pressed' onClick={onWatch} data-action='watch-programme'>
              {t.watchOnTv}
            </View>
          )}
          <View className='programme-sheet__close' onClick={onClose}>
            {t.detailClose}
          </View>
        </View>
      </View>
    </View>
  )
}

export default observer(ProgrammeSheet)
