import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { LoginCard } from '../../../features/account'
import { formatRecordTime, signedPoints, LEDGER_KINDS, LedgerModel, type LedgerKind } from '../../../features/points'
import { useStores } from '../../../stores/app/context'
import { routeOf } from '../../../routes'
import { points as t, titles } from '../../../strings'
import { pointsCentre as c } from '../../../strings/pointsCentre'
import '../../../features/points/points.scss'
import { definePage } from '../../../components/PageBoundary'

const KIND_LABEL: Record<LedgerKind, string> = { all: c.filterAll, income: c.filterIncome, spent: c.filterSpent }

/** The points ledger (userPointsRecord/listUserPointsRecord): all / income / spent, page by page. */
function PointsList() {
  const { api, tracker, session } = useStores()
  const uid = session.uid
  const model = useMemo(() => new LedgerModel(api.activity, () => uid), [api, uid])
  useEffect(() => {
    if (uid) void model.load()
  }, [model, uid])
  useDidShow(() => tracker.pageView(routeOf['points-list'], {}))

  if (!uid) return <PageShell title={titles.pointsList} status='empty' statusText={t.needLogin} header={<LoginCard />} />

  const list = model.list
  const status = list.status === 'idle' ? 'loading' : list.status
  const footer = list.loadingMore ? t.loadMore : list.moreError ? t.loadMoreFailed(list.moreError) : list.hasMore ? '' : t.noMore
  return (
    <PageShell
      title={titles.pointsList}
      status={status}
      statusText={status === 'empty' ? c.emptyLedger : list.error || undefined}
      onAction={status === 'error' || status === 'offline' ? () => void list.loadFirst() : undefined}
      onScrollToLower={() => void list.loadMore()}
      header={
        <View className='points-filter'>
          {LEDGER_KINDS.map((k) => (
            <Text key={k} className={`points-filter__tab${model.kind === k ? ' points-filter__tab--on' : ''}`} onClick={() => void model.setKind(k)}>
              {KIND_LABEL[k]}
            </Text>
          ))}
        </View>
      }
    >
      {list.items.map((r) => (
        <View key={r.recordId} className='ledger-line'>
          <View className='ledger-line__info'>
            <Text className='ledger-line__reason'>{r.reason}</Text>
            <Text className='ledger-line__time'>{formatRecordTime(r.createdAt)}</Text>
          </View>
          <Text className={`ledger-line__points${r.points < 0 ? ' ledger-line__points--spent' : ''}`}>{signedPoints(r.points)}</Text>
        </View>
      ))}
      <Text className='points-footer' onClick={() => list.moreError && void list.loadMore()}>{footer}</Text>
    </PageShell>
  )
}

export default definePage(observer(PointsList), titles.pointsList)