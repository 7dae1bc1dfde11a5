import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import ProgramGrid from '../../features/program/ProgramGrid'
import { useStores } from '../../stores/context'
import { shellProps, usePageData } from '../../stores/usePageData'
import { go, param } from '../../navigation'
import { routeOf } from '../../routes'
import { lists as t, titles } from '../../strings'
import '../../features/program/lists.scss'

/** A topic (curated list): its poster, description and programs (v2/mobileTopic). */
function ListDetail() {
  const { api, tracker } = useStores()
  const { params } = useRouter()
  const topicId = param(params, 'topicId')
  const load = () => api.desktop.mobileTopic({ topicId })
  const data = usePageData(topicId, load, (v) => !v?.topicId)
  useDidShow(() => tracker.pageView(routeOf['list-detail'], { topicId }))
  const topic = data.value
  const shell = topicId ? shellProps(data, () => void data.run(load), t.topicMissing) : { status: 'empty' as const, statusText: t.topicMissing }
  return (
    <PageShell title={topic?.title || titles.listDetail} {...shell}>
      {topic && (
        <View>
          <View className='list-hero'>
            <Image className='list-hero__image' src={topic.poster} mode='aspectFill' />
            <View className='list-hero__text'>
              <Text className='list-hero__title'>{topic.title}</Text>
              <Text className='list-hero__desc'>{topic.description}</Text>
            </View>
          </View>
          <Text className='list-count'>{t.count(topic.items.length)}</Text>
          {topic.items.length === 0 ? <Text className='list-count'>{t.noItems}</Text> : <ProgramGrid cards={topic.items} onOpen={(c) => go('detail', { programId: c.programId })} />}
          <View className='home-bottom-gap' />
        </View>
      )}
    </PageShell>
  )
}

export default observer(ListDetail)
