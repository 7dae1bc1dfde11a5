import { View } from '@tarojs/components'
import './progressBar.scss'

/** A thin bar filled to `value` (0..1): how far into an episode. */
export default function ProgressBar({ value, className = '' }: { value: number; className?: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100)
  return (
    <View className={`progress ${className}`} aria-hidden data-progress={pct}>
      <View className='progress__bar' style={{ width: `${pct}%` }} />
    </View>
  )
}
