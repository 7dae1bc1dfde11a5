import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { PersonalList, EditBar, personalOf, type BlackListed } from '../../features/personal'
import { useStores } from '../../stores/app/context'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { lists as l, personal as t, titles } from '../../strings'
import { batch as b } from '../../strings/discover'
import { definePage } from '../../components/PageBoundary'
import Img from '../../components/Img'

/**
 * 节目黑名单 (v5.0/programblacklist): the programs the user black-listed, paged; each can be taken out
 * after a confirm, or several at once in edit mode (one batchaddordel call).
 */
function MyBlackList() {
  const root = useStores()
  const { user, tracker } = root
  const personal = personalOf(root)
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
  const removeSelected = async () => {
    const n = black.selected.length
    if (n === 0) return toastProblem(t.nothingSelectedToRemove)
    if (!(await confirmDialog(t.remove, b.removeBlacksConfirm(n)))) return
    tracker.click(routeOf['my-black-list'], t.remove, { count: n })
    const res = await personal.removeFromBlackList([...black.selected])
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  const bar = (
    <EditBar
      text={l.count(black.list.total)}
      editing={black.editing}
      onEditing={(on) => black.setEditing(on)}
      onSelectAll={() => black.toggleAll()}
      act={{ label: b.removeSelected(black.selected.length), action: 'remove-selected', run: () => void removeSelected() }}
    />
  )
  return (
    <PersonalList title={titles.myBlackList} list={black.list} emptyText={t.blackListEmpty} bar={bar} hidden={black.hiddenCount}>
      <View className='plist'>
        {black.shown.map((b) => {
          const on = black.isSelected(b.objectId)
          return black.editing ? (
            <View key={b.objectId} className='pitem' data-program={b.objectId} role='checkbox' aria-checked={on} aria-label={b.title} onClick={() => black.toggle(b.objectId)}>
              <View className={`pitem__check${on ? ' pitem__check--on' : ''}`} />
              <Img className='pitem__poster' src={b.poster} mode='aspectFill' lazyLoad alt={t.posterAlt(b.title)} />
              <View className='pitem__body'>
                <Text className='pitem__title'>{b.title}</Text>
              </View>
            </View>
          ) : (
            <View key={b.objectId} className='pitem' data-program={b.objectId}>
              <Img className='pitem__poster' src={b.poster} mode='aspectFill' lazyLoad alt={t.posterAlt(b.title)} onClick={() => go('detail', { programId: b.objectId })} />
              <View className='pitem__body' onClick={() => go('detail', { programId: b.objectId })}>
                <Text className='pitem__title'>{b.title}</Text>
              </View>
              <View className='pitem__actions'>
                <Text className='pitem__action' data-action='remove' onClick={() => void remove(b)}>{t.remove}</Text>
              </View>
            </View>
          )
        })}
      </View>
    </PersonalList>
  )
}

export default definePage(observer(MyBlackList), titles.myBlackList)
