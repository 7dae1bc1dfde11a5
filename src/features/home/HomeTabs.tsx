import TabStrip from '../../components/TabStrip'
import type { HomeTab } from '../../stores/app/homeStore'
import './home.scss'

interface Props {
  tabs: HomeTab[]
  index: number
  onSelect: (index: number) => void
}

/** The desktop's tabs (plus 直播) in a strip that scrolls sideways to the selected tab, never the page. */
export default function HomeTabs({ tabs, index, onSelect }: Props) {
  return <TabStrip tabs={tabs} index={index} onSelect={onSelect} block='home-tabs' idPrefix='tab' />
}
