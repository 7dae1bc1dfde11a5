import { useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import { toastProblem } from '../../platform/feedback'
import { canScan, scanText } from '../../platform/scan'
import { PAIR_CODE_DIGITS, parseBindQr } from '../../protocol/pairing'
import { devices as t } from '../../strings'
import './devices.scss'

interface Props {
  busy: boolean
  onBind: (mac: string, name: string, pairCode: string) => Promise<boolean>
}

/**
 * Bind a TV: its mac, an optional name, and the pairing code the TV shows (always needed: binding
 * proves presence at the TV). On weapp, scanning the TV's QR code fills the mac and the code.
 */
export default function BindForm({ busy, onBind }: Props) {
  const [mac, setMac] = useState('')
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const submit = async () => {
    if (await onBind(mac, name, code)) {
      setMac('')
      setName('')
      setCode('')
    }
  }
  const scan = async () => {
    let text: string | null
    try {
      text = await scanText()
    } catch {
      return toastProblem(t.scanFailed)
    }
    if (text === null) return
    const read = parseBindQr(text)
    if (!read) return toastProblem(t.scanUnreadable)
    setMac(read.mac)
    setCode(read.code ?? '')
  }
  return (
    <View className='bind-form'>
      <Text className='bind-form__title'>{t.bindAction}</Text>
      {canScan && (
        <ActionButton kind='secondary' size='block' className='bind-form__scan' disabled={busy} onClick={() => void scan()}>{t.scanAction}</ActionButton>
      )}
      <Input className='bind-form__input' value={mac} placeholder={t.macPlaceholder} maxlength={23} onInput={(e) => setMac(e.detail.value)} />
      <Input className='bind-form__input' value={name} placeholder={t.namePlaceholder} maxlength={16} onInput={(e) => setName(e.detail.value)} />
      <Input className='bind-form__input bind-form__code' type='number' value={code} placeholder={t.pairCodePlaceholder} maxlength={PAIR_CODE_DIGITS} onInput={(e) => setCode(e.detail.value)} />
      <ActionButton kind='primary' size='block' className='bind-form__submit' disabled={busy || !mac.trim() || !code.trim()} onClick={submit}>{t.bindAction}</ActionButton>
    </View>
  )
}
