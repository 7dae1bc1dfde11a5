import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import ActionButton from '../../components/ActionButton'
import LoginCard from '../../features/account/LoginCard'
import { useStores } from '../../stores/context'
import { usePageData } from '../../components/PageShell/usePageData'
import { confirmDialog, toastDone } from '../../platform/feedback'
import { goHome } from '../../navigation'
import { routeOf } from '../../routes'
import { maskPhone } from '../../lib/phone'
import { personal as t, titles } from '../../strings'
import '../../features/personal/personal.scss'
import { definePage } from '../../components/PageBoundary'

/** 个人信息 (v5.0/userInfo): the user's details, read-only; log out after a confirm. */
function MyInfo() {
  const root = useStores()
  const { api, user, tracker } = root
  const uid = user.user?.uid ?? ''
  const load = () => api.userCenter.userInfoV5({ uid })
  const info = usePageData(uid, load, (v: Awaited<ReturnType<typeof load>>) => !v?.uid)
  useDidShow(() => tracker.pageView(routeOf['my-info'], {}))

  if (!user.user) {
    return (
      <PageShell title={titles.myInfo}>
        <LoginCard className='my-login' />
      </PageShell>
    )
  }
  const logout = async () => {
    if (!(await confirmDialog(t.logout, t.logoutConfirm))) return
    tracker.click(routeOf['my-info'], t.logout)
    root.logout()
    toastDone(t.loggedOut)
    goHome()
  }
  const v = info.value
  const f = t.infoFields
  const rows: Array<[string, string]> = v
    ? [[f.nickName, v.nickName], [f.phone, maskPhone(v.phone)], [f.uid, v.uid], [f.points, String(v.points)], [f.deviceCount, t.deviceCount(v.deviceCount)]]
    : []
  return (
    <PageShell title={titles.myInfo} state={info} onRetry={() => void info.run(load)}>
      <View className='my-home'>
        <View className='my-entries'>
          {rows.map(([label, value]) => (
            <View key={label} className='pinfo__row'>
              <Text>{label}</Text>
              <Text className='pinfo__value'>{value}</Text>
            </View>
          ))}
        </View>
      </View>
      <ActionButton kind='danger' size='block' className='plogout' onClick={() => void logout()}>{t.logout}</ActionButton>
    </PageShell>
  )
}

export default definePage(observer(MyInfo), titles.myInfo)
