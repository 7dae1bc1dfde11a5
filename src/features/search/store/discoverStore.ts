import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { ProgramCard } from '../../../protocol/contract/models'
import type { Api } from '../../../services/api'
import { Loadable } from '../../../stores/kit/loadable'
import type { RootStore } from '../../../stores/app/root'

/** A label of label.json (a genre such as 古装): browsed before typing, filtering the results after. */
export interface Label {
  labelId: string
  name: string
}

/** One entry of 热搜榜 (hotTop): its rank, heat and program. */
export interface TopEntry {
  rank: number
  heat: number
  program: ProgramCard
}

/** How many programs a label list asks for at once (the same page as a category of the results). */
export const LABEL_PAGE_SIZE = 48

export type DiscoverApi = Pick<Api['search'], 'hotTop' | 'label' | 'searchProgramSeries'>

/**
 * What the search page offers before typing, without UI: the labels of label.json (browsed
 * here, and filtering the results in SearchStore), a label's programs, and 热搜榜 (hotTop) by category.
 * Every list is asked in the TV's mode (child mode: the child channel) and goes when the mode changes
 * (a child never keeps an adult list). Created by the search page (root.extra), so its code loads with
 * that page and not with home.
 */
export class DiscoverStore {
  /** The labels of label.json. */
  readonly labels = new Loadable<Label[]>()
  /** The label being browsed ('' = none) and its programs. */
  browseLabelId = ''
  readonly labelBrowse = new Loadable<{ total: number; list: ProgramCard[] }>((v) => v.list.length === 0)
  /** 热搜榜 of `topCategoryId` ('' = all categories), and the categories it can switch to. */
  readonly top = new Loadable<TopEntry[]>()
  topCategoryId = ''
  topCategories: Array<{ categoryId: string; name: string }> = []
  private readonly stopWatchingMode: () => void

  constructor(
    private readonly api: DiscoverApi,
    /** The TV's child mode now (curVersion 0): every call then carries the child channel. */
    private readonly childMode: () => boolean = () => false,
  ) {
    makeAutoObservable<DiscoverStore, 'api' | 'childMode' | 'stopWatchingMode'>(this, { api: false, childMode: false, stopWatchingMode: false })
    this.stopWatchingMode = reaction(() => this.childMode(), () => this.modeChanged())
  }

  labelNameOf(labelId: string): string {
    return (labelId && this.labels.value?.find((l) => l.labelId === labelId)?.name) || ''
  }

  /** The labels of label.json, once (again after a failure). */
  async loadLabels(): Promise<void> {
    if (this.labels.status === 'ready' || this.labels.status === 'loading') return
    await this.labels.run(async () => (await this.api.label())?.labels ?? [])
  }

  /** Lists the programs of one label (in the TV's mode). */
  async browseLabel(labelId: string): Promise<void> {
    this.browseLabelId = labelId
    const childMode = this.childMode()
    await this.labelBrowse.run(async () => {
      const r = await this.api.searchProgramSeries({ keyword: '', labelId, page: 1, pageSize: LABEL_PAGE_SIZE, childMode })
      return { total: r?.total ?? 0, list: r?.list ?? [] }
    })
  }

  /** Back from a label's programs to the discover area. */
  closeBrowse(): void {
    this.browseLabelId = ''
    this.labelBrowse.reset()
  }

  /** 热搜榜 of one category ('' = all), asked in the TV's mode (child mode: the child channel). */
  async loadTop(categoryId = this.topCategoryId): Promise<void> {
    this.topCategoryId = categoryId
    const childMode = this.childMode()
    await this.top.run(async () => {
      const r = await this.api.hotTop({ ...(categoryId ? { categoryId } : {}), childMode })
      if (r?.categories) runInAction(() => (this.topCategories = r.categories ?? []))
      return r?.list ?? []
    })
  }

  /** Takes programs the user just black-listed out of the lists on screen. */
  dropPrograms(programIds: string[]): void {
    const b = this.labelBrowse.value
    if (b) this.labelBrowse.set({ ...b, list: b.list.filter((x) => !programIds.includes(x.programId)) })
    const top = this.top.value
    if (top) this.top.set(top.filter((e) => !programIds.includes(e.program.programId)))
  }

  /** The TV's mode changed: 热搜榜 and the label browsed were asked in the other mode, so they go. */
  modeChanged(): void {
    this.top.reset()
    this.topCategories = []
    this.topCategoryId = ''
    this.closeBrowse()
  }

  /** Logout: nothing of the user's stays (labels are asked again). */
  reset(): void {
    this.modeChanged()
    this.labels.reset()
  }

  /** Stops following the TV's mode (tests; the app's store lives as long as the app). */
  dispose(): void {
    this.stopWatchingMode()
  }
}

/** The search page's labels and 热搜榜 (created by that page, so its code loads with it, not with home). */
export function discoverOf(root: RootStore): DiscoverStore {
  return root.extra(DiscoverStore, () => new DiscoverStore(root.api.search, () => root.childMode))
}
