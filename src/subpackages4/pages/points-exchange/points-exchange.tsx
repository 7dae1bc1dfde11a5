import { useEffect, useMemo, useRef } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import Img from '../../../components/Img'
import { LoginCard } from '../../../features/account'
import { prizeContext, PrizeCatalogueModel, standingText } from '../../../features/prizes'
import { useStores } from '../../../stores/app/context'
import { go } from '../../../navigation'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { prizes as t } from '../../../strings/prizes'
import '../../../features/prizes/prizes.scss'
import { definePage } from '../../../components/PageBoundary'

/** The prize catalogue (v2/activity/prize): cost, stock and whether the user can exchange each; the user's value-added products (v3/cloudpay/inquiry). */
function PointsExchange() {
  const root = useStores()
  const { api, points, tracker, session } = root
  const uid = session.uid
  // the value-added products are the current TV's: read again once the TVs are known
  const mac = root.devices.curMac
  const model = useMemo(() => new PrizeCatalogueModel(api.valueAdded, prizeContext(root)), [api, root])
  const shown = useRef(false)
  useEffect(() => {
    if (uid) void model.load()
  }, [model, uid, mac])
  useDidShow(() => {
    // back from an exchange: stock, standing and balance as they are now
    if (shown.current && uid) void model.load()
    shown.current = true
    tracker.pageView(routeOf['points-exchange'], {})
  })

  if (!uid) return <PageShell title={titles.pointsExchange} status='empty' statusText={t.needLogin} header={<LoginCard />} />

  const balance = points.balance
  return (
    <PageShell
      title={titles.pointsExchange}
      state={model.catalogue}
      emptyText={t.emptyCatalogue}
      onRetry={() => void model.load()}
      header={
        <View className='prize-balance'>
          <Text className='prize-balance__points'>{balance === null ? '' : t.myBalance(balance)}</Text>
          <Text className='prize-balance__link' onClick={() => go('points-my-prize')}>{t.entryMyPrize}</Text>
        </View>
      }
    >
      {model.products.status === 'ready' && (
        <View className='prize-products'>
          <Text className='prize-products__title'>{t.products}</Text>
          {model.ordered.length === 0
            ? <Text>{t.noProducts}</Text>
            : model.ordered.map((p) => <Text key={p.productId} className='prize-products__item'>{t.productOrdered(p.name)}</Text>)}
        </View>
      )}
      <View className='prize-grid'>
        {model.prizes.map(({ prize, standing }) => (
          <View key={prize.prizeId} className='prize-card' data-prize={prize.prizeId} data-standing={standing.kind} onClick={() => go('points-exchange-detail', { prizeId: prize.prizeId })}>
            <View className='prize-card__inner'>
              <Img className='prize-card__image' src={prize.image} mode='aspectFill' lazyLoad alt={prize.name} />
              <View className='prize-card__body'>
                <Text className='prize-card__name'>{prize.name}</Text>
                <Text className='prize-card__meta'>{`${t.kind[prize.kind]} · ${t.stock(prize.stock)}`}</Text>
                <Text className='prize-card__cost'>{t.cost(prize.points)}</Text>
                <Text className={`prize-card__standing${standing.kind === 'ok' ? ' prize-card__standing--ok' : ''}`}>
                  {standing.kind === 'ok' ? t.canAfford : standingText(standing)}
                </Text>
              </View>
            </View>
          </View>
        ))}
      </View>
    </PageShell>
  )
}

export default definePage(observer(PointsExchange), titles.pointsExchange)
