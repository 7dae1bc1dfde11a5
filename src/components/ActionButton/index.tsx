import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import './index.scss'

interface Props {
  kind?: 'primary' | 'secondary' | 'danger'
  size?: 'mini' | 'block'
  disabled?: boolean
  className?: string
  onClick?: () => void
  children: ReactNode
}

/**
 * The app's button: one look on WeChat and H5 (the native Button's own styles differ per platform),
 * pressed feedback, and a disabled state that ignores taps.
 */
export default function ActionButton({ kind = 'secondary', size = 'mini', disabled = false, className = '', onClick, children }: Props) {
  return (
    <View
      className={`action-btn action-btn--${kind} action-btn--${size}${disabled ? ' action-btn--disabled' : ''} ${className}`}
      hoverClass={disabled ? 'none' : 'action-btn--pressed'}
      aria-disabled={disabled}
      role='button'
      onClick={disabled ? undefined : onClick}
    >
      {children}
    </View>
  )
}
