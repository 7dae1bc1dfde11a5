import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { PersonalList, EditBar, personalOf } from '../../features/personal'
import { useStores } from '../../stores/app/context'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { lists as l, personal as t, titles } from '../../strings'
import { definePage } from '../../components/PageBoundary'
import Img from '../../components/Img'

/** 我的收藏: favourites, paged; a tap opens the detail; edit mode deletes the selected after a confirm. */
function MyFav() {
  const root = useStores()
  const { user, tracker } = root
  const personal = personalOf(root)
  const fav = personal.favourites
  useDidShow(() => {
    tracker.pageView(routeOf['my-fav'], {})
    if (user.user) void fav.list.loadFirst()
  })

  const remove = async () => {
    if (fav.selected.length === 0) return toastProblem(t.nothingSelected)
    if (!(await confirmDialog(t.deleteTitle, t.deleteFavConfirm(fav.selected.length)))) return
    tracker.click(routeOf['my-fav'], t.deleteTitle, { count: fav.selected.length })
    const res = await personal.removeFavourites([...fav.selected])
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }

  const bar = (
    <EditBar
      text={fav.editing ? t.deleteSelected(fav.selected.length) : l.count(fav.list.total)}
      editing={fav.editing}
      onEditing={(on) => fav.setEditing(on)}
      onSelectAll={() => fav.toggleAll()}
      act={{ label: t.deleteTitle, action: 'delete', run: () => void remove() }}
    />
  )

  return (
    <PersonalList title={titles.myFav} list={fav.list} emptyText={t.favEmpty} bar={bar} hidden={fav.hiddenCount}>
      <View className='plist'>
        {fav.shown.map((c) => {
          const on = fav.isSelected(c.programId)
          return (
            <View
              key={c.programId}
              className='pitem'
              hoverClass='pitem--pressed'
              data-program={c.programId}
              role={fav.editing ? 'checkbox' : 'link'}
              aria-checked={fav.editing ? on : undefined}
              onClick={() => (fav.editing ? fav.toggle(c.programId) : go('detail', { programId: c.programId }))}
            >
              {fav.editing && <View className={`pitem__check${on ? ' pitem__check--on' : ''}`} />}
              <Img className='pitem__poster' src={c.poster} mode='aspectFill' lazyLoad alt={t.posterAlt(c.title)} />
              <View className='pitem__body'>
                <Text className='pitem__title'>{c.title}</Text>
                <Text className='pitem__meta'>{[c.categoryName, c.year || '', c.updateInfo].filter(Boolean).join(' · ')}</Text>
              </View>
            </View>
          )
        })}
      </View>
    </PersonalList>
  )
}

export default definePage(observer(MyFav), titles.myFav)
