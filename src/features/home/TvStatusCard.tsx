import { useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import type { WeappBridge } from '../../platform/bridge'
import { useStores } from '../../stores/context'
import { go } from '../../navigation'
import { toastDone, toastProblem } from '../../platform/feedback'
import { formatTvMac } from '../../services/mac'
import { home as h, login as l, tv as t } from '../../strings'
import './home.scss'

interface Props {
  onRemote: () => void
}

/** The TV at a glance: name, online / connecting / offline, resync, switch TV, remote. */
function TvStatusCard({ onRemote }: Props) {
  const { tv, devices, user, bridge } = useStores()
  const [tapped, setTapped] = useState(false)
  const device = devices.current
  if (!user.user) {
    const login = async () => {
      if (await user.login()) await devices.load()
      else toastProblem(user.error)
    }
    // WeChat: the phone comes from the getPhoneNumber button (mc/wxa/getSecretPhone), then login;
    // before the first tap there is no "no number" failure to report, only the invitation.
    const weapp = bridge?.kind === 'weapp' ? (bridge as WeappBridge) : null
    const hint = user.loggingIn ? l.loggingIn : (weapp && !tapped ? '' : user.error) || l.notLoggedIn
    return (
      <View className='tv-card tv-card--empty'>
        <Text className='tv-card__hint'>{hint}</Text>
        {weapp ? (
          <Button className='tv-card__login' openType='getPhoneNumber' onGetPhoneNumber={(e) => {
            setTapped(true)
            void weapp.phoneFromButton(e.detail.code).then(login, (err: unknown) => toastProblem(err instanceof Error && err.message ? err.message : l.failed))
          }}>
            {l.getPhone}
          </Button>
        ) : (
          <Text className='tv-card__link' onClick={login}>{l.loginAction}</Text>
        )}
      </View>
    )
  }
  if (!device) {
    return (
      <View className='tv-card tv-card--empty' onClick={() => go('my-tv')} hoverClass='tv-card--pressed'>
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
    <View className={`tv-card tv-card--${tv.linkState}`}>
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
          {tv.online && tv.tvMode.content.playState?.playing && <Text className='tv-card__playing'>{t.playing}</Text>}
        </View>
      </View>
      <View className='tv-card__actions'>
        <View className='tv-card__action' hoverClass='tv-card__action--pressed' onClick={resync}>{t.resync}</View>
        <View className='tv-card__action' hoverClass='tv-card__action--pressed' onClick={() => go('my-tv')}>{t.switchTv}</View>
        <View className='tv-card__action tv-card__action--primary' hoverClass='tv-card__action--pressed' onClick={onRemote}>{h.remote}</View>
      </View>
    </View>
  )
}

export default observer(TvStatusCard)
