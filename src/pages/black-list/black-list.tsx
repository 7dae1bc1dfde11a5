import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { LoginCard } from '../../features/account'
import { EditBar, personalOf, type TypeEntry } from '../../features/personal'
import { useStores } from '../../stores/app/context'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { routeOf } from '../../routes'
import { personal as t, titles } from '../../strings'
import { batch as b } from '../../strings/discover'
import '../../features/personal/personal.scss'
import { definePage } from '../../components/PageBoundary'

/**
 * 分类黑名单 (v5.0/programtypeblacklist): every program category with an on/off switch; 编辑 selects
 * several black-listed categories and takes them out in one batchaddordel call.
 */
function BlackList() {
  const root = useStores()
  const { user, tracker } = root
  const personal = personalOf(root)
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
  const removeSelected = async () => {
    const n = personal.typesSelected.length
    if (n === 0) return toastProblem(t.nothingSelectedToRemove)
    if (!(await confirmDialog(t.remove, b.removeTypesConfirm(n)))) return
    tracker.click(routeOf['black-list'], t.remove, { typeIds: personal.typesSelected.join(','), count: n })
    const res = await personal.removeTypes()
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  const editing = personal.typesEditing
  const blocked = personal.blackListedTypes
  const shown = editing ? blocked : (types.value ?? [])
  const bar = (
    <EditBar
      text={editing ? b.typeEditHint : b.typeBlockedCount(blocked.length)}
      editing={editing}
      canEdit={blocked.length > 0}
      onEditing={(on) => personal.setTypesEditing(on)}
      onSelectAll={() => personal.toggleAllTypes()}
      act={{ label: b.removeSelected(personal.typesSelected.length), action: 'remove-selected', run: () => void removeSelected() }}
    />
  )
  return (
    <PageShell
      title={titles.blackList}
      state={types}
      emptyText={t.typeEmpty}
      onRetry={() => void personal.loadTypes()}
      header={types.value ? bar : undefined}
    >
      <View className='plist'>
        {!editing && <Text className='plist__intro'>{t.typeIntro}</Text>}
        {editing && blocked.length === 0 && <Text className='plist__intro'>{b.typeNoneBlocked}</Text>}
        {shown.map((x) => {
          const on = personal.typesSelected.includes(x.typeId)
          return editing ? (
            <View
              key={x.typeId}
              className='pitem'
              data-type={x.typeId}
              role='checkbox'
              aria-checked={on}
              aria-label={x.name}
              onClick={() => personal.toggleTypeSelected(x.typeId)}
            >
              <View className={`pitem__check${on ? ' pitem__check--on' : ''}`} />
              <View className='pitem__body'>
                <Text className='pitem__title'>{x.name}</Text>
              </View>
            </View>
          ) : (
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
          )
        })}
      </View>
    </PageShell>
  )
}

export default definePage(observer(BlackList), titles.blackList)
