import { makeAutoObservable, reaction, runInAction } from 'mobx'
import { DAY_MS, serverDayKey, serverDayStart } from '../../../protocol/time'
import type { Api } from '../../../services/api'
import type { collectionItem, H5Play, HistoryItem } from '../../../protocol/contract/models'
import type { Infer } from '../../../protocol/contract/schema'
import { Loadable } from '../../../stores/kit/loadable'
import { PagedList, type Page } from '../../../stores/kit/pagedList'
import { failureMessage } from '../../../stores/kit/loadState'
import { guardedWrite, mayHaveApplied, type ActionResult } from '../../../stores/kit/write'
import { devices as d, personal as t, program as p } from '../../../strings'
import type { RootStore } from '../../../stores/app/root'

export type PersonalApi = {
  box: Pick<
    Api['box'],
    'queryCollection' | 'deleteCollection' | 'queryHistory' | 'deleteHistory' | 'querySingleHistory' | 'blackListQuery' | 'blackListBatch' | 'typeBlackList' | 'typeBlackListAdd' | 'typeBlackListDelete' | 'typeBlackListBatch'
  >
  epg: Pick<Api['epg'], 'getDetail'>
}

export type CollectionItem = Infer<typeof collectionItem>

export const PERSONAL_PAGE_SIZE = 20

/** A page of the user's own list and, on the child channel, how many of their items it left out. */
export type OwnPage<T> = Page<T> & { hidden?: number }

/**
 * A paged list of the user's own things that the user can remove from (favourites, records, black
 * list). An item leaves the list only once the gateway agreed; a refusal or a dropped network keeps
 * every item and the selection, and says why.
 */
export class RemovableList<T extends { child?: boolean }> {
  readonly list: PagedList<T>
  editing = false
  selected: string[] = []
  busy = false
  /** How many items the child channel left out of the last answer. */
  private serverHidden = 0

  constructor(
    fetchPage: (page: number, pageSize: number) => Promise<OwnPage<T>>,
    readonly keyOf: (item: T) => string,
    pageSize = PERSONAL_PAGE_SIZE,
    /**
     * The TV's child mode. While it is on, the gateway is asked on the child channel (it
     * leaves the rest out and says how many), and only items that say the child channel allows them
     * are shown (a gateway that ignores the channel shows nothing adult either).
     */
    private readonly childMode: () => boolean = () => false,
  ) {
    this.list = new PagedList<T>(async (page, size) => {
      const answer = await fetchPage(page, size)
      runInAction(() => (this.serverHidden = answer?.hidden ?? 0))
      return answer
    }, pageSize)
    makeAutoObservable<RemovableList<T>, 'childMode'>(this, { list: false, keyOf: false, childMode: false })
  }

  /** What the list shows: every item, or in child mode those the child channel allows. */
  get shown(): T[] {
    return this.childMode() ? this.list.items.filter((i) => i.child === true) : this.list.items
  }

  /** How many of the user's items child mode keeps out of this list (0 outside child mode). */
  get hiddenCount(): number {
    return this.childMode() ? this.serverHidden + this.list.items.length - this.shown.length : 0
  }

  /** The TV's mode changed: a list already loaded is asked again (on the other channel). */
  modeChanged(): void {
    this.selected = []
    if (this.list.status !== 'idle') void this.list.loadFirst()
  }

  setEditing(on: boolean): void {
    this.editing = on
    this.selected = []
  }

  toggle(key: string): void {
    this.selected = this.selected.includes(key) ? this.selected.filter((k) => k !== key) : [...this.selected, key]
  }

  get allSelected(): boolean {
    return this.shown.length > 0 && this.shown.every((i) => this.selected.includes(this.keyOf(i)))
  }

  toggleAll(): void {
    this.selected = this.allSelected ? [] : this.shown.map(this.keyOf)
  }

  isSelected(key: string): boolean {
    return this.selected.includes(key)
  }

