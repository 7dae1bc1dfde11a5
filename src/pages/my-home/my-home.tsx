import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { OperatorImages } from '../../features/operator'
import { FollowCard } from '../../features/follow'
import { LoginCard } from '../../features/account'
import { personalEntries } from '../../features/personal'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { maskPhone } from '../../lib/phone'
import { common, personal as t, titles } from '../../strings'
import '../../features/personal/personal.scss'
import { definePage } from '../../components/PageBoundary'
import Img from '../../components/Img'
import { elderOf } from '../../features/elder'
import { truncateText } from '../../lib/text'

/** SPEC 5 width (Chinese 2) of the name beside the avatar: 12 Chinese characters (names up to 20). */
const NAME_WIDTH = 24

/** 我的: who is logged in (or the login invitation), the current TV, and the entries of the personal area. */
function MyHome() {
  const root = useStores()
  const { user, devices, tv, tracker } = root
  useDidShow(() => {
    tracker.pageView(routeOf['my-home'], {})
    if (user.user && devices.list.status !== 'loading') void devices.load()
  })
  const u = user.user
  const device = devices.current
  // 长辈版 shows no promotion: no operator banner, no 关注公众号 card
  const elder = elderOf(root).on
  const tvLine = !u ? '' : device ? `${device.deviceName} · ${tv.stateLabel}` : devices.list.loading ? common.loading : t.noTv

  return (
    <PageShell title={titles.myHome}>
      <View className='my-home'>
        {!elder && <OperatorImages position='my-top' page={routeOf['my-home']} />}
        {!elder && <FollowCard />}
        {u ? (
          <View className='my-profile' onClick={() => go('my-info')} hoverClass='my-profile--pressed'>
            {u.faceImg ? <Img className='my-profile__avatar' src={u.faceImg} mode='aspectFill' alt={t.avatarAlt} /> : <View className='my-profile__avatar' />}
            <View className='my-profile__text'>
              <Text className='my-profile__name'>{truncateText(u.nickName, NAME_WIDTH)}</Text>
              <Text className='my-profile__phone'>{maskPhone(u.phone)}</Text>
            </View>
          </View>
        ) : (
          <LoginCard className='my-login' />
        )}
        {u && (
          <View className='my-tvline' onClick={() => go('my-tv')} hoverClass='my-entry-row--pressed'>
            <Text className='my-tvline__label'>{t.currentTv}</Text>
            <Text className='my-tvline__value'>{tvLine}</Text>
          </View>
        )}
        <View className='my-entries'>
          {personalEntries().map((e) => (
            <View
              key={e.key}
              className='my-entry-row'
              hoverClass='my-entry-row--pressed'
              role='link'
              data-entry={e.key}
              onClick={() => {
                tracker.click(routeOf['my-home'], e.label)
                go(e.page, e.query)
              }}
            >
              <Text className='my-entry-row__label'>{e.label}</Text>
              {e.needsLogin && !u && <Text className='my-entry-row__hint'>{t.needLogin}</Text>}
              <View className='my-entry-row__arrow' />
            </View>
          ))}
        </View>
      </View>
    </PageShell>
  )
}

export default definePage(observer(MyHome), titles.myHome)
