import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { home as h } from '../../strings'
import './home.scss'

export const HINT_INTERVAL_MS = 3000

/** The home search box: shows the hot-search hint, cycling (SPEC 4), and opens the search page. */
function SearchEntry() {
  const { search } = useStores()
  useEffect(() => {
    const id = setInterval(() => search.nextHint(), HINT_INTERVAL_MS)
    return () => clearInterval(id)
  }, [search])
  return (
    <View className='search-entry' hoverClass='search-entry--pressed' onClick={() => go('index-search', { hint: search.inputIndex })}>
      <View className='search-entry__icon' />
      <Text className='search-entry__hint'>{search.hint || h.searchPlaceholder}</Text>
    </View>
  )
}

export default observer(SearchEntry)
