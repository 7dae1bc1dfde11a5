import { Text, View } from '@tarojs/components'
import TabStrip from '../../components/TabStrip'
import type { HomeTab } from '../../stores/app/homeStore'
import './home.scss'

interface Props {
  tabs: HomeTab[]
  index: number
  onSelect: (index: number) => void
}

/** The desktop's tabs (plus 电视频道) in a strip that scrolls sideways to the selected tab, never the page. */
export default function HomeTabs({ tabs, index, onSelect }: Props) {
  return <TabStrip tabs={tabs} index={index} onSelect={onSelect} block='home-tabs' idPrefix='tab' />
}

/**
 * The strip's room while the desktop's tabs are on their way: the same boxes around one invisible
 * ideographic space (the tabs' CJK font sets the line), so the strip's arrival moves nothing below it
 * (the content under home's header shifted 52 px down when the tabs came).
 */
export function HomeTabsRoom() {
  return (
    <View className='home-tabs' aria-hidden>
      <View className='home-tabs__row'>
        <View className='home-tabs__tab home-tabs__tab--active home-tabs__tab--room'>
          <Text>{'\u3000'}</Text>
        </View>
      </View>
    </View>
  )
}
