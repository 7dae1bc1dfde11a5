import { observer } from 'mobx-react'
import { useEffect, useState } from 'react'
import { useDidShow, useRouter, useShareAppMessage } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import { FamilyPanel, DeviceItem, BindForm, UnbindPassword, familyOf } from '../../features/devices'
import { param, urlOf } from '../../navigation'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { LoginCard } from '../../features/account'
import { useStores } from '../../stores/app/context'
import type { Device } from '../../protocol/contract/models'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { routeOf } from '../../routes'
import { devices as t, titles } from '../../strings'
import { family as f } from '../../strings/locks'
import '../../features/locks/locks.scss'
import '../../features/devices/devices.scss'
import { afterTaskAction } from '../../features/points'

/**
 * My TVs: bound TVs with their state; switch the current one, rename, bind a new one, unbind; the
 * family members of each TV, and an invitation someone opened (?invite=code).
 */
function MyTv() {
  const root = useStores()
  const { devices, tv, user, tracker } = root
  const family = familyOf(root)
  const invite = param(useRouter().params, 'invite')
  /** The TV whose unbind waits for its lock password, and why (the gateway's answer). */
  const [unbindAsk, setUnbindAsk] = useState<{ familyId: string; message: string } | null>(null)
  useDidShow(() => {
    tracker.pageView(routeOf['my-tv'], {})
    void devices.load().then(() => {
      // the open family panel follows the list (a TV this user lost closes it)
      const open = devices.devices.find((d) => d.familyId === family.familyId)
      void family.open(open ?? null)
    })
  })
  useEffect(() => {
    void family.loadIncoming(invite)
  }, [invite, family])
  useShareAppMessage(() => {
    root.markSharing()
    const inv = family.invitation
    const name = devices.devices.find((d) => d.familyId === inv?.familyId)?.deviceName ?? ''
    return inv ? { title: f.inviteTitle(name), path: urlOf('my-tv', { invite: inv.code }) } : { title: titles.myTv, path: urlOf('index') }
  })

  const report = (res: { ok: boolean; message: string }) => {
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
    return res.ok
  }
  const bind = async (mac: string, name: string, pairCode: string) => {
    const res = await devices.bind(mac, name, pairCode)
    if (res.ok) afterTaskAction(root, 'bind')
    return report(res)
  }
  const unbind = async (d: Device) => {
    if (!(await confirmDialog(t.unbindAction, t.unbindConfirm(d.deviceName)))) return
    const res = await devices.unbind(d)
    if (res.needsPassword) setUnbindAsk({ familyId: d.familyId, message: res.message })
    else report(res)
  }
  const unbindWithPassword = async (d: Device, password: string) => {
    const res = await devices.unbind(d, password)
    if (res.ok) {
      setUnbindAsk(null)
      report(res)
    }
    return res
  }

  const incoming = family.incoming.value
  const inviteCard = invite && (incoming || family.incoming.error) ? (
    <View className='invite-card'>
      <Text className='locks__title'>{f.invitation}</Text>
      {incoming && incoming.status === 'open' ? (
        <>
          <Text className='invite-card__text'>{f.invitationFrom(incoming.ownerNickName, incoming.ownerPhone, incoming.deviceName)}</Text>
          {user.user ? (
            <View className='family__row'>
              <ActionButton kind='primary' className='invite-card__accept' disabled={family.busy} onClick={async () => report(await family.acceptIncoming())}>{f.accept}</ActionButton>
              <ActionButton onClick={() => family.declineIncoming()}>{f.decline}</ActionButton>
            </View>
          ) : (
            <Text className='invite-card__text'>{f.invitationLogin}</Text>
          )}
        </>
      ) : (
        <Text className='invite-card__text'>{f.invitationExpired}</Text>
      )}
    </View>
  ) : null

  if (!user.user) {
    return (
      <PageShell title={titles.myTv}>
        {inviteCard}
        <LoginCard className='device-login' />
      </PageShell>
    )
  }
  const list = devices.list
  const status = list.status === 'idle' || (list.status === 'loading' && !list.value) ? 'loading' : list.status === 'error' || list.status === 'offline' ? list.status : 'ready'
  const current = devices.current

  return (
    <PageShell title={titles.myTv} status={status} statusText={list.error || undefined} onAction={() => void devices.load()}>
      <View className='devices'>
        {inviteCard}
        {devices.notice && (
          <View className='family-notice' onClick={() => devices.dismissNotice()}>
            <Text>{devices.notice}</Text>
          </View>
        )}
        {devices.devices.length === 0 && <View className='device device--empty'>{t.empty}</View>}
        {devices.devices.map((d) => (
          <DeviceItem
            key={d.familyId}
            device={d}
            current={current?.familyId === d.familyId}
            state={tv.linkState}
            stateLabel={tv.stateLabel}
            busy={devices.busy}
            onSwitch={async () => {
              tracker.click(routeOf['my-tv'], t.switchAction, { mac: d.mac })
              report(await devices.switchTo(d))
            }}
            onRename={async (name) => report(await devices.rename(d, name))}
            onUnbind={() => void unbind(d)}
            familyOpen={family.familyId === d.familyId}
            onFamily={() => {
              tracker.click(routeOf['my-tv'], f.show, { mac: d.mac })
              void family.open(family.familyId === d.familyId ? null : d)
            }}
          >
            {unbindAsk?.familyId === d.familyId && (
              <UnbindPassword message={unbindAsk.message} busy={devices.busy} onSubmit={(password) => unbindWithPassword(d, password)} onCancel={() => setUnbindAsk(null)} />
            )}
            {family.familyId === d.familyId && <FamilyPanel device={d} />}
          </DeviceItem>
        ))}
        <BindForm busy={devices.busy} onBind={bind} />
      </View>
    </PageShell>
  )
}

export default definePage(observer(MyTv), titles.myTv)
