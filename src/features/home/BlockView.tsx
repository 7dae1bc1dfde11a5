import { memo } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import Banner from './Banner'
import type { ProgramCard as Card } from '../../protocol/contract/models'
import type { Block } from '../../stores/app/homeStore'
import { ProgramCard, ProgramGrid } from '../program'
import { home as h } from '../../strings'
import './home.scss'

interface Props {
  block: Block
  onOpen: (card: Card) => void
  onMore: (block: Block) => void
}

/** One desktop block: a banner, a grid, a horizontal row or a topic. */
function BlockView({ block, onOpen, onMore }: Props) {
  const hasMore = Boolean(block.topicId || block.flowId)
  if (block.layout === 'banner') return <Banner items={block.items} onOpen={onOpen} />
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

/** Memoised: the home page re-renders as its data arrives; a block re-renders only when it changed. */
export default memo(BlockView)
