import { useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import PresenceLine from './PresenceLine'
import { useStores } from '../../stores/app/context'
import { familyOf } from './store/familyStore'
import type { Device, FamilyMember } from '../../protocol/contract/models'
import type { ActionResult } from '../../stores/kit/write'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { copyText, sharesByCard, shareLink } from '../../platform/share'
import { urlOf } from '../../navigation'
import { common } from '../../strings'
import { family as t } from '../../strings/locks'
import '../locks/locks.scss'
import { truncateText } from '../../lib/text'

/** The members of one TV (owner and members marked); the owner adds, invites, removes; a member leaves. */
function FamilyPanel({ device }: { device: Device }) {
  const root = useStores()
  const { session } = root
  const family = familyOf(root)
  const [phone, setPhone] = useState('')
  const me = session.uid
  const report = (res: ActionResult) => {
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
    return res.ok
  }
  const remove = async (m: FamilyMember) => {
    if (!(await confirmDialog(t.remove, t.removeConfirm(m.nickName)))) return
    report(await family.remove(m))
  }
  const leave = async () => {
    if (!(await confirmDialog(t.leave, t.leaveConfirm(device.deviceName)))) return
    report(await family.leave(device))
  }
  const invite = async () => {
    const res = await family.createInvitation()
    if (!res.ok || sharesByCard) return report(res)
    const link = shareLink(urlOf('my-tv', { invite: family.invitation?.code }))
    report((await copyText(link)) ? { ok: true, message: t.inviteCopied } : res)
  }
  const members = family.members.value ?? []
  const cust = family.cust.value
  const inv = family.invitation
  return (
    <View className='family' data-family={device.familyId}>
      <Text className='locks__title'>{t.title}</Text>
      {cust && <Text className='family__line'>{t.line(cust.custName, cust.city)}</Text>}
      {family.members.loading && members.length === 0 && <Text className='family__line'>{common.loading}</Text>}
      {family.members.error && <Text className='family__line'>{family.members.error}</Text>}
      {members.length > 0 && <PresenceLine device={device} />}
      {members.map((m) => (
        <View key={m.uid} className='family__member' data-member={m.uid} data-role={m.role}>
          <Text className='family__name'>{`${truncateText(m.nickName, 16)} ${m.phone}${m.uid === me ? t.me : ''}`}</Text>
          <Text className='family__role'>{m.role === 'owner' ? t.owner : t.member}</Text>
          {family.isOwner && m.role !== 'owner' && (
            <ActionButton kind='danger' className='family__remove' disabled={family.busy} onClick={() => void remove(m)}>{t.remove}</ActionButton>
          )}
        </View>
      ))}
      {family.isOwner ? (
        <>
          <Input className='bind-form__input' type='number' maxlength={11} value={phone} placeholder={t.phonePlaceholder} onInput={(e) => setPhone(e.detail.value)} />
          <View className='family__row'>
            <ActionButton kind='primary' className='family__add' disabled={family.busy || !phone} onClick={async () => { if (report(await family.addByPhone(phone))) setPhone('') }}>{t.addByPhone}</ActionButton>
            <ActionButton className='family__invite' disabled={family.busy} onClick={() => void invite()}>{t.invite}</ActionButton>
          </View>
          {inv && sharesByCard && <Button className='action-btn action-btn--primary action-btn--block family__share' openType='share'>{t.shareButton}</Button>}
          {inv && !sharesByCard && <Text className='family__line' data-invite={inv.code} userSelect>{`${t.inviteLink}：${shareLink(urlOf('my-tv', { invite: inv.code }))}`}</Text>}
        </>
      ) : (
        members.length > 0 && (
          <View className='family__row'>
            <ActionButton kind='danger' className='family__leave' disabled={family.busy} onClick={() => void leave()}>{t.leave}</ActionButton>
          </View>
        )
      )}
    </View>
  )
}

export default observer(FamilyPanel)
