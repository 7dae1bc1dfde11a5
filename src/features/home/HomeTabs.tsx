import { ScrollView, Text, View } from '@tarojs/components'
import type { HomeTab } from '../../stores/homeStore'
import './home.scss'

interface Props {
  tabs: HomeTab[]
  index: number
  onSelect: (index: number) => void
}

export default function HomeTabs({ tabs, index, onSelect }: Props) {
  return (
    <ScrollView className='home-tabs' scrollX enhanced showScrollbar={false} scrollIntoView={`tab-${index}`}>
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
