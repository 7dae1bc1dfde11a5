import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../services/api'
import type { Infer } from '../../protocol/contract/schema'
import type { block as blockSchema } from '../../protocol/contract/desktop'
import { deskTopId } from '../../config'
import { Loadable } from '../kit/loadable'
import { home as t } from '../../strings'

export type Block = Infer<typeof blockSchema>
export type HomeApi = {
  desktop: Pick<Api['desktop'], 'mobileDesktop' | 'blockList' | 'desktopAttribute'>
}

export type DesktopInfo = Awaited<ReturnType<Api['desktop']['mobileDesktop']>>

export interface HomeTab {
  key: string
  name: string
  kind: 'desktop' | 'live'
  tabId?: string
}

export const LIVE_TAB_KEY = 'live'
export const BLOCKS_PAGE_SIZE = 20

/** What a returning user sees at once: the desktop and the blocks of the tab last shown. */
export interface CachedHome {
  desktop: DesktopInfo
  tabKey: string
  blocks: Block[]
  savedAt: number
}

/**
 * The home cache: one entry per user, TV and mode, so a child-mode home is never shown from
 * an adult entry. `key` is null when there is nobody to cache for (logged out, no TV).
 */
export interface HomeCachePort {
  key(childMode: boolean): string | null
  read(key: string): CachedHome | undefined
  write(key: string, home: CachedHome): void
  /** Everything cached goes (logout, a black list changed). */
  clear(): void
}

/**
 * The home page's data: the desktop for the TV's mode (normal or child, SPEC 4 curVersion), its tabs
 * plus a live tab (its data: LiveStore), the selected tab index, and each tab's blocks loaded on first view.
 */
export class HomeStore {
  readonly desktop: Loadable<DesktopInfo>
  tabIndex = 0
  deskTopId = deskTopId[0]
  /** What the tabs show may be out of date (a black list changed): home reloads when shown. */
  stale = false
  private readonly tabData = new Map<string, Loadable<Block[]>>()

  /** Whether what is shown came from the cache and its refresh has not answered yet. */
  fromCache = false

  constructor(
    private readonly api: HomeApi,
    private readonly onPageView: (tabIndex: number, tab: HomeTab | undefined) => void = () => undefined,
    private readonly cache: HomeCachePort | null = null,
  ) {
    this.desktop = new Loadable((d) => !d || d.tabs.length === 0)
    makeAutoObservable<HomeStore, 'api' | 'onPageView' | 'tabData' | 'cache'>(this, { api: false, onPageView: false, tabData: false, cache: false })
  }

  get tabs(): HomeTab[] {
    const d = this.desktop.value
    const tabs: HomeTab[] = (d?.tabs ?? []).map((x) => ({ key: x.tabId, name: x.name, kind: 'desktop', tabId: x.tabId }))
    return d ? [...tabs, { key: LIVE_TAB_KEY, name: t.liveTab, kind: 'live' }] : []
  }

  get currentTab(): HomeTab | undefined {
    return this.tabs[this.tabIndex]
  }

  blocksOf(tabKey: string): Loadable<Block[]> {
    let l = this.tabData.get(tabKey)
    if (!l) {
      l = new Loadable<Block[]>()
      this.tabData.set(tabKey, l)
    }
    return l
  }

  /**
   * Loads the desktop of the TV's mode; curVersion 0 (child) uses the child desktop. A returning user
   * sees the cached home of this user, TV and mode at once while it loads behind; the answer replaces
   * it and is cached in turn.
   */
  async load(childMode: boolean): Promise<void> {
    const id = childMode ? deskTopId[1] : deskTopId[0]
    const modeChanged = id !== this.deskTopId
    if (modeChanged) {
      this.deskTopId = id
      this.tabData.clear()
      this.tabIndex = 0
      // never the other mode's desktop while this one loads (a child-locked TV never shows the adult one)
      this.desktop.reset()
    }
    if (this.stale) {
      this.stale = false
      this.tabData.clear()
    }
    const key = this.cache?.key(childMode) ?? null
    if (key && this.desktop.value === undefined) this.showCached(key)
    await this.desktop.refresh(() => this.api.desktop.mobileDesktop({ deskTopId: id }))
    runInAction(() => {
      if (this.tabIndex >= this.tabs.length) this.tabIndex = 0
    })
    await this.loadTab(this.tabIndex, this.fromCache)
    runInAction(() => (this.fromCache = false))
    // keyed as things stand now: the bound TVs may have loaded meanwhile (the desktop is the mode's)
    const now = this.cache?.key(childMode)
    if (now && this.deskTopId === id) this.saveToCache(now)
  }

  /** The blocks on screen may hold programs that are now black-listed: the next show reloads them. */
  invalidate(): void {
    this.stale = true
    this.cache?.clear()
  }

  private showCached(key: string): void {
    const cached = this.cache?.read(key)
    if (!cached?.desktop?.tabs?.length) return
    this.desktop.set(cached.desktop)
    this.tabIndex = Math.max(0, this.tabs.findIndex((t) => t.key === cached.tabKey))
    this.blocksOf(cached.tabKey).set(cached.blocks)
    this.fromCache = true
  }

  private saveToCache(key: string): void {
    const desktop = this.desktop.value
    const tab = this.currentTab
    if (!desktop || this.desktop.error || tab?.kind !== 'desktop') return
    const blocks = this.blocksOf(tab.key)
    if (blocks.status !== 'ready' || blocks.error || !blocks.value) return
    this.cache?.write(key, { desktop, tabKey: tab.key, blocks: blocks.value, savedAt: Date.now() })
  }

  /** Selects a tab (SPEC 2: tracked index, page view logged with the tab as a query). */
  async selectTab(index: number): Promise<void> {
    if (index < 0 || index >= this.tabs.length) return
    this.tabIndex = index
    this.onPageView(index, this.tabs[index])
    await this.loadTab(index)
  }

  async loadTab(index: number, force = false): Promise<void> {
    const tab = this.tabs[index]
    if (!tab) return
    // the live tab loads its own data (LiveStore, with the tab's code)
    if (tab.kind === 'live') return
    const l = this.blocksOf(tab.key)
    if (!force && (l.status === 'ready' || l.status === 'loading' || l.status === 'empty')) return
    await l.refresh(async () => (await this.api.desktop.blockList({ deskTopId: this.deskTopId, tabId: tab.tabId ?? tab.key, page: 1, pageSize: BLOCKS_PAGE_SIZE, childMode: this.deskTopId === deskTopId[1] }))?.list ?? [])
  }
}
