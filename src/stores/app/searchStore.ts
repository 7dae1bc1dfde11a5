import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../services/api'
import type { ProgramCard } from '../../protocol/contract/models'
import type { KeyValueStorage } from '../../platform/storage'
import { Loadable } from '../kit/loadable'
import { failureMessage } from '../kit/loadState'

export type SearchApi = Pick<Api['search'], 'hotSearch' | 'searchTips' | 'ns' | 'searchProgramSeriesCategory' | 'searchProgramSeries'>

export interface CategoryCount {
  categoryId: string
  name: string
  count: number
}


export interface SearchContext {
  userId: string
  abilityString: string
  childMode: boolean
}

export interface SearchResults {
  keyword: string
  total: number
  list: ProgramCard[]
  categories: CategoryCount[]
}

/** How many programs a category or label filter of the results asks for at once. */
export const FILTER_PAGE_SIZE = 48

/** Recent searches of one user; a guest's stay in memory. The device-wide key of old builds is dropped. */
const recentKey = (uid: string) => `tvc.search.recent.${uid}`
const LEGACY_RECENT_KEY = 'tvc.search.recent'
export const RECENT_LIMIT = 10

/**
 * Search state (SPEC 3 global state: search input list and index): the hot-search hints cycling in
 * the search box (wrapping to 0), suggestions while typing, results (ns.json) with their categories,
 * and the recent searches kept locally per user (setOwner; forget(uid) when that user leaves).
 */
export class SearchStore {
  /** SPEC 3: the search input list (hot hints) and the index of the one shown. */
  inputList: string[] = []
  inputIndex = 0
  hintsError = ''
  /** The desktop's own search hint (v2/desktopAttribute): shown when there is no hot hint. */
  desktopHint = ''
  recent: string[] = []
  keyword = ''
  suggestions: Array<{ name: string; programId: string }> = []
  categoryId = ''
  readonly results: Loadable<SearchResults>
  readonly categoryResults: Loadable<ProgramCard[]>
  /** The label (DiscoverStore's labels) filtering the results ('' = none), and the category tabs counted with it. */
  labelId = ''
  readonly labelCategories: Loadable<CategoryCount[]>
  /** How many programs the category and/or label filter found. */
  filteredTotal = 0
  private suggestSeq = 0
  private owner = ''
  /** The TV's mode the shown results were asked in (their category tabs are asked in the same one). */
  private resultsChildMode = false

  constructor(
    private readonly api: SearchApi,
    private readonly storage: KeyValueStorage,
    /** The TV's child mode now (curVersion 0): every search call then carries the child channel. */
    private readonly childMode: () => boolean = () => false,
  ) {
    this.results = new Loadable<SearchResults>((r) => r.list.length === 0)
    this.categoryResults = new Loadable<ProgramCard[]>()
    this.labelCategories = new Loadable<CategoryCount[]>(() => false)
    makeAutoObservable<SearchStore, 'api' | 'storage' | 'suggestSeq' | 'owner' | 'childMode' | 'resultsChildMode'>(this, {
      api: false, storage: false, suggestSeq: false, owner: false, childMode: false, resultsChildMode: false,
    })
    this.storage.remove(LEGACY_RECENT_KEY)
  }

  /** Whose recent searches are shown and kept ('' = a guest: kept in memory only). */
  setOwner(uid: string): void {
    if (uid === this.owner && (uid !== '' || this.recent.length > 0)) return
    this.owner = uid
    this.recent = uid ? (this.storage.get<string[]>(recentKey(uid)) ?? []).filter((k) => typeof k === 'string').slice(0, RECENT_LIMIT) : []
  }

  /** The user `uid` left: their recent searches go, from storage and from the screen. */
  forget(uid: string): void {
    if (uid) this.storage.remove(recentKey(uid))
    if (uid === this.owner) {
      this.owner = ''
      this.recent = []
      this.keyword = ''
      this.suggestions = []
    }
  }

  /** The hint shown in the search box now ('' when there is none). */
  get hint(): string {
    return this.inputList[this.inputIndex] ?? this.desktopHint
  }

