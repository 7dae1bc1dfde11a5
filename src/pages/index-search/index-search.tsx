import { useEffect, useRef, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { ScrollView, Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import SearchBar from '../../features/search/SearchBar'
import Discover from '../../features/search/Discover'
import ProgramGrid from '../../features/program/ProgramGrid'
import { useStores } from '../../stores/context'
import { READY } from '../../stores/loadState'
import type { ProgramCard } from '../../protocol/contract/models'
import { go, param } from '../../navigation'
import { routeOf } from '../../routes'
import { home as h, search as t, titles } from '../../strings'
import '../../features/search/search.scss'

export const SUGGEST_DEBOUNCE_MS = 250

/** Search: the cycling hint, hot list and recent searches, suggestions while typing, results. */
function IndexSearch() {
  const root = useStores()
  const { search, tracker } = root
  const { params } = useRouter()
  const [typing, setTyping] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => {
    search.showHintAt(Number(param(params, 'hint')))
    void root.ensureHints()
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
    const k = await search.search(root.searchContext, keyword)
    if (k) tracker.click(routeOf['index-search'], k, { kind: keyword ? 'pick' : 'submit' })
  }
  const open = (card: ProgramCard) => {
    tracker.click(routeOf['index-search'], card.title, { programId: card.programId })
    go('detail', { programId: card.programId })
  }

  const results = search.results
  const searched = results.status !== 'idle'
  const activeList = search.categoryId ? search.categoryResults : results
  const keyword = results.value?.keyword ?? search.keyword

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
      state={typing || !searched ? READY : activeList}
      emptyText={t.noResult(keyword)}
      onRetry={() => void submit(keyword)}
    >
      {typing && search.suggestions.length > 0 ? (
        <View className='suggestions'>
          {search.suggestions.map((s) => (
            <View key={s.programId} className='suggestions__item' hoverClass='search-entry--pressed' onClick={() => void submit(s.name)}>
              <Text>{s.name}</Text>
            </View>
          ))}
        </View>
      ) : !searched || typing ? (
        <Discover recent={search.recent} hot={search.inputList} onPick={(k) => void submit(k)} onClearRecent={() => search.clearRecent()} />
      ) : (
        <View>
          {(results.value?.categories.length ?? 0) > 1 && (
            <ScrollView className='result-cats' scrollX enhanced showScrollbar={false}>
              <View className='result-cats__row'>
                {[{ categoryId: '', name: t.all, count: results.value?.total ?? 0 }, ...(results.value?.categories ?? [])].map((c) => (
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
          <Text className='result-summary'>{t.summary(keyword, results.value?.total ?? 0)}</Text>
          <ProgramGrid cards={search.shownResults} onOpen={open} />
        </View>
      )}
    </PageShell>
  )
}

export default definePage(observer(IndexSearch), titles.indexSearch)
