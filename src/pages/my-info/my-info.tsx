import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import ActionButton from '../../components/ActionButton'
import { LoginCard } from '../../features/account'
import { useStores } from '../../stores/app/context'
import { usePageData } from '../../components/PageShell/usePageData'
import { confirmDialog, toastDone, toastProblem } from '../../platform/feedback'
import { createPrivacyPort } from '../../platform/privacy'
import { ProfileEditor, profileOf } from '../../features/personal'
import { profile as p } from '../../strings/profile'
import { goHome } from '../../navigation'
import { routeOf } from '../../routes'
import { maskPhone } from '../../lib/phone'
import { consent, personal as t, titles } from '../../strings'
import '../../features/personal/personal.scss'
import { definePage } from '../../components/PageBoundary'

/**
 * 个人信息 (v5.0/userInfo): the user's details; the nickname and avatar edited in place (after
 * WeChat's privacy authorisation first); log out after a confirm.
 */
function MyInfo() {
  const root = useStores()
  const { api, user, tracker, session } = root
  const uid = session.uid
  const profile = profileOf(root)
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
  const edit = async () => {
    // WeChat: chooseAvatar and the nickname input are privacy APIs: the authorisation comes first
    if (!(await createPrivacyPort().ensure())) return toastProblem(consent.privacyDenied)
    profile.open()
  }
  const v = info.value
  const f = t.infoFields
  const me = user.user
  // the saved nickname shows at once (the Session), the rest as v5.0/userInfo answered
  const rows: Array<[string, string]> = v
    ? [[f.nickName, me.nickName], [f.phone, maskPhone(v.phone)], [f.uid, v.uid], [f.points, String(v.points)], [f.deviceCount, t.deviceCount(v.deviceCount)]]
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
      {profile.editing ? (
        <ProfileEditor model={profile} faceImg={me.faceImg} />
      ) : (
        <ActionButton size='block' className='pedit-open' onClick={() => void edit()}>{p.edit}</ActionButton>
      )}
      <ActionButton kind='danger' size='block' className='plogout' onClick={() => void logout()}>{t.logout}</ActionButton>
    </PageShell>
  )
}

export default definePage(observer(MyInfo), titles.myInfo)
