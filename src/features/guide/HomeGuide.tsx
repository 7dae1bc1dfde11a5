import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { guideOf } from './store/guideStore'
import { rectOf, type Rect } from '../../platform/rect'
import { routeOf } from '../../routes'
import { guide as t } from '../../strings/guide'
import './guide.scss'

/** The control a step points at: home marks each with this class. */
export const anchorClass = (anchor: string) => `guide-${anchor}`

const PAD = 6

/**
 * Home's first-visit guide over the real controls (TV card, 遥控器, 切换电视, 我的): a highlight on the
 * control, what it does, 跳过 and 下一步 / 知道了. Steps come from mc/user/pageGuide; skipping or
 * finishing marks the guide seen for the user. Loaded after home's first paint (features/guide/lazy).
 */
function HomeGuide() {
  const root = useStores()
  const guide = guideOf(root)
  const uid = root.session.uid
  // the TV card shows its controls once the bound TVs are known: the guide asks only then
  const tvsKnown = root.devices.list.status !== 'idle' && !root.devices.list.loading
  const [rect, setRect] = useState<Rect | null>(null)

  useEffect(() => {
    if (uid && tvsKnown) void guide.check(uid, routeOf.index.slice(1), async (anchor) => (await rectOf(`.${anchorClass(anchor)}`)) !== null)
  }, [guide, uid, tvsKnown])

  const step = guide.step
  useEffect(() => {
    let alive = true
    setRect(null)
    if (step?.anchor) void rectOf(`.${anchorClass(step.anchor)}`).then((r) => alive && setRect(r))
    return () => {
      alive = false
    }
  }, [step])

  if (!step) return null
  const n = guide.steps.length
  const hole = rect ? { left: rect.left - PAD, top: rect.top - PAD, width: rect.width + 2 * PAD, height: rect.height + 2 * PAD } : null
  // the bubble below the control when it sits in the upper half of the screen, else above it
  const below = !hole || hole.top < 360
  const bubbleStyle = hole ? (below ? { top: `${hole.top + hole.height + 12}px` } : { bottom: `calc(100vh - ${hole.top - 12}px)` }) : { top: '40%' }
  return (
    <View className='guide' data-testid='home-guide' catchMove onClick={() => void guide.next()}>
      {hole ? (
        <View className='guide__hole' style={{ left: `${hole.left}px`, top: `${hole.top}px`, width: `${hole.width}px`, height: `${hole.height}px` }} />
      ) : (
        <View className='guide__mask' />
      )}
      <View className='guide__bubble' style={bubbleStyle} onClick={(e) => e.stopPropagation()}>
        <Text className='guide__title'>{step.title}</Text>
        <Text className='guide__text'>{step.text}</Text>
        <View className='guide__actions'>
          <Text className='guide__progress'>{t.progress(guide.index + 1, n)}</Text>
          <Text className='guide__skip' data-action='guide-skip' onClick={() => void guide.close()}>{t.skip}</Text>
          <Text className='guide__next' data-action='guide-next' onClick={() => void guide.next()}>{guide.isLast ? t.done : t.next}</Text>
        </View>
      </View>
    </View>
  )
}

export default observer(HomeGuide)
