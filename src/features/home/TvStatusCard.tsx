import { lazy, Suspense } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { LoginCard } from '../account'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { toastDone, toastProblem } from '../../platform/feedback'
import { formatTvMac } from '../../protocol/mac'
import { home as h, login as l, tv as t } from '../../strings'
import { minorsStatusOf } from '../../stores/app/minorsStatusStore'
import './home.scss'

/** Line 2 (who did what) loads after first paint: it shows only once the TV is online. */
const SharedTvLine = lazy(() => import('./SharedTvLine'))

interface Props {
  onRemote: () => void
}

/** The TV at a glance: name, online / connecting / offline, resync, switch TV, remote. */
function TvStatusCard({ onRemote }: Props) {
  const root = useStores()
  const { tv, devices, user } = root
  const device = devices.current
  if (!user.user) return <LoginCard className='tv-card--login' />
  if (!device && (devices.list.status === 'idle' || devices.list.loading)) {
    // The bound TVs are on their way: neither "no TV" nor an error yet.
    return (
      <View className='tv-card tv-card--empty tv-card--sized' aria-busy>
        <Text className='tv-card__hint'>{l.loadingDevices}</Text>
      </View>
    )
  }
  if (!device) {
    return (
      <View className='tv-card tv-card--empty guide-tv-card' onClick={() => go('my-tv')} hoverClass='tv-card--pressed'>
        <Text className='tv-card__name'>{t.noDevice}</Text>
        <Text className='tv-card__link'>{h.bindTv}</Text>
      </View>
    )
  }
  const resync = () => {
    const res = tv.resync()
    if (res.ok) toastDone(t.resyncSent)
    else toastProblem(res.message)
  }
  return (
    <View className={`tv-card tv-card--${tv.linkState} tv-card--sized guide-tv-card`}>
      <View className='tv-card__head'>
        <View className='tv-card__screen'>
          <View className='tv-card__dot' />
        </View>
        <View className='tv-card__info'>
          <Text className='tv-card__name'>{device.deviceName}</Text>
          <Text className='tv-card__state' data-state={tv.linkState}>
            {tv.stateLabel}
            {tv.linkState !== 'online' && tv.lastError ? ` · ${tv.lastError}` : ''}
          </Text>
          <Text className='tv-card__mac'>{formatTvMac(device.mac)}</Text>
          {/* line 1: what the TV is playing; line 2 is the shared TV's "who did what" */}
          {tv.nowPlaying !== '' && (
            <Text className='tv-card__playing' data-line='playing'>
              {tv.nowPlaying}
            </Text>
          )}
          <Suspense fallback={null}>
            <SharedTvLine />
          </Suspense>
          {/* minors' mode, "今日已看 35/60 分钟", why plays are refused, whether the TV enforces */}
          <MinorsLine status={minorsStatusOf(root)} />
        </View>
      </View>
      <View className='tv-card__actions'>
        <View className='tv-card__action' hoverClass='tv-card__action--pressed' onClick={resync}>{t.resync}</View>
        <View className='tv-card__action guide-switch-tv' hoverClass='tv-card__action--pressed' onClick={() => go('my-tv')}>{t.switchTv}</View>
        <View className='tv-card__action tv-card__action--primary guide-remote' hoverClass='tv-card__action--pressed' onClick={onRemote}>{h.remote}</View>
      </View>
    </View>
  )
}

/** The card's minors' mode line ('' while the mode is off). */
const MinorsLine = observer(function MinorsLine({ status }: { status: ReturnType<typeof minorsStatusOf> }) {
  const line = status.cardLine()
  return line ? (
    <Text className={`tv-card__mac${status.reason() ? ' tv-card__minors--stop' : ''}`} data-line='minors'>
      {line}
    </Text>
  ) : null
})

export default observer(TvStatusCard)
