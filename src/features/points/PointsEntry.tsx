import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { points as t } from '../../strings'
import './points.scss'

/** Home's entry to the points centre, with the balance once logged in. */
function PointsEntry() {
  const { points, session } = useStores()
  const uid = session.uid
  useEffect(() => {
    if (uid) void points.loadBalance()
  }, [points, uid])
  const balance = uid ? points.balance : null
  return (
    <View className='points-entry' hoverClass='points-entry--pressed' onClick={() => go('activity-index')}>
      <Text className='points-entry__title'>{t.homeEntry}</Text>
      <Text className='points-entry__hint'>{t.homeEntryHint}</Text>
      {balance !== null && <Text className='points-entry__balance'>{`${balance} ${t.unit}`}</Text>}
    </View>
  )
}

export default observer(PointsEntry)
