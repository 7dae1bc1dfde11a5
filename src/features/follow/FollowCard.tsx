import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { OfficialAccount, Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { followOf } from './store/followStore'
import { isWeapp } from '../../platform/launch'
import { env } from '../../config/env'
import { follow as t } from '../../strings/follow'
import { routeOf } from '../../routes'
import './follow.scss'

/**
 * 我的's 关注公众号 card (mc/mp/checkFollow): what following gives, then WeChat's official-account
 * component (allowed launch scenes, linked account) or how to find the account; closable for 7 days.
 * Nothing on H5, nothing when followed.
 */
function FollowCard() {
  const root = useStores()
  const follow = followOf(root)
  const uid = root.session.uid
  useEffect(() => {
    if (isWeapp && uid) void follow.load(uid)
  }, [follow, uid])
  if (!isWeapp || !follow.visible) return null
  return (
    <View className='follow-card' data-testid='follow-card'>
      <View className='follow-card__head'>
        <Text className='follow-card__title'>{t.title}</Text>
        <Text
          className='follow-card__close'
          data-action='follow-close'
          onClick={() => {
            root.tracker.click(routeOf['my-home'], t.close)
            follow.close()
          }}
        >
          {t.close}
        </Text>
      </View>
      <Text className='follow-card__text'>{t.gives}</Text>
      {follow.mode === 'component' ? <OfficialAccount /> : <Text className='follow-card__howto'>{t.howto(env.officialAccountName)}</Text>}
    </View>
  )
}

export default observer(FollowCard)
