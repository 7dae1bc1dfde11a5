import { View } from '@tarojs/components'
import type { ProgramCard as Card } from '../../protocol/contract/models'
import ProgramCard from './ProgramCard'
import './program.scss'

interface Props {
  cards: Card[]
  onOpen: (card: Card) => void
}

/** Three posters a row. */
export default function ProgramGrid({ cards, onOpen }: Props) {
  return (
    <View className='program-grid'>
      {cards.map((c) => (
        <ProgramCard key={c.programId} card={c} onOpen={onOpen} />
      ))}
    </View>
  )
}
