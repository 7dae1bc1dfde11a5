import type { ReactNode } from 'react'
import { observer } from 'mobx-react'
import { Text } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { LoginCard } from '../account'
import { useStores } from '../../stores/app/context'
import type { PagedList } from '../../stores/kit/pagedList'
import { lists as l, personal as t } from '../../strings'
import './personal.scss'

interface Props<T> {
  title: string
  list: PagedList<T>
  emptyText: string
  /** The bar over the list (edit, clear all); shown when there is something to act on. */
  bar?: ReactNode
  footer?: ReactNode
  /** How many of the user's items child mode keeps out of the list (said above it, or instead of the empty text). */
  hidden?: number
  children: ReactNode
}

/**
 * The shell every personal list shares: the login card when logged out; loading, empty, error and
 * offline states with retry; the list paged as the user scrolls, with a footer that says whether
 * more is coming, or that the next page failed (tap to retry).
 */
function PersonalList<T>({ title, list, emptyText, bar, footer, hidden = 0, children }: Props<T>) {
  const { user } = useStores()
  if (!user.user) {
    return (
      <PageShell title={title}>
        <LoginCard className='my-login' />
      </PageShell>
    )
  }
  const ready = list.status === 'ready'
  const more = list.loadingMore ? l.loadingMore : list.moreError ? l.loadMoreFailed : list.hasMore ? '' : l.noMore
  return (
    <PageShell
      title={title}
      state={list}
      emptyText={hidden > 0 ? t.childHidden(hidden) : emptyText}
      onRetry={() => void list.loadFirst()}
      onScrollToLower={() => void list.loadMore()}
      header={
        ready ? (
          <>
            {hidden > 0 && <Text className='plist__bar' data-testid='child-hidden'>{t.childHidden(hidden)}</Text>}
            {bar}
          </>
        ) : undefined
      }
      footer={ready ? footer : undefined}
    >
      {children}
      <Text className='plist__footer' data-testid='list-footer' onClick={() => list.moreError && void list.loadMore()}>{more}</Text>
    </PageShell>
  )
}

export default observer(PersonalList) as typeof PersonalList
