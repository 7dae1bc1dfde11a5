import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import DeviceItem from '../../features/devices/DeviceItem'
import BindForm from '../../features/devices/BindForm'
import LoginCard from '../../features/account/LoginCard'
import { useStores } from '../../stores/context'
import type { Device } from '../../protocol/contract/models'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { routeOf } from '../../routes'
import { devices as t, titles } from '../../strings'
import '../../features/devices/devices.scss'
import { afterTaskAction } from '../../features/points/taskActions'

/** My TVs: bound TVs with their state; switch the current one, rename, bind a new one, unbind. */
function MyTv() {
  const root = useStores()
  const { devices, tv, user, tracker } = root
  useDidShow(() => {
    tracker.pageView(routeOf['my-tv'], {})
    void devices.load()
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
    report(await devices.unbind(d))
  }

  if (!user.user) {
    return (
      <PageShell title={titles.myTv}>
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
        <BindForm busy={devices.busy} onBind={bind} />
      </View>
    </PageShell>
  )
}

export default definePage(observer(MyTv), titles.myTv)
