import { Text, View } from '@tarojs/components'
import type { LiveChannel } from '../../stores/homeStore'
import { home as h } from '../../strings'
import './home.scss'
import Img from '../../components/Img'

function hhmm(ms: number): string {
  const d = new Date(ms)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** Live channels, each with the programme on air now. */
export default function LiveList({ channels }: { channels: LiveChannel[] }) {
  return (
    <View className='live-list'>
      {channels.map((c) => (
        <View className='live-item' key={c.channelId}>
          <Img className='live-item__logo' src={c.logo} mode='aspectFit' alt={c.name} />
          <View className='live-item__body'>
            <Text className='live-item__name'>{`${String(c.number).padStart(2, '0')} ${c.name}`}</Text>
            <Text className='live-item__now'>
              {c.current ? `${h.onAir} ${hhmm(c.current.startTime)}-${hhmm(c.current.endTime)} ${c.current.title}` : h.noProgramme}
            </Text>
          </View>
        </View>
      ))}
    </View>
  )
}
