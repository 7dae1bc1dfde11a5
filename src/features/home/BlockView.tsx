import { Image, ScrollView, Swiper, SwiperItem, Text, View } from '@tarojs/components'
import type { ProgramCard as Card } from '../../services/contract/models'
import type { Block } from '../../stores/homeStore'
import ProgramCard from '../program/ProgramCard'
import ProgramGrid from '../program/ProgramGrid'
import { truncateText } from '../../lib/text'
import { home as h } from '../../strings'
import './home.scss'

interface Props {
  block: Block
  onOpen: (card: Card) => void
  onMore: (block: Block) => void
}

/** One desktop block: a banner, a grid, a horizontal row or a topic. */
export default function BlockView({ block, onOpen, onMore }: Props) {
  const hasMore = Boolean(block.topicId || block.flowId)
  if (block.layout === 'banner') {
    return (
      <Swiper className='block-banner' circular autoplay indicatorDots indicatorActiveColor='#ffffff'>
        {block.items.map((item) => (
          <SwiperItem key={item.programId}>
            <View className='block-banner__item' onClick={() => onOpen(item)}>
              <Image className='block-banner__image' src={item.poster} mode='aspectFill' />
              <Text className='block-banner__title'>{truncateText(item.title, 24)}</Text>
            </View>
          </SwiperItem>
        ))}
      </Swiper>
    )
  }
  return (
    <View className='block'>
      <View className='block__head'>
        <Text className='block__title'>{block.title}</Text>
        {hasMore && (
          <Text className='block__more' onClick={() => onMore(block)}>{h.more}</Text>
        )}
      </View>
      {block.layout === 'row' ? (
        <ScrollView className='block__row' scrollX enhanced showScrollbar={false}>
          <View className='block__row-inner'>
            {block.items.map((item) => (
              <View className='block__row-item' key={item.programId}>
                <ProgramCard card={item} onOpen={onOpen} titleWidth={12} />
              </View>
            ))}
          </View>
        </ScrollView>
      ) : (
        <ProgramGrid cards={block.items.slice(0, block.layout === 'topic' ? 3 : 6)} onOpen={onOpen} />
      )}
    </View>
  )
}
