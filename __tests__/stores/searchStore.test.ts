import { SearchStore, RECENT_LIMIT, type SearchApi } from '@/stores/app/searchStore'
import { memoryStorage } from '@/platform/memoryStorage'
import { deferred } from './fixtures'

const ctx = { userId: 'u1', abilityString: 'ab', childMode: false }
const card = (id: string) => ({ programId: id, title: `节目${id}`, poster: '', categoryId: 'c1', categoryName: '电影', year: 2024, score: 8, episodeCount: 1, updateInfo: '', source: 'own' as const })

function api(): jest.Mocked<SearchApi> {
  return {
    hotSearch: jest.fn(async () => ({ tipsList: [{ name: '甲' }, { name: '乙' }, { name: '丙' }] })),
    searchTips: jest.fn(async ({ keyword }: { keyword: string }) => ({ list: [{ name: `${keyword}1`, programId: 'p1' }] })),
    ns: jest.fn(async () => ({ total: 2, list: [card('1'), card('2')] })),
    searchProgramSeriesCategory: jest.fn(async () => ({ list: [{ categoryId: 'c1', name: '电影', count: 2 }] })),
    searchProgramSeries: jest.fn(async () => ({ total: 1, list: [card('1')] })),
  } as unknown as jest.Mocked<SearchApi>
}

