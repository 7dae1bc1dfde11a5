import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { useStores } from '../../../stores/app/context'
import { RulesModel } from '../../../features/points'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { pointsCentre as c } from '../../../strings/pointsCentre'
import '../../../features/points/points.scss'
import { definePage } from '../../../components/PageBoundary'

/** The rules of the current activity and its validity dates, as the gateway serves them. */
function ActivityRules() {
  const { api, tracker } = useStores()
  const model = useMemo(() => new RulesModel(api.other), [api])
  useEffect(() => {
    void model.load()
  }, [model])
  useDidShow(() => tracker.pageView(routeOf['activity-rules'], {}))
  const r = model.rules.value
  const validity = r?.validFrom ? (r.validTo ? c.validity(r.validFrom, r.validTo) : c.validFromOnly(r.validFrom)) : ''
  return (
    // status and error read here: PageShell is not an observer, this page is
    <PageShell title={r?.title || titles.activityRules} state={{ status: model.rules.status, error: model.rules.error }} emptyText={c.noRules} onRetry={() => void model.load()}>
      {r && (
        <View className='points-card rules'>
          {validity && <Text className='rules__validity'>{validity}</Text>}
          {model.lines.map((line, i) => (
            <Text key={i} className='rules__line'>{line}</Text>
          ))}
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(ActivityRules), titles.activityRules)