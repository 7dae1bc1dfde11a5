import type { CSSProperties } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { tapFeedback } from '../../platform/feedback'
import { elder as t } from '../../strings/elder'
import type { ElderRemoteModel } from './models/elderRemoteModel'
import type { ElderKey } from './spoken'
import { look, padArea } from './look'

/** The rows of the big remote, top to bottom: power; volume; channel; the arrow pad with OK; back and home. */
const TOP: ElderKey[] = ['power']
const VOLUME: ElderKey[] = ['volumeDown', 'volumeUp']
const CHANNEL: ElderKey[] = ['channelDown', 'channelUp']
const BOTTOM: ElderKey[] = ['back', 'home']

/**
 * 长辈版's remote: power, volume ±, channel ±, the arrow pad with 确定, 返回 and 主页, each key at least
 * TARGET_PX square (MIIT 适老化: 60 x 60 dp) with its name in words at 22 px. The keys go through the
 * TV store's one path (the model's press: tv.pressKey), and what the TV did is said in the notice once
 * it answered.
 */
function BigRemote({ model }: { model: ElderRemoteModel }) {
  const Key = ({ k, style }: { k: ElderKey; style?: CSSProperties }) => (
    <View
      className='elder-key'
      style={{ ...look.key, ...style }}
      hoverClass='elder-pressed'
      role='button'
      aria-label={t.keys[k]}
      data-key={k}
      onClick={() => {
        tapFeedback()
        void model.press(k, t.keys[k])
      }}
    >
      <Text className='elder-key__label' style={look.keyLabel}>{t.keys[k]}</Text>
    </View>
  )
  const row = (keys: ElderKey[]) => (
    <View style={look.row}>
      {keys.map((k) => <Key key={k} k={k} style={k === 'power' ? look.keyPower : undefined} />)}
    </View>
  )
  return (
    <View className='elder-remote' data-part='elder-remote'>
      <Text style={look.sectionTitle}>{t.remote}</Text>
      {row(TOP)}
      {row(VOLUME)}
      {row(CHANNEL)}
      <View style={look.pad}>
        <Key k='up' style={padArea('up')} />
        <Key k='left' style={padArea('left')} />
        <Key k='ok' style={{ ...padArea('ok'), ...look.keyPrimary }} />
        <Key k='right' style={padArea('right')} />
        <Key k='down' style={padArea('down')} />
      </View>
      {row(BOTTOM)}
    </View>
  )
}

export default observer(BigRemote)