describe('SearchStore', () => {
  it('the hint cycles through the hot list and wraps to 0', async () => {
    const store = new SearchStore(api(), memoryStorage())
    await store.loadHints(ctx)
    expect(store.hint).toBe('甲')
    store.nextHint()
    expect(store.hint).toBe('乙')
    store.nextHint()
    store.nextHint()
    expect(store.inputIndex).toBe(0)
    expect(store.hint).toBe('甲')
  })

  it('the search page opens on the hint the home box showed; an index out of range changes nothing', async () => {
    const store = new SearchStore(api(), memoryStorage())
    await store.loadHints(ctx)
    store.showHintAt(1)
    expect(store.hint).toBe('乙')
    store.showHintAt(99)
    store.showHintAt(Number('x'))
    expect(store.inputIndex).toBe(1)
  })

  it('a refused hot search keeps the hints shown and records why; a refused suggestion shows none', async () => {
    const a = api()
    const store = new SearchStore(a, memoryStorage())
    await store.loadHints(ctx)
    a.hotSearch.mockRejectedValueOnce(new Error('热搜服务繁忙'))
    await expect(store.loadHints(ctx)).resolves.toBeUndefined()
    expect(store.inputList).toEqual(['甲', '乙', '丙'])
    expect(store.hintsError).toBe('热搜服务繁忙')
    a.searchTips.mockRejectedValueOnce(new Error('x'))
    store.setKeyword('斗')
    await expect(store.suggest()).resolves.toBeUndefined()
    expect(store.suggestions).toEqual([])
  })

  it('no hints: the index stays 0 and the hint is empty', () => {
    const store = new SearchStore(api(), memoryStorage())
    store.nextHint()
    expect(store.inputIndex).toBe(0)
    expect(store.hint).toBe('')
  })

  it('asks hot search with the child flag of the TV mode', async () => {
    const a = api()
    const store = new SearchStore(a, memoryStorage())
    await store.loadHints({ ...ctx, childMode: true })
    expect(a.hotSearch).toHaveBeenCalledWith({ userId: 'u1', abilityString: 'ab', childMode: true })
  })

  it('an empty box searches the shown hint', async () => {
    const a = api()
    const store = new SearchStore(a, memoryStorage())
    await store.loadHints(ctx)
    store.nextHint()
    expect(await store.search(ctx)).toBe('乙')
    expect(a.ns).toHaveBeenCalledWith({ keyword: '乙', childMode: false })
    expect(store.results.status).toBe('ready')
    expect(store.results.value?.categories).toHaveLength(1)
  })

  it('suggestions: an answer to an older keyword is dropped', async () => {
    const a = api()
    const slow = deferred<{ list: Array<{ name: string; programId: string }> }>()
    a.searchTips.mockImplementationOnce(() => slow.promise)
    const store = new SearchStore(a, memoryStorage())
    store.setKeyword('斗')
    const first = store.suggest()
    store.setKeyword('斗罗')
    await store.suggest()
    slow.resolve({ list: [{ name: 'old', programId: 'x' }] })
    await first
    expect(store.suggestions.map((s) => s.name)).toEqual(['斗罗1'])
  })

  const reopened = (storage: ReturnType<typeof memoryStorage>, uid: string) => {
    const s = new SearchStore(api(), storage)
    s.setOwner(uid)
    return s
  }

  it('recent searches are kept locally, newest first, without repeats, at most 10', async () => {
    const storage = memoryStorage()
    const store = reopened(storage, 'u1')
    for (let i = 0; i < 12; i++) await store.search(ctx, `k${i}`)
    await store.search(ctx, 'k5')
    expect(store.recent[0]).toBe('k5')
    expect(store.recent).toHaveLength(RECENT_LIMIT)
    expect(new Set(store.recent).size).toBe(RECENT_LIMIT)
    expect(reopened(storage, 'u1').recent).toEqual(store.recent)
    store.clearRecent()
    expect(reopened(storage, 'u1').recent).toEqual([])
  })

  it('recent searches belong to one user: another user does not see them, forget(uid) deletes them', async () => {
    const storage = memoryStorage({ 'tvc.search.recent': ['设备级旧记录'] })
    const store = reopened(storage, 'u1')
    expect(store.recent).toEqual([])
    await store.search(ctx, '甲的搜索')
    store.setOwner('u2')
    expect(store.recent).toEqual([])
    await store.search(ctx, '乙的搜索')
    store.setOwner('u1')
    expect(store.recent).toEqual(['甲的搜索'])
    store.forget('u1')
    expect(store.recent).toEqual([])
    expect(reopened(storage, 'u1').recent).toEqual([])
    expect(reopened(storage, 'u2').recent).toEqual(['乙的搜索'])
    expect(storage.get('tvc.search.recent')).toBeUndefined()
  })

  it("a guest's searches are not written to storage", async () => {
    const storage = memoryStorage()
    const store = reopened(storage, '')
    await store.search(ctx, '游客')
    expect(store.recent).toEqual(['游客'])
    expect(reopened(storage, '').recent).toEqual([])
  })

  it('no results is the empty state; a server error is the error state with its message', async () => {
    const a = api()
    a.ns.mockResolvedValueOnce({ total: 0, list: [] })
    const store = new SearchStore(a, memoryStorage())
    await store.search(ctx, '不存在')
    expect(store.results.status).toBe('empty')
    a.ns.mockRejectedValueOnce(new Error('搜索服务繁忙'))
    await store.search(ctx, '再试')
    expect(store.results.status).toBe('error')
    expect(store.results.error).toBe('搜索服务繁忙')
  })

  it('a category narrows the results', async () => {
    const a = api()
    const store = new SearchStore(a, memoryStorage())
    await store.search(ctx, '节目')
    await store.selectCategory('c1')
    expect(a.searchProgramSeries).toHaveBeenCalledWith({ keyword: '节目', categoryId: 'c1', page: 1, pageSize: 48, childMode: false })
    expect(store.shownResults.map((c) => c.programId)).toEqual(['1'])
    await store.selectCategory('')
    expect(store.shownResults).toHaveLength(2)
  })

  describe('child mode', () => {
    it('every search call of the page carries the TV mode: suggestions, results, their category tabs and a category', async () => {
      const a = api()
      let child = true
      const store = new SearchStore(a, memoryStorage(), () => child)
      store.setKeyword('熊')
      await store.suggest()
      expect(a.searchTips).toHaveBeenLastCalledWith({ keyword: '熊', childMode: true })
      await store.search({ ...ctx, childMode: true }, '熊')
      expect(a.ns).toHaveBeenLastCalledWith({ keyword: '熊', childMode: true })
      expect(a.searchProgramSeriesCategory).toHaveBeenLastCalledWith({ keyword: '熊', childMode: true })
      await store.selectCategory('c1')
      expect(a.searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '熊', categoryId: 'c1', page: 1, pageSize: 48, childMode: true })
      child = false
      store.setKeyword('熊大')
      await store.suggest()
      expect(a.searchTips).toHaveBeenLastCalledWith({ keyword: '熊大', childMode: false })
    })

    it('a change of the TV mode takes the results, category results and suggestions off the screen', async () => {
      const a = api()
      const store = new SearchStore(a, memoryStorage(), () => false)
      await store.search(ctx, '乙')
      await store.selectCategory('c1')
      store.setKeyword('乙')
      await store.suggest()
      expect(store.shownResults.length).toBeGreaterThan(0)
      store.modeChanged()
      expect(store.results.status).toBe('idle')
      expect(store.categoryResults.status).toBe('idle')
      expect(store.shownResults).toEqual([])
      expect(store.suggestions).toEqual([])
      expect(store.categoryId).toBe('')
    })

    it('a suggestion answered after the mode changed is dropped', async () => {
      const a = api()
      const late = deferred<{ list: Array<{ name: string; programId: string }> }>()
      a.searchTips.mockReturnValueOnce(late.promise as never)
      const store = new SearchStore(a, memoryStorage(), () => false)
      store.setKeyword('乙')
      const pending = store.suggest()
      store.modeChanged()
      late.resolve({ list: [{ name: '成人片', programId: 'x' }] })
      await pending
      expect(store.suggestions).toEqual([])
    })
  })

  describe('the label filter after typing (the labels themselves: discoverStore.test)', () => {
    it('a label filters the results, recounts the tabs, and the header total follows; a category combines with it', async () => {
      const a = api()
      a.searchProgramSeries.mockImplementation((async () => ({ total: 7, list: [card('1')] })) as never)
      a.searchProgramSeriesCategory.mockImplementation((async ({ labelId }: { labelId?: string }) => ({ list: labelId ? [{ categoryId: 'c1', name: '电影', count: 7 }] : [{ categoryId: 'c1', name: '电影', count: 2 }, { categoryId: 'c2', name: '剧', count: 3 }] })) as never)
      const store = new SearchStore(a, memoryStorage(), () => false)
      await store.search(ctx, '甲')
      expect([store.filtering, store.shownTotal, store.tabs.length]).toEqual([false, 2, 2])
      await store.selectLabel('g1')
      expect(a.searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '甲', labelId: 'g1', page: 1, pageSize: 48, childMode: false })
      expect(a.searchProgramSeriesCategory).toHaveBeenLastCalledWith({ keyword: '甲', labelId: 'g1', childMode: false })
      expect([store.filtering, store.shownTotal, store.labelId, store.tabs.map((c) => c.count)]).toEqual([true, 7, 'g1', [7]])
      await store.selectCategory('c1')
      expect(a.searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '甲', categoryId: 'c1', labelId: 'g1', page: 1, pageSize: 48, childMode: false })
      await store.selectLabel('')
      expect(a.searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '甲', categoryId: 'c1', page: 1, pageSize: 48, childMode: false })
      expect(store.tabs.map((c) => c.count)).toEqual([2, 3])
      // a new search starts without the label
      await store.selectLabel('g2')
      await store.search(ctx, '乙')
      expect([store.labelId, store.categoryId, store.filtering]).toEqual(['', '', false])
    })

    it('a change of the TV mode drops the label filter and its recounted tabs', async () => {
      const store = new SearchStore(api(), memoryStorage(), () => false)
      await store.search(ctx, '甲')
      await store.selectLabel('g1')
      store.modeChanged()
      expect([store.labelId, store.labelCategories.status, store.results.status, store.filtering]).toEqual(['', 'idle', 'idle', false])
    })
  })
})
