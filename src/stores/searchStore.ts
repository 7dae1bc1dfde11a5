import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../services/api'
import type { ProgramCard } from '../services/contract/models'
import type { KeyValueStorage } from '../platform/storage'
import { Loadable } from './loadable'
import type { NetworkStatus } from './network'

export type SearchApi = Pick<Api['search'], 'hotSearch' | 'searchTips' | 'ns' | 'searchProgramSeriesCategory' | 'searchProgramSeries'>

export interface SearchContext {
  userId: string
  abilityString: string
  childMode: boolean
}

export interface SearchResults {
  keyword: string
  total: number
  list: ProgramCard[]
  categories: Array<{ categoryId: string; name: string; count: number }>
}

const RECENT_KEY = 'tvc.search.recent'
export const RECENT_LIMIT = 10

/**
 * Search state (SPEC 3 global state: search input list and index): the hot-search hints cycling in
 * the search box (wrapping to 0), suggestions while typing, results (ns.json) with their categories,
 * and the recent searches kept locally.
 */
export class SearchStore {
  /** SPEC 3: the search input list (hot hints) and the index of the one shown. */
  inputList: string[] = []
  inputIndex = 0
  hintsError = ''
  recent: string[] = []
  keyword = ''
  suggestions: Array<{ name: string; programId: string }> = []
  categoryId = ''
  readonly results: Loadable<SearchResults>
  readonly categoryResults: Loadable<ProgramCard[]>
  private suggestSeq = 0

  constructor(
    private readonly api: SearchApi,
    private readonly storage: KeyValueStorage,
    network: NetworkStatus,
  ) {
    this.results = new Loadable<SearchResults>(network, (r) => r.list.length === 0)
    this.categoryResults = new Loadable<ProgramCard[]>(network)
    makeAutoObservable<SearchStore, 'api' | 'storage' | 'suggestSeq'>(this, { api: false, storage: false, suggestSeq: false })
    this.recent = (this.storage.get<string[]>(RECENT_KEY) ?? []).filter((k) => typeof k === 'string').slice(0, RECENT_LIMIT)
  }

  /** The hint shown in the search box now ('' when there is none). */
  get hint(): string {
    return this.inputList[this.inputIndex] ?? ''
  }

  /**
   * Loads the hot-search hints. They only decorate the search box: when the gateway refuses, the box
   * keeps its previous hints (or the plain placeholder) and the reason is kept in hintsError.
   */
  async loadHints(ctx: SearchContext): Promise<void> {
    try {
      const res = await this.api.hotSearch({ userId: ctx.userId, abilityString: ctx.abilityString, childMode: ctx.childMode })
      const names = (res?.tipsList ?? []).map((t) => t.name).filter(Boolean)
      runInAction(() => {
        this.hintsError = ''
        if (names.length === 0 && this.inputList.length > 0) return
        this.inputList = names
        this.inputIndex = 0
      })
    } catch (e) {
      runInAction(() => (this.hintsError = e instanceof Error ? e.message : String(e)))
    }
  }

  /** SPEC 4: the hint index cycles through the list and wraps to 0. */
  nextHint(): void {
    this.inputIndex = this.inputList.length === 0 ? 0 : (this.inputIndex + 1) % this.inputList.length
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword
    if (!keyword.trim()) {
      this.suggestions = []
      this.suggestSeq++
    }
  }

  /** Suggestions for the current keyword; answers to older keywords are dropped. */
  async suggest(): Promise<void> {
    const keyword = this.keyword.trim()
    const seq = ++this.suggestSeq
    if (!keyword) return
    let list: Array<{ name: string; programId: string }> = []
    try {
      list = (await this.api.searchTips({ keyword }))?.list ?? []
    } catch {
      // Suggestions are a convenience: a refused one shows none; searching still reports errors.
    }
    if (seq !== this.suggestSeq) return
    runInAction(() => (this.suggestions = list))
  }

  /** Searches `keyword` (or the shown hint when the box is empty). Returns the keyword searched. */
  async search(ctx: SearchContext, keyword?: string): Promise<string> {
    const k = (keyword ?? this.keyword).trim() || this.hint
    if (!k) return ''
    this.keyword = k
    this.suggestions = []
    this.suggestSeq++
    this.categoryId = ''
    this.remember(k)
    await this.results.run(async () => {
      const [found, cats] = await Promise.all([
        this.api.ns({ keyword: k, childMode: ctx.childMode }),
        this.api.searchProgramSeriesCategory({ keyword: k }),
      ])
      return { keyword: k, total: found?.total ?? 0, list: found?.list ?? [], categories: cats?.list ?? [] }
    })
    return k
  }

  /** Narrows the shown results to one category ('' = all). */
  async selectCategory(categoryId: string): Promise<void> {
    this.categoryId = categoryId
    if (!categoryId) return
    const keyword = this.results.value?.keyword
    if (!keyword) return
    await this.categoryResults.run(async () => (await this.api.searchProgramSeries({ keyword, categoryId, page: 1, pageSize: 48 }))?.list ?? [])
  }

  get shownResults(): ProgramCard[] {
    return this.categoryId ? (this.categoryResults.value ?? []) : (this.results.value?.list ?? [])
  }

  clearRecent(): void {
    this.recent = []
    this.storage.remove(RECENT_KEY)
  }

  private remember(keyword: string): void {
    this.recent = [keyword, ...this.recent.filter((k) => k !== keyword)].slice(0, RECENT_LIMIT)
    this.storage.set(RECENT_KEY, this.recent)
  }
}
