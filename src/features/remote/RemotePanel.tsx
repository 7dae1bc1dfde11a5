import { useState } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import type { RemoteKey } from '../../stores/app/tvStore'
import { tapFeedback, toastProblem } from '../../platform/feedback'
import { common, home as h, tv as t } from '../../strings'
import { asyncPart } from '../../components/AsyncPart'
import { NowPlayingPanel } from './nowPlaying/LazyNowPlaying'
import './remote.scss'

/**
 * 手机输入 loads when the remote is first opened, not with home (H5: a chunk of its own;
 * weapp: with the remote in `home-parts`). A load that fails says so, with a tap to retry, and the
 * remote's keys work on.
 */
const TextInputPanel = asyncPart(() => import('./TextInputPanel'), { failed: h.textInputLoadFailed })
/** The touch pad loads when its mode is first chosen (weapp: the `home-parts` subpackage). */
const TouchPad = asyncPart(() => import(/* weappSubpackage: "home-parts" */ './touchPad/TouchPad'), {
  failed: h.touchPadLoadFailed,
  loading: <View className='remote__pad-space' />,
})

type Mode = 'pad' | 'digits' | 'touch'

interface Props {
  visible: boolean
  onClose: () => void
}

const ROWS: RemoteKey[][] = [
  ['power', 'mute', 'menu'],
  ['volumeDown', 'home', 'volumeUp'],
  ['channelDown', 'back', 'channelUp'],
]

const DIGIT_ROWS: RemoteKey[][] = [
  ['digit1', 'digit2', 'digit3'],
  ['digit4', 'digit5', 'digit6'],
  ['digit7', 'digit8', 'digit9'],
  ['digit0', 'ok'],
]

/**
 * A phone remote for the current TV: every key is a type 13 command, sent after the TV's reply to the
 * previous one (tv.pressKey), refused plainly when offline or locked. The number pad types a channel
 * number as a hand remote does (the TV switches 2 s after the last digit, or at once on 确定).
 */
function RemotePanel({ visible, onClose }: Props) {
  const { tv } = useStores()
  const [mode, setMode] = useState<Mode>('pad')
  if (!visible) return null
  const press = (key: RemoteKey) => {
    tapFeedback()
    void tv.pressKey(key).then((res) => {
      if (!res.ok) toastProblem(res.message)
    })
  }
  const Key = ({ k, className = '' }: { k: RemoteKey; className?: string }) => (
    <View className={`remote__key ${className}`} hoverClass='remote__key--pressed' onClick={() => press(k)} data-key={k}>
      <Text>{t.keys[k]}</Text>
    </View>
  )
  return (
    <View className='remote-mask' onClick={onClose} catchMove>
      <View className='remote' onClick={(e) => e.stopPropagation()}>
        <View className='remote__head'>
          <Text className='remote__title'>{h.remote}</Text>
          <Text className={`remote__state remote__state--${tv.linkState}`}>{tv.stateLabel}</Text>
          <Text className='remote__close' onClick={onClose}>{common.close}</Text>
        </View>
        {tv.online && <NowPlayingPanel place='remote' />}
        {ROWS.map((row) => (
          <View className='remote__row' key={row.join()}>
            {row.map((k) => <Key key={k} k={k} />)}
          </View>
        ))}
        <View className='remote__modes'>
          <Text className={`remote__mode${mode === 'pad' ? ' remote__mode--on' : ''}`} onClick={() => setMode('pad')} data-mode='pad'>{h.remotePad}</Text>
          <Text className={`remote__mode${mode === 'digits' ? ' remote__mode--on' : ''}`} onClick={() => setMode('digits')} data-mode='digits'>{h.remoteDigits}</Text>
          <Text className={`remote__mode${mode === 'touch' ? ' remote__mode--on' : ''}`} onClick={() => setMode('touch')} data-mode='touch'>{h.remoteTouch}</Text>
        </View>
        {mode === 'touch' ? (
          <TouchPad />
        ) : mode === 'digits' ? (
          <View className='remote__digits'>
            {DIGIT_ROWS.map((row) => (
              <View className='remote__row remote__row--digits' key={row.join()}>
                {row.map((k) => <Key key={k} k={k} className='remote__key--digit' />)}
              </View>
            ))}
          </View>
        ) : (
          <View className='remote__pad'>
            <Key k='up' className='remote__pad-up' />
            <Key k='left' className='remote__pad-left' />
            <Key k='ok' className='remote__pad-ok' />
            <Key k='right' className='remote__pad-right' />
            <Key k='down' className='remote__pad-down' />
          </View>
        )}
        <TextInputPanel />
      </View>
    </View>
  )
}

export default observer(RemotePanel)
