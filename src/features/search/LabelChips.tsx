import { ScrollView, View } from '@tarojs/components'
import type { Label } from './store/discoverStore'
import './search.scss'

interface Props {
  labels: Label[]
  /** The chosen label ('' = none); with `allText`, a first chip chooses none. */
  active?: string
  allText?: string
  onPick: (labelId: string) => void
}

/** The labels of label.json as one scrolling row of chips (browse before typing, filter after). */
export default function LabelChips({ labels, active = '', allText, onPick }: Props) {
  const chips = allText ? [{ labelId: '', name: allText }, ...labels] : labels
  return (
    <ScrollView className='result-cats label-chips' scrollX enhanced showScrollbar={false}>
      <View className='result-cats__row'>
        {chips.map((l) => (
          <View
            key={l.labelId || 'all'}
            className={`result-cats__chip${active === l.labelId && (allText || l.labelId) ? ' result-cats__chip--active' : ''}`}
            data-label={l.labelId || 'all'}
           
            role='button'
            aria-pressed={active === l.labelId}
            onClick={() => onPick(l.labelId)}
          >
            {l.name}
          </View>
        ))}
      </View>
    </ScrollView>
  )
}
