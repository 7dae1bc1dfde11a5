import { Text, View } from '@tarojs/components'
import ActionButton from '../ActionButton'
import { common } from '../../strings'
import './index.scss'

export type ViewStatus = 'ready' | 'loading' | 'empty' | 'error' | 'offline'

interface StateViewProps {
  status: Exclude<ViewStatus, 'ready'>
  text?: string
  actionText?: string
  onAction?: () => void
}

const DEFAULT_TEXT: Record<StateViewProps['status'], string> = {
  loading: common.loading,
  empty: common.empty,
  error: common.errorTitle,
  offline: common.errorTitle,
}

/** The loading / empty / error / offline slot every page shell shows instead of its content. */
export default function StateView({ status, text, actionText, onAction }: StateViewProps) {
  return (
    <View className={`state-view state-view--${status}`} role={status === 'error' ? 'alert' : 'status'}>
      {status === 'loading' ? <View className='state-view__spinner' /> : <View className='state-view__mark' />}
      <Text className='state-view__text'>{text ?? DEFAULT_TEXT[status]}</Text>
      {onAction && (
        <ActionButton className='state-view__action' onClick={onAction}>
          {actionText ?? common.retry}
        </ActionButton>
      )}
    </View>
  )
}
