import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { LoginCard } from '../account'
import { useStores } from '../../stores/app/context'
import { minorsStatusOf } from '../../stores/app/minorsStatusStore'
import type { TvStore } from '../../stores/app/tvStore'
import { go } from '../../navigation'
import { elder as t } from '../../strings/elder'
import type { ElderRemoteModel } from './models/elderRemoteModel'
import { look } from './look'

/** The TV's state as a sentence: connected, switched off, locked, connecting, not connected. */
export function plainStateOf(tv: Pick<TvStore, 'linkState' | 'globalLocked' | 'modeReported' | 'tvMode'>): string {
  if (tv.linkState !== 'online') return t.tv[tv.linkState]
  if (tv.globalLocked) return t.tv.locked
  if (tv.modeReported && tv.tvMode.content.playState?.power === false) return t.tv.off
  return t.tv.online
}

/**
 * 长辈版's TV card: which TV, and its state in plain words (what to do when it is not connected, with
 * one button for it); what it plays; minors' mode's line as the standard card shows it. Logged out:
 * the login card; no TV: how to bind one.
 */
function ElderTvCard({ model }: { model: ElderRemoteModel }) {
  const root = useStores()
  const { tv, devices, user } = root
  const device = devices.current
  if (!user.user) return <LoginCard className='elder-login' />
  if (!device) {
    const loading = devices.list.status === 'idle' || devices.list.loading
    return (
      <View className='elder-card' style={look.card} data-part='elder-tv'>
        <Text className='elder-card__state' style={look.cardState}>{loading ? t.tv.loading : t.tv.noDevice}</Text>
        {!loading && (
          <View className='elder-button' style={{ ...look.button, ...look.primary, ...look.buttonGap }} role='button' hoverClass='elder-pressed' onClick={() => go('my-tv')}>
            <Text>{t.tv.bind}</Text>
          </View>
        )}
      </View>
    )
  }
  const minors = minorsStatusOf(root).cardLine()
  const stuck = tv.linkState === 'offline' || tv.linkState === 'idle'
  return (
    <View className='elder-card' style={tv.online ? { ...look.card, ...look.cardOnline } : look.card} data-part='elder-tv'>
      <Text className='elder-card__name' style={look.cardName}>{t.tv.name(device.deviceName)}</Text>
      <Text className='elder-card__state' style={look.cardState} data-state={tv.linkState}>{plainStateOf(tv)}</Text>
      {tv.nowPlaying !== '' && <Text style={look.cardLine} data-line='playing'>{tv.nowPlaying}</Text>}
      {minors && <Text style={look.cardLine} data-line='minors'>{minors}</Text>}
      {stuck && (
        <View className='elder-button' style={{ ...look.button, ...look.buttonGap }} role='button' hoverClass='elder-pressed' data-action='resync' onClick={() => model.resync()}>
          <Text>{t.tv.retry}</Text>
        </View>
      )}
    </View>
  )
}

export default observer(ElderTvCard)
