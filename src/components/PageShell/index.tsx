import { useContext, type ReactNode } from 'react'
import { observer } from 'mobx-react'
import { ScrollView, View } from '@tarojs/components'
import NavBar from '../NavBar'
import PrivacySheet from '../PrivacySheet'
import NoticeSlot from '../NoticeSlot'
import StateView, { type ViewStatus } from '../StateView'
import type { LoadState } from '../../stores/kit/loadState'
import { StoreContext } from '../../stores/app/context'
import { TEXT_SCALE_VAR } from '../../platform/textScale'
import './index.scss'

interface PageShellProps {
  title: string
  /**
   * The page's remote data (a Loadable, a PagedList): its load state decides what shows. idle and
   * loading show the spinner, empty shows `emptyText`, error and offline show their message and
   * `onRetry`. Pages without remote data give `status` instead.
   */
  state?: LoadState
  emptyText?: string
  onRetry?: () => void
  /** Without `state`: 'ready' shows the children; the others show the matching state slot. */
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
  /** false: the content scrolls itself (a virtual list); the shell only sizes it. */
  scroll?: boolean
  /**
   * The scroll area's offset (a page that brings a row into view sets it; see platform/measure). It is
   * a jump, not an animation: Taro's H5 ScrollView animates from its last offset it set itself, and
   * before the first one it has none and does not move at all.
   */
  scrollTop?: number
  /** An id for the scroll area, so a page can measure it. */
  bodyId?: string
  /** Asked before the navigation bar's back leaves the page (see NavBar). */
  beforeLeave?: () => Promise<boolean> | boolean
  /**
   * false: this page never shows the privacy sheet. The agreement pages the sheet links to: opened
   * from it while WeChat's request waits, they must be readable, not dimmed under the same sheet.
   */
  privacySheet?: boolean
  children?: ReactNode
}

/**
 * Every page (an observer: the load state it is given is read here, so a change of it alone redraws):
 * the navigation bar, the app's notice when there is one (root.notices), then a scroll area (page scrolling is disabled, SPEC 2) that shows
 * the page content or its loading / empty / error / offline state.
 */
function PageShell(props: PageShellProps) {
  const { title, actionText, header, footer, onScrollToLower, scroll = true, beforeLeave, children, scrollTop, bodyId, privacySheet = true } = props
  const { status, statusText, onAction } = props.state ? viewOf(props.state, props.emptyText, props.onRetry) : { status: props.status ?? 'ready', statusText: props.statusText, onAction: props.onAction }
  const body = status === 'ready'
    ? children
    : <StateView status={status} text={statusText} onAction={onAction} actionText={actionText} />
  // weapp: the user's text size for this page's styles (H5 sets it once on the root element)
  const textScale = useContext(StoreContext)?.textScale
  const style = process.env.TARO_ENV === 'weapp' && textScale ? `${TEXT_SCALE_VAR}:${textScale.cssFactor}` : undefined
  return (
    <View className='page-shell' style={style}>
      <NavBar title={title} beforeLeave={beforeLeave} />
      <NoticeSlot />
      {header}
      {scroll || status !== 'ready'
        ? <ScrollView id={bodyId} className='page-shell__body' scrollY enhanced showScrollbar={false} onScrollToLower={onScrollToLower} scrollTop={scrollTop}>{body}</ScrollView>
        : <View className='page-shell__body'>{body}</View>}
      {footer}
      {privacySheet && <PrivacySheet />}
    </View>
  )
}

export default observer(PageShell)

function viewOf(state: LoadState, emptyText: string | undefined, onRetry: (() => void) | undefined): { status: ViewStatus; statusText?: string; onAction?: () => void } {
  const status: ViewStatus = state.status === 'idle' ? 'loading' : state.status
  const failed = status === 'error' || status === 'offline'
  return {
    status,
    statusText: status === 'empty' ? emptyText : failed ? state.error || undefined : undefined,
    onAction: failed ? onRetry : undefined,
  }
}
