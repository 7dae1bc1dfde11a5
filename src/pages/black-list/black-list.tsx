import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import LoginCard from '../../features/account/LoginCard'
import { useStores } from '../../stores/context'
import type { TypeEntry } from '../../stores/personalStore'
import { toastDone, toastProblem } from '../../platform/feedback'
import { routeOf } from '../../routes'
import { personal as t, titles } from '../../strings'
import '../../features/personal/personal.scss'
import { definePage } from '../../components/PageBoundary'

/** 分类黑名单 (v5.0/programtypeblacklist): every program category with an on/off switch. */
function BlackList() {
  const { personal, user, tracker } = useStores()
  const types = personal.types
  useDidShow(() => {
    tracker.pageView(routeOf['black-list'], {})
    if (user.user) void personal.loadTypes()
  })
  if (!user.user) {
    return (
      <PageShell title={titles.blackList}>
        <LoginCard className='my-login' />
      </PageShell>
    )
  }
  const flip = async (x: TypeEntry) => {
    tracker.click(routeOf['black-list'], x.name, { typeId: x.typeId, on: !x.inBlackList })
    const res = await personal.setType(x.typeId, !x.inBlackList)
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  return (
    <PageShell
      title={titles.blackList}
      state={types}
      emptyText={t.typeEmpty}
      onRetry={() => void personal.loadTypes()}
    >
      <View className='plist'>
        <Text className='plist__intro'>{t.typeIntro}</Text>
        {(types.value ?? []).map((x) => (
          <View
            key={x.typeId}
            className='pitem'
            data-type={x.typeId}
            role='switch'
            aria-checked={x.inBlackList}
            aria-label={x.name}
            onClick={() => void flip(x)}
          >
            <View className='pitem__body'>
              <Text className='pitem__title'>{x.name}</Text>
            </View>
            <View className={`pitem__switch${x.inBlackList ? ' pitem__switch--on' : ''}`} />
          </View>
        ))}
      </View>
    </PageShell>
  )
}

export default definePage(observer(BlackList), titles.blackList)
