import { useEffect, useRef, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { ScrollView, Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { SearchBar, Discover, LabelChips, TopList, discoverOf } from '../../features/search'
import { ProgramGrid } from '../../features/program'
import { useStores } from '../../stores/app/context'
import { READY } from '../../stores/kit/loadState'
import type { ProgramCard } from '../../protocol/contract/models'
import { go, param } from '../../navigation'
import { routeOf } from '../../routes'
import { home as h, search as t, titles } from '../../strings'
import { discover as ds } from '../../strings/discover'
import '../../features/search/search.scss'

export const SUGGEST_DEBOUNCE_MS = 250

/**
 * Search: the cycling hint, hot list and recent searches, labels to browse and 热搜榜,
 * suggestions while typing, results with their category tabs and label filter.
 */
function IndexSearch() {
  const root = useStores()
  const { search, tracker } = root
  const discover = discoverOf(root)
  const { params } = useRouter()
  const [typing, setTyping] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => {
    search.showHintAt(Number(param(params, 'hint')))
    void root.ensureHints()
    void discover.loadLabels()
    return () => clearTimeout(timer.current)
    // on open only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useDidShow(() => tracker.pageView(routeOf['index-search'], {}))

  const onInput = (value: string) => {
    search.setKeyword(value)
    setTyping(Boolean(value.trim()))
    clearTimeout(timer.current)
    if (value.trim()) timer.current = setTimeout(() => void search.suggest(), SUGGEST_DEBOUNCE_MS)
  }
  const submit = async (keyword?: string) => {
    clearTimeout(timer.current)
    setTyping(false)
    discover.closeBrowse()
    const k = await search.search(root.searchContext, keyword)
    if (k) tracker.click(routeOf['index-search'], k, { kind: keyword ? 'pick' : 'submit' })
  }
  const open = (card: ProgramCard) => {
    tracker.click(routeOf['index-search'], card.title, { programId: card.programId })
    go('detail', { programId: card.programId })
  }

  const browse = (labelId: string) => {
    tracker.click(routeOf['index-search'], discover.labelNameOf(labelId), { labelId, kind: 'label' })
    void discover.browseLabel(labelId)
  }
  const openTop = (programId: string, title: string, rank: number) => {
    tracker.click(routeOf['index-search'], title, { programId, kind: 'top', rank })
    go('detail', { programId })
  }

  const results = search.results
  const searched = results.status !== 'idle'
  const activeList = search.filtering ? search.categoryResults : results
  const keyword = results.value?.keyword ?? search.keyword
  const browsing = !typing && discover.browseLabelId !== ''
  const browseName = discover.labelNameOf(discover.browseLabelId)
  const labels = discover.labels.value ?? []

  return (
    <PageShell
      title={titles.indexSearch}
      header={
        <SearchBar
          value={search.keyword}
          placeholder={search.hint || h.searchPlaceholder}
          onInput={onInput}
          onSubmit={() => void submit()}
          onClear={() => {
            onInput('')
          }}
        />
      }
      state={browsing ? discover.labelBrowse : typing || !searched ? READY : activeList}
      emptyText={browsing ? ds.labelEmpty(browseName) : t.noResult(keyword)}
      onRetry={() => void (browsing ? discover.browseLabel(discover.browseLabelId) : search.filtering ? search.selectCategory(search.categoryId) : submit(keyword))}
    >
      {typing && search.suggestions.length > 0 ? (
        <View className='suggestions'>
          {search.suggestions.map((s) => (
            <View key={s.programId} className='suggestions__item' hoverClass='search-entry--pressed' onClick={() => void submit(s.name)}>
              <Text>{s.name}</Text>
            </View>
          ))}
        </View>
      ) : browsing ? (
        <View className='label-browse'>
          <View className='label-browse__head'>
            <Text className='label-browse__back' data-action='close-label' onClick={() => discover.closeBrowse()}>{`‹ ${ds.back}`}</Text>
            <Text>{ds.labelSummary(browseName, discover.labelBrowse.value?.total ?? 0)}</Text>
          </View>
          <ProgramGrid cards={discover.labelBrowse.value?.list ?? []} onOpen={open} />
        </View>
      ) : !searched || typing ? (
        <Discover recent={search.recent} hot={search.inputList} onPick={(k) => void submit(k)} onClearRecent={() => search.clearRecent()}>
          {labels.length > 0 && (
            <View className='discover__section'>
              <View className='discover__head'>
                <Text className='discover__title'>{ds.labels}</Text>
              </View>
              <View className='discover__chips'>
                {labels.map((l) => (
                  <Text key={l.labelId} className='discover__chip' data-label={l.labelId} onClick={() => browse(l.labelId)}>{l.name}</Text>
                ))}
              </View>
            </View>
          )}
          <TopList discover={discover} onOpen={(e) => openTop(e.program.programId, e.program.title, e.rank)} />
        </Discover>
      ) : (
        <View>
          {search.tabs.length > 1 && (
            <ScrollView className='result-cats' scrollX enhanced showScrollbar={false}>
              <View className='result-cats__row'>
                {[{ categoryId: '', name: t.all, count: search.tabs.reduce((a, c) => a + c.count, 0) }, ...search.tabs].map((c) => (
                  <Text
                    key={c.categoryId || 'all'}
                    className={`result-cats__chip${search.categoryId === c.categoryId ? ' result-cats__chip--active' : ''}`}
                    onClick={() => void search.selectCategory(c.categoryId)}
                  >
                    {`${c.name} ${c.count}`}
                  </Text>
                ))}
              </View>
            </ScrollView>
          )}
          {labels.length > 0 && <LabelChips labels={labels} active={search.labelId} allText={ds.labelAll} onPick={(id) => void search.selectLabel(id)} />}
          <Text className='result-summary'>
            {search.labelId ? ds.summaryWithLabel(keyword, discover.labelNameOf(search.labelId), search.shownTotal) : t.summary(keyword, search.shownTotal)}
          </Text>
          <ProgramGrid cards={search.shownResults} onOpen={open} />
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(IndexSearch), titles.indexSearch)
