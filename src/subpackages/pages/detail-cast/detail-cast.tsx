import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import { definePage } from '../../../components/PageBoundary'
import { ProgramGrid } from '../../../features/program'
import { useStores } from '../../../stores/app/context'
import { usePageData } from '../../../components/PageShell/usePageData'
import { NOTHING } from '../../../stores/kit/loadState'
import { go, param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { lists as t, program as p, titles } from '../../../strings'
import '../../../features/program/lists.scss'
import Img from '../../../components/Img'

/** A cast person: profile and works (epg/cast/getCastPersonInfo). */
function DetailCast() {
  const { api, tracker, childMode } = useStores()
  const { params } = useRouter()
  const castId = param(params, 'castId')
  // child mode (curVersion 0) asks the child channel; a change of the TV's mode loads again
  const load = () => api.epg.getCastPersonInfo({ castId, childMode })
  const data = usePageData(castId && `${castId}:${childMode}`, load, (v) => !v?.castId)
  useDidShow(() => tracker.pageView(routeOf['detail-cast'], { castId }))
  const person = data.value
  return (
    <PageShell title={person?.name || param(params, 'name') || titles.detailCast} state={castId ? data : NOTHING} emptyText={t.castMissing} onRetry={() => void data.run(load)}>
      {person && (
        <View>
          <View className='cast-hero'>
            <Img className='cast-hero__avatar' src={person.avatar} mode='aspectFill' alt={person.name} />
            <View className='cast-hero__text'>
              <Text className='cast-hero__name'>{person.name}</Text>
              <Text className='cast-hero__meta'>{[t.gender[person.gender], person.birthYear ? t.born(person.birthYear) : '', person.area].filter(Boolean).join(' · ')}</Text>
            </View>
          </View>
          {person.biography && <Text className='cast-bio'>{person.biography}</Text>}
          <Text className='list-count'>{`${p.works} · ${person.works.length}`}</Text>
          {person.works.length === 0 ? <Text className='list-count'>{p.noWorks}</Text> : <ProgramGrid cards={person.works} onOpen={(c) => go('detail', { programId: c.programId })} />}
          <View className='home-bottom-gap' />
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(DetailCast), titles.detailCast)