  /**
   * Removes `keys` through `call` (which resolves the gateway's answer; it throws when the gateway
   * refused or the network dropped). The list changes only after a real answer. When the answer was
   * lost (mayHaveApplied), the list is read again from the gateway: it shows what the gateway has, and
   * the removal counts as done only if the items are gone there.
   */
  async remove(keys: readonly string[], call: () => Promise<unknown>, done: string, all = false): Promise<ActionResult> {
    if (keys.length === 0 && !all) return { ok: false, message: t.nothingSelected }
    return guardedWrite(this, async () => {
      let answer: unknown
      try {
        answer = await call()
      } catch (e) {
        if (!mayHaveApplied(e)) throw e
        await this.list.loadFirst()
        const readBack = this.list.status === 'ready' || this.list.status === 'empty'
        const gone = all ? this.list.items.length === 0 : !this.list.items.some((i) => keys.includes(this.keyOf(i)))
        if (!readBack || !gone) throw e
        runInAction(() => {
          this.selected = this.selected.filter((k) => !keys.includes(k))
          if (this.list.items.length === 0) this.editing = false
        })
        return done
      }
      if (answer === null || answer === undefined) return null
      runInAction(() => {
        if (all) this.list.removeWhere(() => true)
        else this.list.removeWhere((i) => keys.includes(this.keyOf(i)))
        if (all) this.list.total = 0
        if (all && this.list.status === 'ready') this.list.status = 'empty'
        this.selected = this.selected.filter((k) => !keys.includes(k))
        if (this.list.items.length === 0) this.editing = false
      })
      return done
    })
  }

  reset(): void {
    this.list.reset()
    this.editing = false
    this.selected = []
    this.serverHidden = 0
  }
}

export type RecordGroup = 'today' | 'yesterday' | 'earlier'

/** 今天 / 昨天 / 更早 by the gateway's calendar day (UTC+8), whatever the phone's time zone. */
export function recordGroupOf(watchedAt: number, now: number): RecordGroup {
  const today = serverDayStart(serverDayKey(now))
  if (watchedAt >= today) return 'today'
  return watchedAt >= today - DAY_MS ? 'yesterday' : 'earlier'
}

/** Records in groups, in the order they came (newest first), empty groups left out. */
export function groupRecords(items: readonly HistoryItem[], now: number): Array<{ group: RecordGroup; items: HistoryItem[] }> {
  const order: RecordGroup[] = ['today', 'yesterday', 'earlier']
  const byGroup = new Map<RecordGroup, HistoryItem[]>()
  for (const item of items) {
    const g = recordGroupOf(item.watchedAt, now)
    byGroup.set(g, [...(byGroup.get(g) ?? []), item])
  }
  return order.filter((g) => byGroup.has(g)).map((g) => ({ group: g, items: byGroup.get(g) ?? [] }))
}



export interface TypeEntry {
  typeId: string
  name: string
  inBlackList: boolean
}

export interface BlackListed {
  objectId: string
  title: string
  poster: string
  addedAt: number
  /** Extension: the child channel allows it. */
  child?: boolean
}

/**
 * The personal area's data, without UI: favourites, watch records, the program black list and the
 * program-type black list of the logged-in user. `onBlackListChanged` tells the rest of the app
 * (home, search) that what it shows may now contain black-listed programs.
 */
export class PersonalStore {
  readonly favourites: RemovableList<CollectionItem>
  readonly records: RemovableList<HistoryItem>
  readonly blackList: RemovableList<BlackListed>
  readonly types: Loadable<TypeEntry[]>
  /** One category switch (or batch) at a time. */
  readonly typeWrite = { busy: false }
  /** 分类黑名单's edit mode: black-listed categories selected for one batch removal. */
  typesEditing = false
  typesSelected: string[] = []
  private readonly stopModeWatch: () => void

