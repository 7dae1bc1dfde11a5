import { useEffect, useRef } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../../stores/app/context'
import type { ActionResult } from '../../../stores/kit/write'
import { rectOf, type Rect } from '../../../platform/rect'
import { tapFeedback } from '../../../platform/feedback'
import { nowPlayingOf } from '../store/nowPlayingStore'
import { nowPlaying as t } from '../../../strings/nowPlaying'
import './nowPlaying.scss'

interface Props {
  /** Home (under the TV card) or the remote: each has its own bar to measure. */
  place: 'home' | 'remote'
}

type TouchLike = { touches?: ArrayLike<{ clientX: number }>; changedTouches?: ArrayLike<{ clientX: number }> }

/** The finger's x of a Taro touch event (touches while down, changedTouches at the end; the same on both targets). */
const xOf = (e: unknown): number | null => {
  const t = e as TouchLike
  return (t.touches?.[0] ?? t.changedTouches?.[0])?.clientX ?? null
}

/**
 * Now playing: the title and episode the TV reports, a bar with the position and the length
 * (only when the TV reports them), and 上一集, −10秒, 播放/暂停, +10秒, 下一集. Each press goes through
 * the key queue; the line under the keys is what the TV's reply said. Dragging the bar moves the shown
 * point; lifting the finger seeks there once.
 */
function NowPlayingPanel({ place }: Props) {
  const np = nowPlayingOf(useStores())
  useEffect(() => np.watch(), [np])
  /** The bar's place on screen, asked for when a finger lands on it; every move waits for it, in order. */
  const track = useRef<Promise<Rect | null>>(Promise.resolve(null))
  const trackClass = `now-playing__track--${place}`

  const press = (run: () => Promise<ActionResult | null>) => {
    tapFeedback()
    void run()
  }
  const at = (e: unknown, then?: () => void) => {
    const x = xOf(e)
    void track.current.then((r) => {
      if (x !== null && r && r.width > 0) np.dragTo((x - r.left) / r.width)
      then?.()
    })
  }
  const onStart = (e: unknown) => {
    track.current = rectOf(`.${trackClass}`)
    at(e)
  }
  const onEnd = (e: unknown) => at(e, () => void np.dragEnd())
  const onCancel = () => void track.current.then(() => np.dragCancel())
  const paused = np.paused
  return (
    <View className={`now-playing now-playing--${place}`} data-now-playing={place}>
      <View className='now-playing__head'>
        <Text className='now-playing__title' data-title>{np.title}</Text>
        {np.episodeText !== '' && <Text className='now-playing__episode'>{np.episodeText}</Text>}
      </View>
      {np.hasBar && (
        <View className='now-playing__bar'>
          <View
            className={`now-playing__track ${trackClass}`}
            data-track
            onTouchStart={onStart}
            onTouchMove={(e) => at(e)}
            onTouchEnd={onEnd}
            onTouchCancel={onCancel}
          >
            <View className='now-playing__fill' style={{ width: `${(np.progress * 100).toFixed(2)}%` }} />
            <View className='now-playing__knob' style={{ left: `${(np.progress * 100).toFixed(2)}%` }} />
          </View>
          <View className='now-playing__times'>
            <Text data-position>{np.positionText}</Text>
            <Text data-duration>{np.durationText}</Text>
          </View>
        </View>
      )}
      <View className='now-playing__keys'>
        <View className='now-playing__key' hoverClass='now-playing__key--pressed' data-media='previous' onClick={() => press(() => np.press('previous'))}>
          <Text>{t.previous}</Text>
        </View>
        <View className='now-playing__key' hoverClass='now-playing__key--pressed' data-media='rewind' onClick={() => press(() => np.press('rewind'))}>
          <Text>{t.back10}</Text>
        </View>
        <View className='now-playing__key now-playing__key--main' hoverClass='now-playing__key--pressed' data-media='playPause' onClick={() => press(() => np.togglePlay())}>
          <Text>{paused === null ? t.playPause : paused ? t.play : t.pause}</Text>
        </View>
        <View className='now-playing__key' hoverClass='now-playing__key--pressed' data-media='fastForward' onClick={() => press(() => np.press('fastForward'))}>
          <Text>{t.forward10}</Text>
        </View>
        <View className='now-playing__key' hoverClass='now-playing__key--pressed' data-media='next' onClick={() => press(() => np.press('next'))}>
          <Text>{t.next}</Text>
        </View>
      </View>
      {np.outcome !== '' && (
        <Text className={`now-playing__outcome${np.outcomeOk ? '' : ' now-playing__outcome--problem'}`} data-outcome>
          {np.outcome}
        </Text>
      )}
    </View>
  )
}

export default observer(NowPlayingPanel)
