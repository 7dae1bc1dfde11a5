import { useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import { common, devices as t } from '../../strings'
import { family as f } from '../../strings/locks'
import type { UnbindResult } from '../../stores/app/devicesStore'

interface Props {
  /** Why the password is asked (the gateway's refusal: needed, wrong with tries left, the wait). */
  message: string
  busy: boolean
  onSubmit: (password: string) => Promise<UnbindResult>
  onCancel: () => void
}

/**
 * Under a TV in My TVs: its lock password, asked when the gateway says the unbind needs it (the TV's
 * minors' mode or a lock is on, and unbinding ends them). Stays open until the unbind is done or
 * cancelled; each refusal replaces the line above the field.
 */
export default function UnbindPassword({ message, busy, onSubmit, onCancel }: Props) {
  const [password, setPassword] = useState('')
  const [line, setLine] = useState(message)
  const submit = async () => {
    const res = await onSubmit(password)
    setPassword('')
    if (!res.ok) setLine(res.message)
  }
  return (
    <View className='locks__panel' data-ask='unbind'>
      <Text className='locks__title'>{f.unbindPasswordTitle}</Text>
      <Text className='locks__sub' data-msg>{line}</Text>
      <Input className='bind-form__input locks__input' type='number' password maxlength={4} value={password} placeholder={f.unbindPasswordPlaceholder} onInput={(e) => setPassword(e.detail.value)} onConfirm={() => void submit()} />
      <View className='locks__actions'>
        <ActionButton onClick={onCancel}>{common.cancel}</ActionButton>
        <ActionButton kind='danger' className='unbind__submit' disabled={busy || password.length !== 4} onClick={() => void submit()}>{t.unbindAction}</ActionButton>
      </View>
    </View>
  )
}
