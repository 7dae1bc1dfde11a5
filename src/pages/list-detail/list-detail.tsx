import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { ProgramGrid } from '../../features/program'
import { useStores } from '../../stores/app/context'
import { usePageData } from '../../components/PageShell/usePageData'
import { NOTHING } from '../../stores/kit/loadState'
import { go, param } from '../../navigation'
import { routeOf } from '../../routes'
import { lists as t, titles } from '../../strings'
import '../../features/program/lists.scss'
import Img from '../../components/Img'

/** A topic (curated list): its poster, description and programs (v2/mobileTopic). */
function ListDetail() {
  const { api, tracker, childMode } = useStores()
  const { params } = useRouter()
  const topicId = param(params, 'topicId')
  // child mode (curVersion 0) asks the child channel; a change of the TV's mode loads again
  const load = () => api.desktop.mobileTopic({ topicId, childMode })
  const data = usePageData(topicId && `${topicId}:${childMode}`, load, (v) => !v?.topicId)
  useDidShow(() => tracker.pageView(routeOf['list-detail'], { topicId }))
  const topic = data.value
  return (
    <PageShell title={topic?.title || titles.listDetail} state={topicId ? data : NOTHING} emptyText={t.topicMissing} onRetry={() => void data.run(load)}>
      {topic && (
        <View>
          <View className='list-hero'>
            <Img className='list-hero__image' src={topic.poster} mode='aspectFill' alt={topic.title} />
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

export default definePage(observer(ListDetail), titles.listDetail)
