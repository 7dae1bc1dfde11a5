import { useMemo, useState } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../../stores/app/context'
import { tapFeedback, toastProblem } from '../../../platform/feedback'
import { tv as tvText } from '../../../strings'
import { nowPlaying as t } from '../../../strings/nowPlaying'
import { PadTracker } from './gestures'
import './touchPad.scss'

type TouchLike = { touches?: ArrayLike<{ clientX: number; clientY: number }>; changedTouches?: ArrayLike<{ clientX: number; clientY: number }> }

/** The finger of a Taro touch event (touches while down, changedTouches at the end; the same on both targets). */
const pointOf = (e: unknown) => {
  const t = e as TouchLike
  return t.touches?.[0] ?? t.changedTouches?.[0] ?? null
}

/**
 * The remote's touch pad: a swipe moves the TV's focus one step in its direction (a long
 * swipe several, sent in order, at most 5), a tap is OK, a long press is 返回: the arrow buttons' own
 * key events, through the key queue (one per reply). Each gesture taps back (wx.vibrateShort on
 * WeChat, through the platform's feedback seam).
 */
function TouchPad() {
  const { tv } = useStores()
  const [last, setLast] = useState('')
  const pad = useMemo(
    () =>
      new PadTracker((_g, keys) => {
        tapFeedback()
        setLast(keys.map((k) => tvText.keys[k]).join(' '))
        void tv.pressKeys(keys).then((res) => {
          if (!res.ok) toastProblem(res.message)
        })
      }),
    [tv],
  )
  return (
    <View
      className='touch-pad'
      data-touch-pad
      catchMove
      onTouchStart={(e: unknown) => {
        const p = pointOf(e)
        if (p) pad.down(p.clientX, p.clientY)
      }}
      onTouchMove={(e: unknown) => {
        const p = pointOf(e)
        if (p) pad.move(p.clientX, p.clientY)
      }}
      onTouchEnd={(e: unknown) => {
        const p = pointOf(e)
        if (p) pad.up(p.clientX, p.clientY)
        else pad.cancel()
      }}
      onTouchCancel={() => pad.cancel()}
    >
      <Text className='touch-pad__hint'>{t.padHint}</Text>
      {last !== '' && <Text className='touch-pad__last' data-pad-last>{last}</Text>}
    </View>
  )
}

export default observer(TouchPad)
