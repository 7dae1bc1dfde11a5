import { useRef } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import type { HomeTab } from '../../stores/homeStore'
import './home.scss'

interface Props {
  tabs: HomeTab[]
  index: number
  onSelect: (index: number) => void
}

/**
 * The desktop's tabs in a horizontal strip that follows the selected tab. Not on first show of the
 * first tab: it is in view already, and Taro's H5 scroll-into-view would force a layout during first
 * load and, half a second later, scroll the page to centre the strip.
 */
export default function HomeTabs({ tabs, index, onSelect }: Props) {
  const shownFirst = useRef(index)
  const follow = useRef(index !== 0)
  if (index !== shownFirst.current) follow.current = true
  return (
    <ScrollView className='home-tabs' scrollX enhanced showScrollbar={false} scrollIntoView={follow.current ? `tab-${index}` : undefined}>
      <View className='home-tabs__row'>
        {tabs.map((tab, i) => (
          <View key={tab.key} id={`tab-${i}`} className={`home-tabs__tab${i === index ? ' home-tabs__tab--active' : ''}`} onClick={() => onSelect(i)}>
            <Text>{tab.name}</Text>
          </View>
        ))}
      </View>
    </ScrollView>
  )
}
