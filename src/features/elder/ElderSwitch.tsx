import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { settings as t } from '../../strings/settings'
import { elderOf } from './store/elderStore'
import './elderSwitch.scss'

/**
 * 设置's 长辈版 switch: one tap either way, remembered for this user. The line under it says which
 * version home is now and stays (no toast that leaves by itself).
 */
function ElderSwitch() {
  const elder = elderOf(useStores())
  const on = elder.on
  return (
    <View className='elder-switch' role='switch' aria-checked={on} aria-label={t.switchLabel} data-testid='elder-switch' onClick={() => elder.toggle()}>
      <View className='elder-switch__text'>
        <Text className='elder-switch__label'>{t.switchLabel}</Text>
        <Text className='elder-switch__hint'>{t.switchHint}</Text>
        <Text className='elder-switch__state' data-state={on ? 'on' : 'off'}>{on ? t.nowElder : t.nowStandard}</Text>
      </View>
      <View className={`elder-switch__track${on ? ' elder-switch__track--on' : ''}`} aria-hidden>
        <View className='elder-switch__thumb' />
      </View>
    </View>
  )
}

export default observer(ElderSwitch)
