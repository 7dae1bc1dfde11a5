import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { personal as t } from '../../strings'
import './home.scss'
import Img from '../../components/Img'

/** 我的, one tap from home: the user's avatar (or a plain mark when logged out) beside the search box. */
function MyEntry() {
  const { user } = useStores()
  const face = user.user?.faceImg
  return (
    <View className='my-entry guide-my' hoverClass='my-entry--pressed' role='button' aria-label={t.entry} data-testid='my-entry' onClick={() => go('my-home')}>
      {face ? <Img className='my-entry__avatar' src={face} mode='aspectFill' alt={t.avatarAlt} /> : <View className='my-entry__avatar my-entry__avatar--empty' />}
      <Text className='my-entry__label'>{t.entry}</Text>
    </View>
  )
}

export default observer(MyEntry)