  constructor(
    private readonly api: PersonalApi,
    private readonly uid: () => string,
    private readonly onBlackListChanged: (change: { programIds?: string[]; typeId?: string }) => void = () => undefined,
    readonly now: () => number = () => Date.now(),
    /** The TV's child mode (root.childMode): the lists show what the child channel allows. */
    readonly childMode: () => boolean = () => false,
  ) {
    this.favourites = new RemovableList<CollectionItem>((page, pageSize) => this.api.box.queryCollection({ uid: this.uid(), page, pageSize, childMode: this.childMode() }), (i) => i.programId, PERSONAL_PAGE_SIZE, childMode)
    this.records = new RemovableList<HistoryItem>((page, pageSize) => this.api.box.queryHistory({ uid: this.uid(), page, pageSize, childMode: this.childMode() }), (i) => i.programId, PERSONAL_PAGE_SIZE, childMode)
    this.blackList = new RemovableList<BlackListed>(
      async (page, pageSize) => {
        const r = await this.api.box.blackListQuery({ uid: this.uid(), objectIds: [], page, pageSize, childMode: this.childMode() })
        return r ? { total: r.total ?? r.list.length, list: r.list, hidden: r.hidden } : (r as unknown as Page<BlackListed>)
      },
      (i) => i.objectId,
      PERSONAL_PAGE_SIZE,
      childMode,
    )
    this.types = new Loadable<TypeEntry[]>()
    makeAutoObservable<PersonalStore, 'api' | 'uid' | 'onBlackListChanged' | 'stopModeWatch'>(this, {
      api: false, uid: false, onBlackListChanged: false, favourites: false, records: false, blackList: false, types: false, now: false, childMode: false, stopModeWatch: false,
    })
    // the TV entering or leaving child mode: the lists shown are asked again, with no reload by the user
    this.stopModeWatch = reaction(() => this.childMode(), () => {
      for (const l of [this.favourites, this.records, this.blackList]) l.modeChanged()
    })
  }

  /** 清空 would delete records child mode hides: only outside child mode. */
  get canClearRecords(): boolean {
    return !this.childMode()
  }

