import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/context'
import TextInputPanel from './TextInputPanel'
import type { RemoteKey } from '../../stores/tvStore'
import { tapFeedback, toastProblem } from '../../platform/feedback'
import { common, home as h, tv as t } from '../../strings'
import './home.scss'

interface Props {
  visible: boolean
  onClose: () => void
}

const ROWS: RemoteKey[][] = [
  ['power', 'mute', 'menu'],
  ['volumeDown', 'home', 'volumeUp'],
]

/** A phone remote for the current TV: every key is a type 13 command, refused plainly when offline. */
function RemotePanel({ visible, onClose }: Props) {
  const { tv } = useStores()
  if (!visible) return null
  const press = (key: RemoteKey) => {
    tapFeedback()
    const res = tv.sendKey(key)
    if (!res.ok) toastProblem(res.message)
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
        {ROWS.map((row) => (
          <View className='remote__row' key={row.join()}>
            {row.map((k) => <Key key={k} k={k} />)}
          </View>
        ))}
        <View className='remote__pad'>
          <Key k='up' className='remote__pad-up' />
          <Key k='left' className='remote__pad-left' />
          <Key k='ok' className='remote__pad-ok' />
          <Key k='right' className='remote__pad-right' />
          <Key k='down' className='remote__pad-down' />
        </View>
        <View className='remote__row'>
          <Key k='back' />
        </View>
        <TextInputPanel />
      </View>
    </View>
  )
}

export default observer(RemotePanel)
