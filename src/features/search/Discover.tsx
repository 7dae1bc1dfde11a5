import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { search as t } from '../../strings'
import './search.scss'

interface Props {
  recent: string[]
  hot: string[]
  onPick: (keyword: string) => void
  onClearRecent: () => void
  /** More sections after the hot list (labels, 热搜榜). */
  children?: ReactNode
}

/** Before a search: recent searches, the hot list, then `children` (labels, 热搜榜). */
export default function Discover({ recent, hot, onPick, onClearRecent, children }: Props) {
  return (
    <View className='discover'>
      {recent.length > 0 && (
        <View className='discover__section'>
          <View className='discover__head'>
            <Text className='discover__title'>{t.recent}</Text>
            <Text className='discover__action' onClick={onClearRecent}>{t.clearRecent}</Text>
          </View>
          <View className='discover__chips'>
            {recent.map((k) => (
              <Text key={k} className='discover__chip' onClick={() => onPick(k)}>{k}</Text>
            ))}
          </View>
        </View>
      )}
      <View className='discover__section'>
        <View className='discover__head'>
          <Text className='discover__title'>{t.hot}</Text>
        </View>
        {hot.length === 0 ? (
          <Text className='discover__none'>{t.noHot}</Text>
        ) : (
          <View className='discover__hot'>
            {hot.map((k, i) => (
              <View key={k} className='discover__hot-item' onClick={() => onPick(k)}>
                <Text className={`discover__rank${i < 3 ? ' discover__rank--top' : ''}`}>{i + 1}</Text>
                <Text className='discover__hot-name'>{k}</Text>
              </View>
            ))}
          </View>
        )}
      </View>
      {children}
    </View>
  )
}
