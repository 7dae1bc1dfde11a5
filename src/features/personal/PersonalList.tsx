import type { ReactNode } from 'react'
import { observer } from 'mobx-react'
import { Text } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import LoginCard from '../account/LoginCard'
import { useStores } from '../../stores/app/context'
import type { PagedList } from '../../stores/kit/pagedList'
import { lists as l } from '../../strings'
import './personal.scss'

interface Props<T> {
  title: string
  list: PagedList<T>
  emptyText: string
  /** The bar over the list (edit, clear all); shown when there is something to act on. */
  bar?: ReactNode
  footer?: ReactNode
  children: ReactNode
}

/**
 * The shell every personal list shares: the login card when logged out; loading, empty, error and
 * offline states with retry; the list paged as the user scrolls, with a footer that says whether
 * more is coming, or that the next page failed (tap to retry).
 */
function PersonalList<T>({ title, list, emptyText, bar, footer, children }: Props<T>) {
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
      emptyText={emptyText}
      onRetry={() => void list.loadFirst()}
      onScrollToLower={() => void list.loadMore()}
      header={ready ? bar : undefined}
      footer={ready ? footer : undefined}
    >
      {children}
      <Text className='plist__footer' data-testid='list-footer' onClick={() => list.moreError && void list.loadMore()}>{more}</Text>
    </PageShell>
  )
}

export default observer(PersonalList) as typeof PersonalList
