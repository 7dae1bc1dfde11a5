import type { ReactNode } from 'react'
import { ScrollView, View } from '@tarojs/components'
import NavBar from '../NavBar'
import StateView, { type ViewStatus } from '../StateView'
import './index.scss'

interface PageShellProps {
  title: string
  /** 'ready' shows the children; the others show the matching state slot. */
  status?: ViewStatus
  /** Text of the state slot (defaults per status). */
  statusText?: string
  /** Retry (error/offline) or a call to action (empty). */
  onAction?: () => void
  actionText?: string
  /** Content above the scroll area that stays put (tabs, search box). */
  header?: ReactNode
  /** Content under the scroll area (action bar). */
  footer?: ReactNode
  /** Called near the end of the scroll area (paging). */
  onScrollToLower?: () => void
  children?: ReactNode
}

/**
 * Every page: the navigation bar, then a scroll area (page scrolling is disabled, SPEC 2) that shows
 * the page content or its loading / empty / error / offline state.
 */
export default function PageShell(props: PageShellProps) {
  const { title, status = 'ready', statusText, onAction, actionText, header, footer, onScrollToLower, children } = props
  return (
    <View className='page-shell'>
      <NavBar title={title} />
      {header}
      <ScrollView className='page-shell__body' scrollY enhanced showScrollbar={false} onScrollToLower={onScrollToLower}>
        {status === 'ready'
          ? children
          : <StateView status={status} text={statusText} onAction={onAction} actionText={actionText} />}
      </ScrollView>
      {footer}
    </View>
  )
}
