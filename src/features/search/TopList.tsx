import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import type { DiscoverStore, TopEntry } from './store/discoverStore'
import { formatHeat } from './heat'
import { discover as t } from '../../strings/discover'
import './search.scss'

interface Props {
  discover: DiscoverStore
  onOpen: (entry: TopEntry) => void
}

/** 热搜榜 (hotTop): rank, title and heat, switchable by category; a tap opens the program. */
function TopList({ discover, onOpen }: Props) {
  const top = discover.top
  // asked again when it was dropped (the TV's mode changed while the page is open: the other mode's list went)
  useEffect(() => {
    if (top.status === 'idle') void discover.loadTop()
  }, [discover, top.status])
  const cats = [{ categoryId: '', name: t.topAll }, ...discover.topCategories]
  const entries = top.value ?? []
  return (
    <View className='discover__section top-list'>
      <View className='discover__head'>
        <Text className='discover__title'>{t.top}</Text>
      </View>
      {cats.length > 1 && (
        <View className='discover__chips top-list__cats'>
          {cats.map((c) => (
            <View
              key={c.categoryId || 'all'}
              className={`discover__chip${discover.topCategoryId === c.categoryId ? ' discover__chip--active' : ''}`}
              data-top-category={c.categoryId || 'all'}
              role='button'
              aria-pressed={discover.topCategoryId === c.categoryId}
              onClick={() => void discover.loadTop(c.categoryId)}
            >
              {c.name}
            </View>
          ))}
        </View>
      )}
      {top.status === 'error' || top.status === 'offline' ? (
        <Text className='discover__none' data-action='top-retry' onClick={() => void discover.loadTop()}>{t.topFailed(top.error)}</Text>
      ) : top.status === 'loading' && entries.length === 0 ? (
        <Text className='discover__none'>{t.loading}</Text>
      ) : entries.length === 0 ? (
        <Text className='discover__none'>{t.noTop}</Text>
      ) : (
        <View className='top-list__items'>
          {entries.map((e) => (
            <View key={e.program.programId} className='top-list__item' hoverClass='search-entry--pressed' data-program={e.program.programId} role='link' onClick={() => onOpen(e)}>
              <Text className={`discover__rank${e.rank <= 3 ? ' discover__rank--top' : ''}`}>{e.rank}</Text>
              <Text className='top-list__title'>{e.program.title}</Text>
              <Text className='top-list__heat'>{t.heat(formatHeat(e.heat))}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}

export default observer(TopList)
