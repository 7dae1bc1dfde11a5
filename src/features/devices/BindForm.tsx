import { useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import { devices as t } from '../../strings'
import './devices.scss'

interface Props {
  busy: boolean
  onBind: (mac: string, name: string) => Promise<boolean>
}

export default function BindForm({ busy, onBind }: Props) {
  const [mac, setMac] = useState('')
  const [name, setName] = useState('')
  const submit = async () => {
    if (await onBind(mac, name)) {
      setMac('')
      setName('')
    }
  }
  return (
    <View className='bind-form'>
      <Text className='bind-form__title'>{t.bindAction}</Text>
      <Input className='bind-form__input' value={mac} placeholder={t.macPlaceholder} maxlength={23} onInput={(e) => setMac(e.detail.value)} />
      <Input className='bind-form__input' value={name} placeholder={t.namePlaceholder} maxlength={16} onInput={(e) => setName(e.detail.value)} />
      <ActionButton kind='primary' size='block' className='bind-form__submit' disabled={busy || !mac.trim()} onClick={submit}>{t.bindAction}</ActionButton>
    </View>
  )
}