  setDesktopHint(hint: string): void {
    this.desktopHint = hint
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
      runInAction(() => (this.hintsError = failureMessage(e)))
    }
  }

  /** Shows hint `index` (the one the home search box showed when it was tapped); out of range: unchanged. */
  showHintAt(index: number): void {
    if (Number.isInteger(index) && index >= 0 && index < this.inputList.length) this.inputIndex = index
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
      list = (await this.api.searchTips({ keyword, childMode: this.childMode() }))?.list ?? []
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
    this.labelId = ''
    this.labelCategories.reset()
    this.remember(k)
    this.resultsChildMode = ctx.childMode
    await this.results.run(async () => {
      const [found, cats] = await Promise.all([
        this.api.ns({ keyword: k, childMode: ctx.childMode }),
        this.api.searchProgramSeriesCategory({ keyword: k, childMode: ctx.childMode }),
      ])
      return { keyword: k, total: found?.total ?? 0, list: found?.list ?? [], categories: cats?.list ?? [] }
    })
    return k
  }

  /** Narrows the shown results to one category ('' = all). */
  async selectCategory(categoryId: string): Promise<void> {
    this.categoryId = categoryId
    await this.refilter(false)
  }

  /**
   * After typing: filters the results by a label of label.json ('' = none), beside the category tabs.
   * The tabs are counted again with the label (searchProgramSeriesCategory with labelId).
   */
  async selectLabel(labelId: string): Promise<void> {
    if (labelId === this.labelId) return
    this.labelId = labelId
    await this.refilter(true)
  }

  /** The results as the category and label choices narrow them (searchProgramSeries). */
  private async refilter(labelChanged: boolean): Promise<void> {
    const keyword = this.results.value?.keyword
    if (!keyword) return
    const { categoryId, labelId } = this
    const childMode = this.resultsChildMode
    const jobs: Array<Promise<unknown>> = []
    if (labelChanged) {
      if (labelId) jobs.push(this.labelCategories.run(async () => (await this.api.searchProgramSeriesCategory({ keyword, labelId, childMode }))?.list ?? []))
      else this.labelCategories.reset()
    }
    if (categoryId || labelId) {
      jobs.push(
        this.categoryResults.run(async () => {
          const r = await this.api.searchProgramSeries({ keyword, ...(categoryId ? { categoryId } : {}), ...(labelId ? { labelId } : {}), page: 1, pageSize: FILTER_PAGE_SIZE, childMode })
          runInAction(() => (this.filteredTotal = r?.total ?? 0))
          return r?.list ?? []
        }),
      )
    }
    await Promise.all(jobs)
  }

  /** Whether a category or a label narrows the results. */
  get filtering(): boolean {
    return Boolean(this.categoryId || this.labelId)
  }

  /** The category tabs: counted with the label when one is chosen. */
  get tabs(): CategoryCount[] {
    return this.labelId ? (this.labelCategories.value ?? []) : (this.results.value?.categories ?? [])
  }

  /** How many programs the results header announces. */
  get shownTotal(): number {
    return this.filtering ? this.filteredTotal : (this.results.value?.total ?? 0)
  }

  get shownResults(): ProgramCard[] {
    return this.filtering ? (this.categoryResults.value ?? []) : (this.results.value?.list ?? [])
  }

  /** Takes programs the user just black-listed out of the results on screen (the next search asks the gateway). */
  dropPrograms(programIds: readonly string[]): void {
    const r = this.results.value
    if (r) {
      const list = r.list.filter((c) => !programIds.includes(c.programId))
      if (list.length !== r.list.length) this.results.set({ ...r, list, total: Math.max(list.length, r.total - (r.list.length - list.length)) })
    }
    const c = this.categoryResults.value
    if (c) this.categoryResults.set(c.filter((x) => !programIds.includes(x.programId)))
  }

  /**
   * The TV's mode changed (e.g. child lock turned on): what is on screen was asked in the other mode,
   * so results, category results and suggestions go (a child never keeps an adult list); the hints
   * are asked again by the root.
   */
  modeChanged(): void {
    this.suggestSeq++
    this.suggestions = []
    this.categoryId = ''
    this.results.reset()
    this.categoryResults.reset()
    this.labelId = ''
    this.labelCategories.reset()
  }

  /** Logout: the recent searches, the keyword and the results of this user are gone. */
  reset(): void {
    this.clearRecent()
    this.keyword = ''
    this.modeChanged()
  }

  clearRecent(): void {
    this.recent = []
    if (this.owner) this.storage.remove(recentKey(this.owner))
  }

  private remember(keyword: string): void {
    this.recent = [keyword, ...this.recent.filter((k) => k !== keyword)].slice(0, RECENT_LIMIT)
    if (this.owner) this.storage.set(recentKey(this.owner), this.recent)
  }
}
