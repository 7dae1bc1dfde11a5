import { useEffect, useMemo, useRef } from 'react'
import { observer } from 'mobx-react'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { VirtualList } from '@tarojs/components-advanced'
import PageShell from '../../../components/PageShell'
import { definePage } from '../../../components/PageBoundary'
import { ProgramCard } from '../../../features/program'
import { currentNavBarGeometry } from '../../../components/NavBar/currentGeometry'
import { useStores } from '../../../stores/app/context'
import { PagedList } from '../../../stores/kit/pagedList'
import { NOTHING } from '../../../stores/kit/loadState'
import type { ProgramCard as Card } from '../../../protocol/contract/models'
import { go, param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { lists as t, titles } from '../../../strings'
import '../../../features/program/lists.scss'

const PER_ROW = 3

/** Row height in px for a 3-poster row at this window width (design: 750 wide, poster 1.4 tall). */
export function flowRowHeight(windowWidth: number): number {
  const s = windowWidth / 750
  const posterWidth = (windowWidth - 84 * s) / PER_ROW
  return Math.ceil(posterWidth * 1.4 + (12 + 36 + 32 + 20) * s)
}

/** Space above the rows (renderTop). */
const TOP_GAP = 12

/**
 * Whether the list is scrolled to within `threshold` px of its last row: time to page in more. Worked
 * out from the scroll offset, not with VirtualList's onScrollToLower, whose H5 boundary observers query
 * the current page's container a tick later and throw when the user has already left 更多.
 */
export function nearListEnd(scrollOffset: number, viewport: number, rows: number, rowHeight: number, threshold: number): boolean {
  return rows > 0 && scrollOffset + viewport >= TOP_GAP + rows * rowHeight - threshold
}

function Row({ id, index, data }: { id: string; index: number; data: Card[][] }) {
  return (
    <View id={id} className='flow-row'>
      {data[index].map((c) => (
        <ProgramCard key={c.programId} card={c} onOpen={(card) => go('detail', { programId: card.programId })} />
      ))}
    </View>
  )
}

/** "More" of a flow: every program of v2/mobileFlow, paged, in a virtual list (hundreds stay smooth). */
function FlowMore() {
  const { api, tracker, childMode } = useStores()
  const { params } = useRouter()
  const flowId = param(params, 'flowId')
  // child mode (curVersion 0) asks the child channel; a change of the TV's mode starts a new list
  const list = useMemo(
    () => new PagedList<Card>((page, pageSize) => api.desktop.mobileFlow({ flowId, page, pageSize, childMode }), 21),
    [api, flowId, childMode],
  )
  useEffect(() => {
    if (flowId) void list.loadFirst()
  }, [list, flowId])
  useDidShow(() => tracker.pageView(routeOf['flow-more'], { flowId }))

  const { windowWidth, windowHeight } = useMemo(() => Taro.getWindowInfo(), [])
  const height = windowHeight - currentNavBarGeometry().height
  const rows: Card[][] = []
  for (let i = 0; i < list.items.length; i += PER_ROW) rows.push(list.items.slice(i, i + PER_ROW))

  const rowHeight = flowRowHeight(windowWidth)
  const threshold = Math.round(windowHeight / 2)
  const offset = useRef(0)
  // after a failed page the footer's tap retries; scrolling or re-rendering does not hammer the gateway
  const pageInIfNearEnd = () => {
    if (!list.moreError && nearListEnd(offset.current, height, rows.length, rowHeight, threshold)) void list.loadMore()
  }
  // a page that does not fill the screen asks for the next one without waiting for a scroll
  useEffect(pageInIfNearEnd)

  const footer = list.loadingMore ? t.loadingMore : list.moreError ? t.loadMoreFailed : list.hasMore ? '' : t.noMore

  return (
    <PageShell
      title={param(params, 'title') || titles.flowMore}
      state={flowId ? list : NOTHING}
      emptyText={t.flowMissing}
      onRetry={() => void list.loadFirst()}
      scroll={false}
    >
      {/*
        Both sizes in px: with a size that is not a number ('100%') VirtualList measures its wrapper with
        Taro's selector query, which on H5 looks the current page's container up a tick later and throws
        an uncaught 在已加载页面中没有找到对应的容器元素 when the user has already left 更多 (seen in the
        tap-through e2e).
      */}
      <VirtualList
        height={height}
        width={windowWidth}
        itemData={rows}
        itemCount={rows.length}
        itemSize={rowHeight}
        item={Row}
        overscanCount={3}
        onScroll={({ scrollOffset }) => {
          offset.current = scrollOffset
          pageInIfNearEnd()
        }}
        renderTop={<View style={{ height: `${TOP_GAP}px` }} />}
        renderBottom={<Text className='flow-footer' onClick={() => list.moreError && void list.loadMore()}>{footer}</Text>}
      />
    </PageShell>
  )
}

export default definePage(observer(FlowMore), titles.flowMore)
