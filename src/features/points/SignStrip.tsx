import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import type { SignInfo } from '../../stores/app/pointsStore'
import { points as t } from '../../strings'
import './points.scss'

interface Props {
  info: SignInfo
  busy: boolean
  onSign: () => void
}

/** The 7-day sign-in strip (stb/signInfo) with the streak and today's sign-in button. */
function SignStrip({ info, busy, onSign }: Props) {
  return (
    <View className='points-card sign-card'>
      <View className='points-card__head'>
        <Text className='points-card__title'>{t.signTitle}</Text>
        <Text className='points-card__sub sign-card__streak'>{t.streak(info.continuousDays)}</Text>
      </View>
      <View className='sign-strip'>
        {info.week.map((d) => (
          <View key={d.day} className={`sign-day${d.signed ? ' sign-day--signed' : ''}`} data-signed={d.signed}>
            <Text className='sign-day__points'>{`+${d.points}`}</Text>
            <Text className='sign-day__label'>{t.dayLabel(d.day)}</Text>
          </View>
        ))}
      </View>
      {/* signed today: still tappable, so a second sign-in is refused in words, not silently */}
      <ActionButton kind={info.signedToday ? 'secondary' : 'primary'} size='block' className='sign-card__button' disabled={busy} onClick={onSign}>
        {info.signedToday ? t.signedToday : t.signIn}
      </ActionButton>
    </View>
  )
}

export default observer(SignStrip)