  /** Multi-select delete of favourites (deleteCollection). */
  removeFavourites(programIds: readonly string[]): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return Promise.resolve({ ok: false, message: d.needLogin })
    return this.favourites.remove(programIds, () => this.api.box.deleteCollection({ uid, programIds: [...programIds] }), t.deleted)
  }

  removeRecord(programId: string): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return Promise.resolve({ ok: false, message: d.needLogin })
    return this.records.remove([programId], () => this.api.box.deleteHistory({ uid, programIds: [programId], clearAll: false }), t.deleted)
  }

  clearRecords(): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return Promise.resolve({ ok: false, message: d.needLogin })
    if (!this.canClearRecords) return Promise.resolve({ ok: false, message: t.childNoClear })
    return this.records.remove([], () => this.api.box.deleteHistory({ uid, programIds: [], clearAll: true }), t.cleared, true)
  }

  /**
   * What a third-party record plays on the TV: the program's h5Play from its detail (the same payload
   * the detail page sends), or the reason there is none.
   */
  async playPayloadOf(programId: string): Promise<{ ok: true; play: H5Play } | { ok: false; message: string }> {
    try {
      const detail = await this.api.epg.getDetail({ programId, uid: this.uid() })
      return detail.h5Play ? { ok: true, play: detail.h5Play } : { ok: false, message: p.playNeedsApp }
    } catch (e) {
      return { ok: false, message: failureMessage(e, p.playNeedsApp) }
    }
  }

  async removeFromBlackList(objectIds: readonly string[]): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return { ok: false, message: d.needLogin }
    const res = await this.blackList.remove(objectIds, () => this.api.box.blackListBatch({ uid, objectIds: [...objectIds], action: 'del' }), objectIds.length > 1 ? t.blacksRemoved(objectIds.length) : t.removed)
    // back in recommendations: lists reload from the gateway, nothing to drop
    if (res.ok) this.onBlackListChanged({})
    return res
  }

  loadTypes(): Promise<TypeEntry[] | undefined> {
    return this.types.run(async () => (await this.api.box.typeBlackList({ uid: this.uid() }))?.list as TypeEntry[])
  }

  /** Switches one category's black-list flag; the switch moves only when the gateway agreed. */
  async setType(typeId: string, on: boolean): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return { ok: false, message: d.needLogin }
    const entry = this.types.value?.find((x) => x.typeId === typeId)
    if (!entry) return { ok: false, message: d.failed }
    const res = await guardedWrite(this.typeWrite, async () => {
      const r = on ? await this.api.box.typeBlackListAdd({ uid, typeId }) : await this.api.box.typeBlackListDelete({ uid, typeId })
      if (!r) return null
      runInAction(() => this.types.set((this.types.value ?? []).map((x) => (x.typeId === typeId ? { ...x, inBlackList: r.inBlackList } : x))))
      return r.inBlackList ? t.typeOn(entry.name) : t.typeOff(entry.name)
    })
    if (res.ok) this.onBlackListChanged({ typeId })
    return res
  }

  setTypesEditing(on: boolean): void {
    this.typesEditing = on
    this.typesSelected = []
  }

  /** The categories the edit mode offers: the black-listed ones. */
  get blackListedTypes(): TypeEntry[] {
    return (this.types.value ?? []).filter((x) => x.inBlackList)
  }

  toggleTypeSelected(typeId: string): void {
    if (!this.blackListedTypes.some((x) => x.typeId === typeId)) return
    this.typesSelected = this.typesSelected.includes(typeId) ? this.typesSelected.filter((k) => k !== typeId) : [...this.typesSelected, typeId]
  }

  get allTypesSelected(): boolean {
    const on = this.blackListedTypes
    return on.length > 0 && on.every((x) => this.typesSelected.includes(x.typeId))
  }

  toggleAllTypes(): void {
    this.typesSelected = this.allTypesSelected ? [] : this.blackListedTypes.map((x) => x.typeId)
  }

  /**
   * Takes the selected categories out of the black list in one programtypeblacklist batchaddordel
   * call. The switches change only after the gateway's answer; a refusal changes nothing and says
   * why. An answer that was lost (mayHaveApplied) is read back: the page then shows what the gateway
   * has, and the batch counts as done only if every category is off there.
   */
  async removeTypes(typeIds: readonly string[] = this.typesSelected): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return { ok: false, message: d.needLogin }
    if (typeIds.length === 0) return { ok: false, message: t.nothingSelectedToRemove }
    const ids = [...typeIds]
    const done = () => {
      this.typesSelected = this.typesSelected.filter((k) => !ids.includes(k))
      if (this.blackListedTypes.length === 0) this.typesEditing = false
    }
    const res = await guardedWrite(this.typeWrite, async () => {
      let answer: { count: number } | undefined
      try {
        answer = await this.api.box.typeBlackListBatch({ uid, typeIds: ids, action: 'del' })
      } catch (e) {
        if (!mayHaveApplied(e)) throw e
        const fresh = await this.api.box.typeBlackList({ uid }).then((r) => r?.list as TypeEntry[] | undefined, () => undefined)
        if (!fresh) throw e
        const gone = ids.every((id) => !fresh.find((x) => x.typeId === id)?.inBlackList)
        runInAction(() => {
          this.types.set(fresh)
          if (gone) done()
        })
        if (!gone) throw e
        return t.typesRemoved(ids.length)
      }
      if (!answer) return null
      runInAction(() => {
        this.types.set((this.types.value ?? []).map((x) => (ids.includes(x.typeId) ? { ...x, inBlackList: false } : x)))
        done()
      })
      return t.typesRemoved(ids.length)
    })
    if (res.ok) this.onBlackListChanged({})
    return res
  }

  dispose(): void {
    this.stopModeWatch()
  }

  /** Logout: nothing of the previous user stays. */
  reset(): void {
    this.favourites.reset()
    this.records.reset()
    this.blackList.reset()
    this.types.reset()
    this.typesEditing = false
    this.typesSelected = []
  }
}

/**
 * The personal area's store of the app: created by the first personal page opened (我的收藏, 观看记录,
 * the black lists), so its code loads with those pages and not with home; reset with the user. A
 * black-list change reaches home and search through the root.
 */
export function personalOf(root: RootStore): PersonalStore {
  return root.extra(PersonalStore, () => new PersonalStore(root.api, () => root.session.uid, (change) => root.onBlackListChanged(change), undefined, () => root.childMode))
}
