import { makeAutoObservable, runInAction } from 'mobx'
import type { NetworkStatus } from './network'
import { isGatewayError } from '../services/http/types'
import { net } from '../strings'

export type PageStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error' | 'offline'

export interface Page<T> {
  total: number
  list: T[]
}

/**
 * A list loaded page by page (flows, histories): the first page decides the page state; later pages
 * append, and a failed later page keeps what is shown and can be retried.
 */
export class PagedList<T> {
  items: T[] = []
  total = 0
  page = 0
  status: PageStatus = 'idle'
  error = ''
  loadingMore = false
  moreError = ''

  constructor(
    private readonly network: NetworkStatus,
    private readonly fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
    readonly pageSize = 21,
  ) {
    makeAutoObservable<PagedList<T>, 'network' | 'fetchPage'>(this, { network: false, fetchPage: false })
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
        this.status = res.kind
        this.error = res.message
        return
      }
      this.items = res.page.list
      this.total = res.page.total
      this.page = 1
      this.status = this.items.length === 0 ? 'empty' : 'ready'
    })
  }

  async loadMore(): Promise<void> {
    if (this.loadingMore || this.status !== 'ready' || !this.hasMore) return
    this.loadingMore = true
    this.moreError = ''
    const next = this.page + 1
    const res = await this.fetch(next)
    runInAction(() => {
      this.loadingMore = false
      if (res.kind !== 'ok') {
        this.moreError = res.message
        return
      }
      this.items = [...this.items, ...res.page.list]
      this.total = res.page.total
      this.page = next
    })
  }

  private async fetch(page: number): Promise<{ kind: 'ok'; page: Page<T> } | { kind: 'error' | 'offline'; message: string }> {
    const before = this.network.failures
    try {
      const p = await this.fetchPage(page, this.pageSize)
      if (this.network.failures !== before) return { kind: 'offline', message: net.networkError }
      return { kind: 'ok', page: { total: p?.total ?? 0, list: p?.list ?? [] } }
    } catch (e) {
      return { kind: 'error', message: isGatewayError(e) || e instanceof Error ? e.message || net.serverError : net.serverError }
    }
  }
}
