import { useDidShow } from '@tarojs/taro'
import { View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { definePage } from '../../../components/PageBoundary'
import { ElderSwitch } from '../../../features/elder'
import { useStores } from '../../../stores/app/context'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'

/** 设置 (a route added to SPEC 2, reached from 我的): the 长辈版 switch, for a visitor too. */
function Settings() {
  const { tracker } = useStores()
  useDidShow(() => tracker.pageView(routeOf.settings, {}))
  return (
    <PageShell title={titles.settings}>
      <View className='settings'>
        <ElderSwitch />
      </View>
    </PageShell>
  )
}

export default definePage(Settings, titles.settings)
