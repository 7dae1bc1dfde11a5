import { makeAutoObservable } from 'mobx'
import type { Api } from '../../../services/api'
import type { HistoryItem } from '../../../protocol/contract/models'
import { Loadable } from '../../../stores/kit/loadable'
import type { RootStore } from '../../../stores/app/root'

/**
 * Home's 继续观看 row. The user's unfinished watch records, newest first, up to
 * CONTINUE_LIMIT, read from queryHistory page after page (at most CONTINUE_MAX_PAGES) until the row is
 * full; black-listed programs and programs of a black-listed category are left out, and in child mode
 * only what the child channel allows. Loaded after home's first paint (its module is imported then).
 */
export const CONTINUE_LIMIT = 10
export const CONTINUE_PAGE_SIZE = 20
export const CONTINUE_MAX_PAGES = 5

export type ContinueApi = { box: Pick<Api['box'], 'queryHistory' | 'blackListQuery' | 'typeBlackList'> }

/** What the row leaves out: the user's black lists and, in child mode, what the child channel does not allow. */
export interface ContinueFilter {
  programIds: ReadonlySet<string>
  typeIds: ReadonlySet<string>
  childMode: boolean
}

/**
 * Whether a record belongs in the row: not finished, not black-listed (program or one of its types),
 * and in child mode allowed on the child channel (a record that does not say is not).
 */
export function continuesIn(item: HistoryItem, filter: ContinueFilter): boolean {
  if (item.finished === true) return false
  if (filter.programIds.has(item.programId)) return false
  if ((item.typeIds ?? []).some((t) => filter.typeIds.has(t))) return false
  if (filter.childMode && item.child !== true) return false
  return true
}

/** The row's records from pages of history, in their order, without repeats, at most `limit`. */
export function pickContinue(pages: ReadonlyArray<readonly HistoryItem[]>, filter: ContinueFilter, limit = CONTINUE_LIMIT): HistoryItem[] {
  const out: HistoryItem[] = []
  const seen = new Set<string>()
  for (const page of pages) {
    for (const item of page) {
      if (out.length >= limit) return out
      if (seen.has(item.programId) || !continuesIn(item, filter)) continue
      seen.add(item.programId)
      out.push(item)
    }
  }
  return out
}

export class ContinueStore {
  readonly items: Loadable<HistoryItem[]>

  constructor(
    private readonly api: ContinueApi,
    private readonly uid: () => string,
  ) {
    this.items = new Loadable<HistoryItem[]>()
    makeAutoObservable<ContinueStore, 'api' | 'uid'>(this, { api: false, uid: false, items: false })
  }

  /** Logged out: nothing (the row is absent). A failed reload keeps what was shown. */
  async load(childMode: boolean): Promise<void> {
    const uid = this.uid()
    if (!uid) {
      this.reset()
      return
    }
    await this.items.refresh(async () => {
      const [black, types] = await Promise.all([
        this.api.box.blackListQuery({ uid, objectIds: [] }),
        this.api.box.typeBlackList({ uid }),
      ])
      const filter: ContinueFilter = {
        programIds: new Set(black.list.map((b) => b.objectId)),
        typeIds: new Set(types.list.filter((t) => t.inBlackList).map((t) => t.typeId)),
        childMode,
      }
      const pages: HistoryItem[][] = []
      let seen = 0
      for (let page = 1; page <= CONTINUE_MAX_PAGES; page++) {
        const res = await this.api.box.queryHistory({ uid, page, pageSize: CONTINUE_PAGE_SIZE })
        pages.push(res.list)
        seen += res.list.length
        if (pickContinue(pages, filter).length >= CONTINUE_LIMIT || res.list.length < CONTINUE_PAGE_SIZE || seen >= res.total) break
      }
      return pickContinue(pages, filter)
    })
  }

  /** The row is shown only with something in it. */
  get visible(): boolean {
    return (this.items.value?.length ?? 0) > 0
  }

  reset(): void {
    this.items.reset()
  }
}

/** Home's 继续观看 store (created by the row's own, lazily loaded, module; reset with the user). */
export function continueOf(root: RootStore): ContinueStore {
  return root.extra(ContinueStore, () => new ContinueStore(root.api, () => root.session.uid))
}
