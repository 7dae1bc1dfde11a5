import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { ScrollView, Text, View } from '@tarojs/components'
import Img from '../../components/Img'
import ProgressBar from '../../components/ProgressBar'
import { useStores } from '../../stores/app/context'
import { continueOf } from './store/continueStore'
import { ContinueRoom, rememberContinueShown } from './ContinueRoom'
import { formatClock, progressOf } from '../../stores/kit/progress'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { continueRow as t } from '../../strings/continue'
import '../program/program.scss'
import './continueRow.scss'

/**
 * Home's 继续观看 row: the user's unfinished records (newest first, up to 10), each with its
 * episode, position and a progress bar; a tap opens the detail, ready to resume. Absent when logged
 * out or with nothing to continue. Loaded after home's first paint (LazyContinueRow).
 */
function ContinueRow({ room = false }: { room?: boolean }) {
  const root = useStores()
  const store = continueOf(root)
  const uid = root.session.uid
  const childMode = root.childMode
  useEffect(() => {
    void store.load(childMode)
  }, [store, uid, childMode])
  useDidShow(() => void store.load(root.childMode))
  const status = store.items.status
  const visible = store.visible
  useEffect(() => {
    if (status === 'ready' || status === 'empty') rememberContinueShown(uid, visible)
  }, [uid, status, visible])

  if (!uid) return null
  if (!visible) return room && (status === 'idle' || status === 'loading') ? <ContinueRoom /> : null
  const items = store.items.value ?? []
  return (
    <View className='continue-row' data-row='continue'>
      <Text className='continue-row__title'>{t.title}</Text>
      <ScrollView scrollX>
        <View className='continue-row__list'>
          {items.map((r) => (
            <View
              key={r.programId}
              className='program-card continue-card'
              data-program={r.programId}
              hoverClass='program-card--pressed'
              onClick={() => {
                root.tracker.click(routeOf.index, t.title, { programId: r.programId })
                go('detail', { programId: r.programId })
              }}
            >
              <View className='program-card__poster'>
                <Img className='program-card__image' src={r.poster} mode='aspectFill' lazyLoad alt={t.posterAlt(r.title)} />
              </View>
              <Text className='program-card__title continue-card__title'>{r.title}</Text>
              <Text className='program-card__meta continue-card__meta'>{`${t.episode(Math.max(1, r.episodeIndex))} ${t.at(formatClock(r.positionSec))}`}</Text>
              <ProgressBar value={progressOf(r)} />
            </View>
          ))}
        </View>
      </ScrollView>
    </View>
  )
}

export default observer(ContinueRow)
