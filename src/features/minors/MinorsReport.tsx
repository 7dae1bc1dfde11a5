import { useState } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import type { MinorsDay } from '../../protocol/contract/minors'
import { dayParts, serverHhmm } from '../../protocol/time'
import type { Loadable } from '../../stores/kit/loadable'
import { minorsPage as t } from '../../strings/minorsPage'

interface Props {
  report: Loadable<{ serverTime: number; days: MinorsDay[] }>
  onRetry: () => void
}

const minutesOf = (sec: number) => Math.ceil(sec / 60)

/**
 * The last 7 server days as a small bar chart (minutes counted; the day's total marked), and
 * what was watched on the chosen day, when (UTC+8) and for how long. Days come from the gateway's
 * calendar (UTC+8), never the phone's.
 */
function MinorsReport({ report, onRetry }: Props) {
  const days = report.value?.days ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  if (report.status === 'error' || report.status === 'offline') {
    return (
      <View className='locks__panel minors__report' data-report='error'>
        <Text className='locks__title'>{t.report}</Text>
        <Text className='locks__sub locks__line--problem' onClick={onRetry}>{report.error}</Text>
      </View>
    )
  }
  if (days.length === 0) return null
  const top = Math.max(60, ...days.map((d) => Math.max(minutesOf(d.usedSec), Math.floor(d.limitSec / 60))))
  const label = (d: MinorsDay) => {
    const p = dayParts(d.day)
    return t.dayLabel(p.month, p.day)
  }
  const selected = days.find((d) => d.day === chosen) ?? days[days.length - 1]
  const nothing = days.every((d) => d.usedSec === 0 && d.watched.length === 0)
  return (
    <View className='locks__panel minors__report' data-report>
      <Text className='locks__title'>{t.report}</Text>
      {nothing && <Text className='locks__sub'>{t.reportEmpty}</Text>}
      <View className='minors__chart' role='list'>
        {days.map((d, i) => {
          const used = minutesOf(d.usedSec)
          const limit = Math.floor(d.limitSec / 60)
          const isToday = i === days.length - 1
          return (
            <View
              key={d.day}
              className={`minors__col${d.day === selected.day ? ' minors__col--on' : ''}`}
              role='listitem'
              data-day={d.day}
              aria-label={`${label(d)} ${t.minutes(used)}`}
              onClick={() => setChosen(d.day)}
            >
              <Text className='minors__num'>{used}</Text>
              <View className='minors__track'>
                {limit > 0 && <View className='minors__limit' style={{ bottom: `${(limit / top) * 100}%` }} />}
                <View className={`minors__bar${limit > 0 && used >= limit ? ' minors__bar--full' : ''}`} style={{ height: `${(used / top) * 100}%` }} />
              </View>
              <Text className='minors__day'>{isToday ? t.today : label(d)}</Text>
            </View>
          )
        })}
      </View>
      <Text className='locks__sub minors__watched-title'>
        {t.watchedTitle(selected === days[days.length - 1] ? t.today : label(selected))}
        {selected.granted ? ` · ${t.granted15}` : ''}
      </Text>
      {selected.watched.length === 0 && <Text className='locks__sub'>{t.watchedNone}</Text>}
      {selected.watched.map((w, i) => (
        <View key={`${w.startedAt}-${i}`} className='minors__watched' data-watched={w.kind}>
          <Text className='minors__when'>{serverHhmm(w.startedAt)}</Text>
          <Text className='minors__what'>{`${t.kinds[w.kind]} · ${w.title}`}</Text>
          <Text className='minors__long'>{w.source === 'box' ? t.minutes(minutesOf(w.sec)) : t.fromRecord}</Text>
        </View>
      ))}
    </View>
  )
}

export default observer(MinorsReport)
