import { useState, type ReactNode } from 'react'
import { Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import type { Device } from '../../protocol/contract/models'
import { formatTvMac } from '../../protocol/mac'
import { common, devices as t } from '../../strings'
import { family } from '../../strings/locks'
import './devices.scss'

interface Props {
  device: Device
  current: boolean
  stateLabel: string
  state: string
  busy: boolean
  onSwitch: () => void
  onRename: (name: string) => Promise<boolean>
  onUnbind: () => void
  /** The TV's family members, shown under it when open. */
  familyOpen?: boolean
  onFamily?: () => void
  children?: ReactNode
}

export default function DeviceItem({ device, current, stateLabel, state, busy, onSwitch, onRename, onUnbind, familyOpen, onFamily, children }: Props) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(device.deviceName)
  const save = async () => {
    if (await onRename(name)) setEditing(false)
  }
  return (
    <View className={`device${current ? ' device--current' : ''}`} data-mac={device.mac}>
      <View className='device__main'>
        <View className={`device__dot device__dot--${current ? state : 'idle'}`} />
        <View className='device__info'>
          {editing ? (
            <Input className='device__input' value={name} focus maxlength={16} placeholder={t.renamePlaceholder} onInput={(e) => setName(e.detail.value)} onConfirm={save} />
          ) : (
            <Text className='device__name'>{device.deviceName}</Text>
          )}
          <Text className='device__meta'>{`${t.macLabel} ${formatTvMac(device.mac)}`}</Text>
          <Text className='device__state'>{current ? `${t.current} · ${stateLabel}` : t.notConnected}</Text>
        </View>
      </View>
      <View className='device__actions'>
        {editing ? (
          <>
            <ActionButton onClick={() => { setEditing(false); setName(device.deviceName) }}>{common.cancel}</ActionButton>
            <ActionButton kind='primary' disabled={busy} onClick={save}>{t.save}</ActionButton>
          </>
        ) : (
          <>
            {!current && <ActionButton kind='primary' className='device__switch' disabled={busy} onClick={onSwitch}>{t.switchAction}</ActionButton>}
            <ActionButton disabled={busy} onClick={() => setEditing(true)}>{t.renameAction}</ActionButton>
            {onFamily && <ActionButton className='device__family' onClick={onFamily}>{familyOpen ? family.hide : family.show}</ActionButton>}
            <ActionButton kind='danger' disabled={busy} onClick={onUnbind}>{t.unbindAction}</ActionButton>
          </>
        )}
      </View>
      {children}
    </View>
  )
}
