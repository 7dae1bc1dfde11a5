import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { common } from '../../strings'
import './index.scss'

/** The app's notice over the page (root.notices, PageShell): a tap opens it, × closes it. */
function NoticeBanner() {
  const { notices } = useStores()
  const n = notices.current
  if (!n) return null
  return (
    <View className='notice-banner' role='alert' data-notice={n.id}>
      <View className='notice-banner__body' hoverClass='notice-banner__body--pressed' onClick={() => notices.open(n.id)}>
        <Text className='notice-banner__title'>{n.title}</Text>
        <Text className='notice-banner__text'>{n.text}</Text>
      </View>
      {n.action && n.open && (
        <Text className='notice-banner__action' onClick={() => notices.open(n.id)}>
          {n.action}
        </Text>
      )}
      <View className='notice-banner__close' role='button' aria-label={common.close} onClick={() => notices.dismiss(n.id)}>
        ×
      </View>
    </View>
  )
}

export default observer(NoticeBanner)
