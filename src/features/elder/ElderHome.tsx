import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { useStores } from '../../stores/app/context'
import { realClock } from '../../services/tv/types'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { titles } from '../../strings'
import { elder as t } from '../../strings/elder'
import { ElderRemoteModel } from './models/elderRemoteModel'
import ElderTvCard from './ElderTvCard'
import BigRemote from './BigRemote'
import ElderLive from './ElderLive'
import ElderContinue from './ElderContinue'
import NoticeBar from './NoticeBar'
import { look } from './look'

/**
 * 长辈版's home, and nothing else: the TV card in plain words, the big remote, 直播 as a big list and
 * 继续观看. No banner, no points centre, no share activity, no guide: none of them is rendered here
 * nor reachable from here (我的 shows none of them in 长辈版 either). The remote and the list need a
 * logged-in user with a TV; until then the card says what to do. Its code loads only for a user who
 * chose 长辈版 (LazyElderHome): the standard home's first load carries none of it.
 */
function ElderHome() {
  const root = useStores()
  const model = useMemo(() => new ElderRemoteModel(root.tv, realClock), [root])
  useEffect(() => () => model.dispose(), [model])
  useDidShow(() => root.tracker.pageView(routeOf.index, { version: 'elder' }))
  const ready = root.user.user !== null && Boolean(root.devices.current)
  return (
    <PageShell title={titles.index} bodyId='elder-body' footer={<NoticeBar model={model} />}>
      <View className='elder' style={look.page} data-version='elder'>
        <View style={look.top}>
          <Text style={look.badge}>{t.badge}</Text>
          <View className='elder-button' style={look.button} role='link' hoverClass='elder-pressed' data-testid='elder-my' onClick={() => go('my-home')}>
            <Text>{t.my}</Text>
          </View>
        </View>
        <ElderTvCard model={model} />
        {ready && (
          <>
            <BigRemote model={model} />
            <ElderLive model={model} />
            <ElderContinue />
          </>
        )}
      </View>
    </PageShell>
  )
}

export default observer(ElderHome)
