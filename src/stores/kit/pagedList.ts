import { makeAutoObservable, observableShallow, runInAction } from 'mobx'
import { failedState, type LoadState, type LoadStatus } from './loadState'

export interface Page<T> {
  total: number
  list: T[]
}

/**
 * A list loaded page by page (flows, histories): the first page decides the page state; later pages
 * append, and a failed later page keeps what is shown and can be retried.
 */
export class PagedList<T> implements LoadState {
  items: T[] = []
  total = 0
  page = 0
  status: LoadStatus = 'idle'
  error = ''
  loadingMore = false
  moreError = ''

  constructor(
    private readonly fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
    readonly pageSize = 21,
  ) {
    // Items are plain answers: the list is observed, not each field of each item.
    makeAutoObservable<PagedList<T>, 'fetchPage'>(this, { fetchPage: false, items: observableShallow })
  }

  get hasMore(): boolean {
    return this.items.length < this.total
  }

  async loadFirst(): Promise<void> {
    this.status = 'loading'
    this.error = ''
    const res = await this.fetch(1)
    runInAction(() => {
      if (res.kind !== 'ok') {
        this.status = res.status
        this.error = res.error
        return
      }
      this.items = res.page.list
      this.total = res.page.total
      this.page = 1
      this.status = this.items.length === 0 ? 'empty' : 'ready'
    })
  }

  /**
   * The next page after what is shown. After removals the shown items no longer fill whole pages, so
   * the page holding the next unseen item is asked for and what is already shown is skipped.
   */
  async loadMore(): Promise<void> {
    if (this.loadingMore || this.status !== 'ready' || !this.hasMore) return
    this.loadingMore = true
    this.moreError = ''
    const offset = this.items.length
    const next = Math.floor(offset / this.pageSize) + 1
    const skip = offset % this.pageSize
    const res = await this.fetch(next)
    runInAction(() => {
      this.loadingMore = false
      if (res.kind !== 'ok') {
        this.moreError = res.error
        return
      }
      const fresh = res.page.list.slice(skip)
      this.items = [...this.items, ...fresh]
      // a page with nothing new ends the list (the server's total was stale)
      this.total = fresh.length === 0 ? this.items.length : res.page.total
      this.page = next
    })
  }

  /** Drops items the server has removed (after it agreed), keeping the count and the state honest. */
  removeWhere(match: (item: T) => boolean): number {
    const kept = this.items.filter((i) => !match(i))
    const removed = this.items.length - kept.length
    if (removed === 0) return 0
    this.items = kept
    this.total = Math.max(kept.length, this.total - removed)
    if (this.status === 'ready' && kept.length === 0 && this.total === 0) this.status = 'empty'
    return removed
  }

  /** Back to nothing loaded (logout: nothing of the previous user stays). */
  reset(): void {
    this.items = []
    this.total = 0
    this.page = 0
    this.status = 'idle'
    this.error = ''
    this.loadingMore = false
    this.moreError = ''
  }

  private async fetch(page: number): Promise<{ kind: 'ok'; page: Page<T> } | ({ kind: 'failed' } & ReturnType<typeof failedState>)> {
    try {
      const p = await this.fetchPage(page, this.pageSize)
      return { kind: 'ok', page: { total: p?.total ?? 0, list: p?.list ?? [] } }
    } catch (e) {
      return { kind: 'failed', ...failedState(e) }
    }
  }
}
