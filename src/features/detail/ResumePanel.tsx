import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import type { ResumePoint } from './models/resumeModel'
import { formatClock, progressOf, tvNameOf } from '../../stores/kit/progress'
import { formatTvMac } from '../../protocol/mac'
import { resume as t } from '../../strings/resume'
import ProgressBar from '../../components/ProgressBar'

interface Props {
  point: ResumePoint
  /** The program has more than one episode (the line names the episode). */
  series: boolean
  /** The program can play on the TV (the buttons are shown). */
  playable: boolean
  /** The TV cannot take a command now (shown muted, as the play button is). */
  muted: boolean
  devices: ReadonlyArray<{ mac: string; deviceName: string }>
  onResume: () => void
  onReplay: () => void
}

/** 上次看到 第3集 12:05 with a progress bar and the TV; 继续在电视上播放, or 重新播放 once finished. */
function ResumePanel({ point, series, playable, muted, devices, onResume, onReplay }: Props) {
  const label = point.finished ? t.finished : t.resumeAt(series ? point.episode : null, formatClock(point.positionSec))
  const tvName = point.mac ? tvNameOf(devices, point.mac) : ''
  return (
    <View className='detail-section detail-resume' data-finished={point.finished ? '1' : '0'}>
      <Text className='detail-section__title detail-resume__label'>{label}</Text>
      {tvName && <Text className='detail-tags__tag detail-resume__tv'>{t.lastWatchedOn(tvName === point.mac ? formatTvMac(point.mac) : tvName)}</Text>}
      <ProgressBar value={progressOf(point)} />
      {playable && (
        <View
          className={`detail-actions__btn detail-actions__btn--primary detail-resume__btn${muted ? ' detail-actions__btn--muted' : ''}`}
          hoverClass='detail-actions__btn--pressed'
          data-action={point.finished ? 'replay' : 'resume'}
          onClick={point.finished ? onReplay : onResume}
        >
          <Text>{point.finished ? t.replay : t.continueOnTv}</Text>
        </View>
      )}
    </View>
  )
}

export default observer(ResumePanel)
