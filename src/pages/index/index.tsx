import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import TvStatusCard from '../../features/home/TvStatusCard'
import SearchEntry from '../../features/home/SearchEntry'
import HomeTabs from '../../features/home/HomeTabs'
import BlockView from '../../features/home/BlockView'
import LiveList from '../../features/home/LiveList'
import RemotePanel from '../../features/home/RemotePanel'
import { useStores } from '../../stores/context'
import type { Block } from '../../stores/homeStore'
import type { ProgramCard } from '../../services/contract/models'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { titles } from '../../strings'

/** Home: the TV at a glance, the search box, and the desktop of the TV's mode in tabs. */
function Index() {
  const root = useStores()
  const { home, search, tracker } = root
  const [remoteOpen, setRemoteOpen] = useState(false)
  const childMode = root.childMode
  const uid = root.user.user?.uid ?? ''

  useEffect(() => {
    void home.load(childMode)
  }, [home, childMode])

  useEffect(() => {
    if (uid) void search.loadHints(root.searchContext)
    // the hints depend on who is asking and the TV's mode only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, uid, childMode])

  useDidShow(() => tracker.pageView(routeOf.index, { tab: home.tabIndex }))

  const tab = home.currentTab
  const blocks = tab?.kind === 'desktop' ? home.blocksOf(tab.key) : undefined

  useEffect(() => {
    if (blocks?.status === 'ready' && tab) {
      tracker.expose(routeOf.index, { tab: home.tabIndex, blocks: (blocks.value ?? []).map((b) => b.blockId) })
    }
  }, [blocks?.status, blocks?.value, tab, home.tabIndex, tracker])

  const open = (card: ProgramCard) => {
    tracker.click(routeOf.index, card.title, { programId: card.programId, tab: home.tabIndex })
    go('detail', { programId: card.programId })
  }
  const more = (block: Block) => {
    tracker.click(routeOf.index, block.title, { blockId: block.blockId })
    if (block.topicId) go('list-detail', { topicId: block.topicId })
    else if (block.flowId) go('flow-more', { flowId: block.flowId, title: block.title })
  }

  const desktopStatus = home.desktop.status
  const content = desktopStatus !== 'ready' ? home.desktop : tab?.kind === 'live' ? home.live : blocks
  const status = !content || content.status === 'idle' ? 'loading' : content.status
  const retry = () => (desktopStatus !== 'ready' ? home.load(childMode) : home.loadTab(home.tabIndex, true))

  return (
    <PageShell
      title={titles.index}
      status={status}
      statusText={content?.error || undefined}
      onAction={status === 'error' || status === 'offline' ? retry : undefined}
      header={
        <View>
          <TvStatusCard onRemote={() => setRemoteOpen(true)} />
          <SearchEntry />
          {home.tabs.length > 0 && <HomeTabs tabs={home.tabs} index={home.tabIndex} onSelect={(i) => void home.selectTab(i)} />}
        </View>
      }
      footer={<RemotePanel visible={remoteOpen} onClose={() => setRemoteOpen(false)} />}
    >
      {tab?.kind === 'live' ? (
        <LiveList channels={home.live.value ?? []} />
      ) : (
        (blocks?.value ?? []).map((b) => <BlockView key={b.blockId} block={b} onOpen={open} onMore={more} />)
      )}
      <View className='home-bottom-gap' />
    </PageShell>
  )
}

export default observer(Index)
