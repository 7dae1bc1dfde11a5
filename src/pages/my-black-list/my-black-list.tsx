import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PersonalList from '../../features/personal/PersonalList'
import { useStores } from '../../stores/context'
import type { BlackListed } from '../../stores/personalStore'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { lists as l, personal as t, titles } from '../../strings'
import { definePage } from '../../components/PageBoundary'
import Img from '../../components/Img'

/** 节目黑名单 (v5.0/programblacklist): the programs the user black-listed, paged; each can be taken out after a confirm. */
function MyBlackList() {
  const { personal, user, tracker } = useStores()
  const black = personal.blackList
  useDidShow(() => {
    tracker.pageView(routeOf['my-black-list'], {})
    if (user.user) void black.list.loadFirst()
  })
  const remove = async (b: BlackListed) => {
    if (!(await confirmDialog(t.remove, t.removeBlackConfirm(b.title)))) return
    tracker.click(routeOf['my-black-list'], t.remove, { programId: b.objectId })
    const res = await personal.removeFromBlackList([b.objectId])
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  return (
    <PersonalList
      title={titles.myBlackList}
      list={black.list}
      emptyText={t.blackListEmpty}
      bar={<View className='plist__bar'><Text>{l.count(black.list.total)}</Text></View>}
    >
      <View className='plist'>
        {black.list.items.map((b) => (
          <View key={b.objectId} className='pitem' data-program={b.objectId}>
            <Img className='pitem__poster' src={b.poster} mode='aspectFill' lazyLoad alt={t.posterAlt(b.title)} onClick={() => go('detail', { programId: b.objectId })} />
            <View className='pitem__body' onClick={() => go('detail', { programId: b.objectId })}>
              <Text className='pitem__title'>{b.title}</Text>
            </View>
            <View className='pitem__actions'>
              <Text className='pitem__action' data-action='remove' onClick={() => void remove(b)}>{t.remove}</Text>
            </View>
          </View>
        ))}
      </View>
    </PersonalList>
  )
}

export default definePage(observer(MyBlackList), titles.myBlackList)
