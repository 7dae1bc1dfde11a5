import { reaction } from 'mobx'
import { Loadable } from '@/stores/kit/loadable'
import { PagedList } from '@/stores/kit/pagedList'
import { GatewayError, OfflineError } from '@/services/http/types'
import { deferred } from './fixtures'

describe('Loadable', () => {
  it('a refresh that brings back what is shown keeps the shown value: nothing observing it runs again', async () => {
    const l = new Loadable<Array<{ id: string; tags: string[] }>>()
    l.set([{ id: 'a', tags: ['x'] }])
    const shown = l.value
    const seen: unknown[] = []
    const stop = reaction(() => l.value, (v) => seen.push(v))
    // the same data in a new object (the gateway's answer to what the cache showed)
    await l.refresh(async () => [{ id: 'a', tags: ['x'] }])
    expect(l.value).toBe(shown)
    expect(seen).toEqual([])
    // a changed field deep down replaces it
    await l.refresh(async () => [{ id: 'a', tags: ['y'] }])
    expect(l.value).toEqual([{ id: 'a', tags: ['y'] }])
    expect(seen).toHaveLength(1)
    // and so does an answer that is empty now
    await l.refresh(async () => [])
    expect(l.status).toBe('empty')
    expect(seen).toHaveLength(2)
    stop()
  })

  it('ready, empty, server error with its message', async () => {
    const l = new Loadable<number[]>()
    await l.run(async () => [1])
    expect(l.status).toBe('ready')
    await l.run(async () => [])
    expect(l.status).toBe('empty')
    await l.run(async () => Promise.reject(new GatewayError('server', '1003', '节目不存在', 'x')))
    expect(l.status).toBe('error')
    expect(l.error).toBe('节目不存在')
  })

  it('an answer that came with a network failure is offline and keeps the last good value', async () => {
    const l = new Loadable<number[]>()
    await l.run(async () => [1, 2])
    await l.run(async () => Promise.reject(new OfflineError('网络连接错误，请稍后重试', 'x')))
    expect(l.status).toBe('offline')
    expect(l.error).toBe('网络连接错误，请稍后重试')
    expect(l.value).toEqual([1, 2])
  })

  it('a newer run supersedes an older one still in flight', async () => {
    const l = new Loadable<string[]>()
    const slow = deferred<string[]>()
    const first = l.run(() => slow.promise)
    await l.run(async () => ['new'])
    slow.resolve(['old'])
    await first
    expect(l.value).toEqual(['new'])
    expect(l.status).toBe('ready')
  })
})

describe('PagedList', () => {
  const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)

  it('loads page by page until total, then stops asking', async () => {
    const fetch = jest.fn(async (p: number, size: number) => ({ total: 25, list: page((p - 1) * size, Math.min(size, 25 - (p - 1) * size)) }))
    const l = new PagedList<number>(fetch, 10)
    await l.loadFirst()
    expect(l.items).toHaveLength(10)
    await l.loadMore()
    await l.loadMore()
    expect(l.items).toHaveLength(25)
    expect(l.hasMore).toBe(false)
    await l.loadMore()
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(l.items).toEqual(page(0, 25))
  })

  it('one page at a time: a second loadMore while one is in flight is ignored', async () => {
    const gate = deferred<{ total: number; list: number[] }>()
    const fetch = jest.fn(async (p: number) => (p === 1 ? { total: 30, list: page(0, 10) } : gate.promise))
    const l = new PagedList<number>(fetch, 10)
    await l.loadFirst()
    const a = l.loadMore()
    const b = l.loadMore()
    gate.resolve({ total: 30, list: page(10, 10) })
    await Promise.all([a, b])
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(l.items).toHaveLength(20)
  })

  it('a failed later page keeps what is shown and can be retried', async () => {
    let fail = true
    const fetch = jest.fn(async (p: number) => {
      if (p === 2 && fail) throw new OfflineError('网络连接错误，请稍后重试', 'x')
      return { total: 20, list: page((p - 1) * 10, 10) }
    })
    const l = new PagedList<number>(fetch, 10)
    await l.loadFirst()
    await l.loadMore()
    expect(l.items).toHaveLength(10)
    expect(l.moreError).toBe('网络连接错误，请稍后重试')
    expect(l.status).toBe('ready')
    fail = false
    await l.loadMore()
    expect(l.items).toHaveLength(20)
    expect(l.moreError).toBe('')
  })

  it('first page: empty, error and offline states', async () => {
    const empty = new PagedList<number>(async () => ({ total: 0, list: [] }))
    await empty.loadFirst()
    expect(empty.status).toBe('empty')
    const failing = new PagedList<number>(async () => Promise.reject(new Error('流不存在')))
    await failing.loadFirst()
    expect(failing.status).toBe('error')
    expect(failing.error).toBe('流不存在')
  })
})
