import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { episodeRanges, rangeIndexOf } from './models/resumeModel'
import { resume as t } from '../../strings/resume'

interface Props {
  count: number
  /** The episode last watched (marked; its range is shown first); 0 for none. */
  lastEpisode: number
  onPlay: (episode: number) => void
}

/** Every episode taps to play; long series pick a range (1–30, 31–60, …) instead of one endless row. */
export default function EpisodePicker({ count, lastEpisode, onPlay }: Props) {
  const ranges = episodeRanges(count)
  const [chosen, setChosen] = useState<number | null>(null)
  const index = Math.min(chosen ?? rangeIndexOf(ranges, lastEpisode), Math.max(0, ranges.length - 1))
  const range = ranges[index]
  if (!range) return null
  const episodes = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i)
  return (
    <View>
      {ranges.length > 1 && (
        <View className='detail-tags detail-ranges'>
          {ranges.map((r, i) => (
            <Text key={r.from} className={`detail-tags__tag detail-ranges__item${i === index ? ' detail-ranges__item--on' : ''}`} data-range={`${r.from}-${r.to}`} onClick={() => setChosen(i)}>
              {t.episodeRange(r.from, r.to)}
            </Text>
          ))}
        </View>
      )}
      <View className='detail-episodes'>
        {episodes.map((n) => (
          <View
            key={n}
            className={`detail-episodes__item${n === lastEpisode ? ' detail-episodes__item--last' : ''}`}
            hoverClass='detail-actions__btn--pressed'
            data-episode={n}
            onClick={() => onPlay(n)}
          >
            <Text>{n}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
