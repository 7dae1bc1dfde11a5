import { Text, View } from '@tarojs/components'
import type { ProgramCard as Card } from '../../protocol/contract/models'
import { truncateText } from '../../lib/text'
import { program as t } from '../../strings'
import './program.scss'
import Img from '../../components/Img'

interface Props {
  card: Card
  onOpen: (card: Card) => void
  /** Title width budget (SPEC 5: non-ASCII counts 2). */
  titleWidth?: number
}

export default function ProgramCard({ card, onOpen, titleWidth = 14 }: Props) {
  return (
    <View className='program-card' hoverClass='program-card--pressed' onClick={() => onOpen(card)}>
      <View className='program-card__poster'>
        <Img className='program-card__image' src={card.poster} mode='aspectFill' lazyLoad alt={card.title} />
        {card.score > 0 && <Text className='program-card__score'>{card.score.toFixed(1)}</Text>}
        {card.source === 'thirdParty' && <Text className='program-card__badge'>{card.appName || t.thirdParty}</Text>}
        {card.updateInfo && <Text className='program-card__update'>{card.updateInfo}</Text>}
      </View>
      <Text className='program-card__title'>{truncateText(card.title, titleWidth)}</Text>
      <Text className='program-card__meta'>{[card.categoryName, card.year || ''].filter(Boolean).join(' · ')}</Text>
    </View>
  )
}
