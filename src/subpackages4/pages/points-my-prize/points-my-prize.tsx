import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import Img from '../../../components/Img'
import { LoginCard } from '../../../features/account'
import { formatRecordTime } from '../../../features/points'
import { prizeContext, MyPrizesModel, type PrizeTab } from '../../../features/prizes'
import { useStores } from '../../../stores/app/context'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { prizes as t } from '../../../strings/prizes'
import '../../../features/prizes/prizes.scss'
import { definePage } from '../../../components/PageBoundary'

const TABS: ReadonlyArray<[PrizeTab, string]> = [['prizes', t.tabPrizes], ['coupons', t.tabCoupons]]

/** The prizes the user exchanged (with their delivery state) and the coupons they hold (v3/cloudpay/coupon): unused, used or expired. */
function PointsMyPrize() {
  const root = useStores()
  const { api, tracker, session } = root
  const uid = session.uid
  const model = useMemo(() => new MyPrizesModel(api.valueAdded, prizeContext(root)), [api, root])
  useEffect(() => {
    if (uid) void model.load()
  }, [model, uid])
  useDidShow(() => tracker.pageView(routeOf['points-my-prize'], {}))

  if (!uid) return <PageShell title={titles.pointsMyPrize} status='empty' statusText={t.needLogin} header={<LoginCard />} />

  return (
    <PageShell
      title={titles.pointsMyPrize}
      state={model.current}
      emptyText={model.tab === 'prizes' ? t.emptyPrizes : t.emptyCoupons}
      onRetry={() => void model.load()}
      header={
        <View className='prize-tabs'>
          {TABS.map(([key, label]) => (
            <Text key={key} className={`prize-tabs__tab${model.tab === key ? ' prize-tabs__tab--on' : ''}`} onClick={() => model.setTab(key)}>{label}</Text>
          ))}
        </View>
      }
    >
      {model.tab === 'prizes'
        ? (model.awards.value ?? []).map((a) => (
            <View key={a.awardId} className='my-prize my-prize--award' data-award={a.prizeId} data-status={a.status}>
              <Img className='my-prize__image' src={a.image} mode='aspectFill' alt={a.name} />
              <View className='my-prize__body'>
                <Text className='my-prize__name'>{a.name}</Text>
                <Text className='my-prize__meta'>{t.spent(a.points)}</Text>
                <Text className='my-prize__meta'>{t.exchangedAt(formatRecordTime(a.createdAt))}</Text>
              </View>
              <Text className={`my-prize__status my-prize__status--${a.status}`}>{t.awardStatus[a.status]}</Text>
            </View>
          ))
        : model.sortedCoupons.map((c) => (
            <View key={c.couponId} className={`my-prize my-prize--coupon my-prize--${c.status}`} data-status={c.status}>
              <Text className='my-prize__amount'>{t.couponAmount(c.amount)}</Text>
              <View className='my-prize__body'>
                <Text className='my-prize__name'>{c.name}</Text>
                <Text className='my-prize__meta'>{t.validUntil(formatRecordTime(c.expireAt).slice(0, 10))}</Text>
              </View>
              <Text className={`my-prize__status my-prize__status--${c.status}`}>{t.couponStatus[c.status]}</Text>
            </View>
          ))}
    </PageShell>
  )
}

export default definePage(observer(PointsMyPrize), titles.pointsMyPrize)
