import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { tapFeedback } from '../../platform/feedback'
import { elder as t } from '../../strings/elder'
import type { ElderRemoteModel } from './models/elderRemoteModel'
import type { ElderKey } from './spoken'

/** The rows of the big remote, top to bottom: power; volume; channel; the arrow pad with OK; back and home. */
const TOP: ElderKey[] = ['power']
const VOLUME: ElderKey[] = ['volumeDown', 'volumeUp']
const CHANNEL: ElderKey[] = ['channelDown', 'channelUp']
const BOTTOM: ElderKey[] = ['back', 'home']

/**
 * 长辈版's remote: power, volume ±, channel ±, the arrow pad with 确定, 返回 and 主页, each key at least
 * 64 x 64 (MIIT 适老化: 60 x 60 dp) with its name in words at 20 px or more. The keys go through the
 * TV store's one path (the model's press: tv.pressKey), and what the TV did is said in the notice once
 * it answered.
 */
function BigRemote({ model }: { model: ElderRemoteModel }) {
  const Key = ({ k, className = '' }: { k: ElderKey; className?: string }) => (
    <View
      className={`elder-key ${className}`}
      hoverClass='elder-key--pressed'
      role='button'
      aria-label={t.keys[k]}
      data-key={k}
      onClick={() => {
        tapFeedback()
        void model.press(k, t.keys[k])
      }}
    >
      <Text className='elder-key__label'>{t.keys[k]}</Text>
    </View>
  )
  const row = (keys: ElderKey[], className = '') => (
    <View className={`elder-remote__row ${className}`}>
      {keys.map((k) => <Key key={k} k={k} className={k === 'power' ? 'elder-key--power' : ''} />)}
    </View>
  )
  return (
    <View className='elder-remote' data-part='elder-remote'>
      <Text className='elder-section__title'>{t.remote}</Text>
      {row(TOP)}
      {row(VOLUME)}
      {row(CHANNEL)}
      <View className='elder-pad'>
        <Key k='up' className='elder-pad__up' />
        <Key k='left' className='elder-pad__left' />
        <Key k='ok' className='elder-pad__ok elder-key--primary' />
        <Key k='right' className='elder-pad__right' />
        <Key k='down' className='elder-pad__down' />
      </View>
      {row(BOTTOM)}
    </View>
  )
}

export default observer(BigRemote)
