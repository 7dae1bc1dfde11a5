import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import DeviceItem from '../../features/devices/DeviceItem'
import BindForm from '../../features/devices/BindForm'
import { useStores } from '../../stores/context'
import type { Device } from '../../services/contract/models'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { routeOf } from '../../routes'
import { devices as t, login as l, titles } from '../../strings'
import '../../features/devices/devices.scss'

/** My TVs: bound TVs with their state; switch the current one, rename, bind a new one, unbind. */
function MyTv() {
  const { devices, tv, user, tracker } = useStores()
  useDidShow(() => {
    tracker.pageView(routeOf['my-tv'], {})
    void devices.load()
  })

  const report = (res: { ok: boolean; message: string }) => {
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
    return res.ok
  }
  const unbind = async (d: Device) => {
    if (!(await confirmDialog(t.unbindAction, t.unbindConfirm(d.deviceName)))) return
    report(await devices.unbind(d))
  }

  if (!user.user) {
    return <PageShell title={titles.myTv} status='empty' statusText={user.error || l.notLoggedIn} onAction={() => void user.login().then((ok) => (ok ? devices.load() : toastProblem(user.error)))} actionText={l.loginAction} />
  }
  const list = devices.list
  const status = list.status === 'idle' || (list.status === 'loading' && !list.value) ? 'loading' : list.status === 'error' || list.status === 'offline' ? list.status : 'ready'
  const current = devices.current

  return (
    <PageShell title={titles.myTv} status={status} statusText={list.error || undefined} onAction={() => void devices.load()}>
      <View className='devices'>
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
          />
        ))}
        <BindForm busy={devices.busy} onBind={async (mac, name) => report(await devices.bind(mac, name))} />
      </View>
    </PageShell>
  )
}

export default observer(MyTv)
