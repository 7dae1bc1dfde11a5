import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import ProgramGrid from '../../../features/program/ProgramGrid'
import { useStores } from '../../../stores/context'
import { shellProps, usePageData } from '../../../stores/usePageData'
import { go, param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { lists as t, program as p, titles } from '../../../strings'
import '../../../features/program/lists.scss'

/** A cast person: profile and works (epg/cast/getCastPersonInfo). */
function DetailCast() {
  const { api, tracker } = useStores()
  const { params } = useRouter()
  const castId = param(params, 'castId')
  const load = () => api.epg.getCastPersonInfo({ castId })
  const data = usePageData(castId, load, (v) => !v?.castId)
  useDidShow(() => tracker.pageView(routeOf['detail-cast'], { castId }))
  const person = data.value
  const shell = castId ? shellProps(data, () => void data.run(load), t.castMissing) : { status: 'empty' as const, statusText: t.castMissing }
  return (
    <PageShell title={person?.name || param(params, 'name') || titles.detailCast} {...shell}>
      {person && (
        <View>
          <View className='cast-hero'>
            <Image className='cast-hero__avatar' src={person.avatar} mode='aspectFill' />
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

export default observer(DetailCast)
