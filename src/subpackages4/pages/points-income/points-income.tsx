import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { LoginCard } from '../../../features/account'
import { useStores } from '../../../stores/app/context'
import { IncomeModel } from '../../../features/points'
import { routeOf } from '../../../routes'
import { points as t, titles } from '../../../strings'
import { pointsCentre as c } from '../../../strings/pointsCentre'
import '../../../features/points/points.scss'
import { definePage } from '../../../components/PageBoundary'

/** Points income by source and by month: the gateway's sums of the whole ledger, shown as answered. */
function PointsIncome() {
  const { api, tracker, session } = useStores()
  const uid = session.uid
  const model = useMemo(() => new IncomeModel(api.activity, () => uid), [api, uid])
  useEffect(() => {
    if (uid) void model.load()
  }, [model, uid])
  useDidShow(() => tracker.pageView(routeOf['points-income'], {}))

  if (!uid) return <PageShell title={titles.pointsIncome} status='empty' statusText={t.needLogin} header={<LoginCard />} />

  const s = model.summary.value
  return (
    // status and error read here: PageShell is not an observer, this page is
    <PageShell title={titles.pointsIncome} state={{ status: model.summary.status, error: model.summary.error }} emptyText={c.emptyIncome} onRetry={() => void model.load()}>
      {s && (
        <View>
          <View className='points-card income-totals'>
            <View className='income-totals__item'>
              <Text className='income-totals__value income-total'>{String(s.income)}</Text>
              <Text className='income-totals__label'>{c.incomeTotal}</Text>
            </View>
            <View className='income-totals__item'>
              <Text className='income-totals__value spent-total'>{String(s.spent)}</Text>
              <Text className='income-totals__label'>{c.spentTotal}</Text>
            </View>
          </View>
          <View className='points-card income-sources'>
            <Text className='points-card__title'>{c.bySource}</Text>
            {s.bySource.map((x) => (
              <View key={x.source} className='income-row income-source'>
                <Text className='income-row__label'>{x.label}</Text>
                <Text className='income-row__sub'>{c.sourceCount(x.count)}</Text>
                <Text className='income-row__value'>{`+${x.points}`}</Text>
              </View>
            ))}
          </View>
          <View className='points-card income-months'>
            <Text className='points-card__title'>{c.byMonth}</Text>
            {s.byMonth.map((m) => (
              <View key={m.month} className='income-row income-month'>
                <Text className='income-row__label'>{c.monthLabel(m.month)}</Text>
                <Text className='income-row__sub'>{c.monthSpent(m.spent)}</Text>
                <Text className='income-row__value'>{`+${m.income}`}</Text>
              </View>
            ))}
          </View>
          <View className='points-footer' />
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(PointsIncome), titles.pointsIncome)