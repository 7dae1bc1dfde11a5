import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { common } from '../../strings'
import './notice.scss'

/**
 * A TV this user lost (removed from its family, or the owner unbound it), told once at the
 * launch that learnt it (DevicesStore.notice, the same notice My TVs shows); tapping closes it.
 */
function LostTvNotice() {
  const { devices } = useStores()
  if (!devices.notice) return null
  return (
    <View className='tv-notice' data-lost-tv onClick={() => devices.dismissNotice()}>
      <Text className='tv-notice__text'>{devices.notice}</Text>
      <Text className='tv-notice__close'>{common.close}</Text>
    </View>
  )
}

export default observer(LostTvNotice)
