import { Fragment, lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { TvStatusCard, SearchEntry, MyEntry, HomeTabs, HomeTabsRoom, BlockView, LazyContinueRow } from '../../features/home'
import { LazyRemote, LazyNowPlaying } from '../../features/remote'
import { PointsEntry } from '../../features/points'
import { loadHomeGuide } from '../../features/guide'
import { loadHomeBanner, prepareHomeBanner } from '../../features/operator'
import LazyPart from '../../components/LazyPart'
import { asyncPart } from '../../components/AsyncPart'
import { HomeLook } from '../../features/look'
import { loadLiveTab } from '../../features/live'
import { loadLostTvNotice } from '../../features/devices'
import { useStores } from '../../stores/app/context'
import type { Block } from '../../stores/app/homeStore'
import { NOT_YET, READY } from '../../stores/kit/loadState'
import type { ProgramCard } from '../../protocol/contract/models'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { home as h, titles } from '../../strings'
import NearEnd from '../../components/NearEnd'
import { useSlicedCount } from '../../components/useSlicedCount'
import { elderOf, LazyElderHome, loadElderOffer } from '../../features/elder'

/**
 * The 电视频道 tab's code loads when the tab is first opened, never with home; on weapp from the
 * async subpackage home-parts. A load that fails says so, and a tap tries again.
 */
const LiveTab = asyncPart(loadLiveTab, { failed: h.liveLoadFailed })
/** A lost TV, told once at launch (not on the first paint's path). */
const LostTvNotice = lazy(loadLostTvNotice)

/** Blocks rendered with the first screen (about one phone screen of content under the header). */
const FIRST_BLOCKS = 2
/** Blocks added each time the end of what is rendered scrolls near. */
const MORE_BLOCKS = 2
const BODY_ID = 'home-body'
/** How long the blocks under the landing tab's banner slot wait for the banner's code and answer. */
const BANNER_WAIT_MS = 1500

/**
 * Home: 长辈版's home for a user who chose it (its code loads only then), else the standard home. One
 * page, one route: the version is a mode of the same app.
 */
function Index() {
  const root = useStores()
  return elderOf(root).on ? <LazyElderHome /> : <StandardHome />
}

/** The standard home: the TV at a glance, the search box, and the desktop of the TV's mode in tabs. */
const StandardHome = observer(function StandardHome() {
  const root = useStores()
  const { home, tracker } = root
  const elder = elderOf(root)
  const [remoteOpen, setRemoteOpen] = useState(false)

  // The desktop and hints of the TV's mode; the root store reloads them when the mode or the user changes.
  useEffect(() => {
    void root.showHome()
  }, [root])

  useDidShow(() => {
    tracker.pageView(routeOf.index, { tab: home.tabIndex })
    if (home.stale) void home.load(root.childMode)
  })

  const tab = home.currentTab
  const blocks = tab?.kind === 'desktop' ? home.blocksOf(tab.key) : undefined

  useEffect(() => {
    if (blocks?.status === 'ready' && tab) {
      tracker.expose(routeOf.index, { tab: home.tabIndex, blocks: (blocks.value ?? []).map((b) => b.blockId) })
    }
  }, [blocks?.status, blocks?.value, tab, home.tabIndex, tracker])

  const open = useCallback(
    (card: ProgramCard) => {
      tracker.click(routeOf.index, card.title, { programId: card.programId, tab: home.tabIndex })
      go('detail', { programId: card.programId })
    },
    [tracker, home],
  )
  const more = useCallback(
    (block: Block) => {
      tracker.click(routeOf.index, block.title, { blockId: block.blockId })
      if (block.topicId) go('list-detail', { topicId: block.topicId })
      else if (block.flowId) go('flow-more', { flowId: block.flowId, title: block.title })
    },
    [tracker],
  )
  const blockList = blocks?.value ?? []
  // The blocks under the banner's slot wait for it (at most BANNER_WAIT_MS), so its arrival
  // moves nothing on screen; the first block, above the slot, does not.
  const [bannerSettled, setBannerSettled] = useState(false)
  useEffect(() => {
    let alive = true
    const settle = () => alive && setBannerSettled(true)
    const timer = setTimeout(settle, BANNER_WAIT_MS)
    void prepareHomeBanner(root).then(settle)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [root])
  // Blocks under the fold are rendered when the user scrolls near them, not with the first screen.
  const [near, setNear] = useState({ tab: tab?.key, count: FIRST_BLOCKS })
  const limit = near.tab === tab?.key ? near.count : FIRST_BLOCKS
  const held = !bannerSettled && home.tabIndex === 0
  const rendered = Math.min(blockList.length, held ? 1 : limit)
  // the blocks' first render runs in a transition, in slices between frames, not in home's first task
  const shown = useSlicedCount(rendered)
  const tabKey = tab?.key
  const renderMore = useCallback(() => setNear((n) => ({ tab: tabKey, count: (n.tab === tabKey ? n.count : FIRST_BLOCKS) + MORE_BLOCKS })), [tabKey])

  const desktopStatus = home.desktop.status
  const content = desktopStatus !== 'ready' ? home.desktop : tab?.kind === 'live' ? READY : blocks
  const retry = () => (desktopStatus !== 'ready' ? root.showHome() : home.loadTab(home.tabIndex, true))
  // The operator banner and (for a logged-in user) the first-visit guide load after home painted its desktop.
  // The banner and 继续观看 sit in the landing tab's content below its first block, not in the fixed header: the
  // header stays short on a phone, and what arrives after the first paint moves no content on screen above it.
  // Each loads in a component of its own, so its arrival does not re-render the page. The banner's code
  // and images are asked for as soon as home has painted, so it renders together with the first block.
  const landingExtras =
    home.tabIndex === 0 ? (
      <>
        <LazyPart ready={desktopStatus === 'ready'} load={loadHomeBanner} />
        <LazyContinueRow />
      </>
    ) : null

  return (
    <PageShell
      title={titles.index}
      state={content ?? NOT_YET}
      onRetry={retry}
      bodyId={BODY_ID}
      header={
        <HomeLook>
          <Suspense fallback={null}>
            <LostTvNotice />
          </Suspense>
          <View className='home-look__art'>
            <TvStatusCard onRemote={() => setRemoteOpen(true)} />
            <LazyNowPlaying />
          </View>
          <View className='home-search-row'>
            <SearchEntry />
            <MyEntry />
          </View>
          <PointsEntry />
          {home.tabs.length > 0 ? <HomeTabs tabs={home.tabs} index={home.tabIndex} onSelect={(i) => void home.selectTab(i)} /> : home.desktop.status === 'idle' || home.desktop.status === 'loading' ? <HomeTabsRoom /> : null}
        </HomeLook>
      }
      footer={
        <>
          <LazyRemote visible={remoteOpen} onClose={() => setRemoteOpen(false)} />
          {/* the guide waits while 长辈版 is offered: one pop-up at a time */}
          <LazyPart ready={desktopStatus === 'ready' && root.session.uid !== '' && !elder.offerDue} load={loadHomeGuide} />
          {/* 长辈版 offered on the first launch at 关怀模式 text size: its code is imported only then */}
          <LazyPart ready={elder.offerDue} load={loadElderOffer} />
        </>
      }
    >
      {tab?.kind === 'live' ? (
        <LiveTab />
      ) : (
        <>
          {blockList.length === 0 && landingExtras}
          {blockList.slice(0, shown).map((b, i) => (
            <Fragment key={b.blockId}>
              <BlockView block={b} onOpen={open} onMore={more} />
              {i === 0 && landingExtras}
            </Fragment>
          ))}
          {!held && shown === rendered && rendered < blockList.length && <NearEnd key={rendered} id={`home-near-${rendered}`} rootId={BODY_ID} onNear={renderMore} />}
        </>
      )}
      <View className='home-bottom-gap' />
    </PageShell>
  )
})

export default definePage(observer(Index), titles.index)
