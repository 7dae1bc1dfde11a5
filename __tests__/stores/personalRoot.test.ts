/** Cross-store rules of the personal area: logout clears everything kept for the user; black-list changes reach home and search. */
import { RootStore } from '@/stores/app/root'
import { LOGGED_OUT_KEY } from '@/stores/app/actions'
import { HOME_CACHE_KEY } from '@/stores/app/homeCache'
import type { Api } from '@/services/api'
import { trackerPort } from '@/appRoot'
import { discoverOf } from '@/features/search/store/discoverStore'
import { consentedStorage, recordingTracker, unusedTvLink } from '../helpers/testServices'
import { device, userInfo } from './fixtures'
import { personalOf } from '@/features/personal/store/personalStore'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const card = (id: string) => ({ programId: id, title: `节目${id}`, poster: '', categoryId: 'c1', categoryName: '电影', year: 2020, score: 8, episodeCount: 1, updateInfo: '', source: 'own' as const })

function api() {
  return {
    userCenter: {
      mobileLogin: jest.fn(async () => ({ user: userInfo(), token: 'tok', secret: 'sec', offline: false })),
      queryBindDevice: jest.fn(async () => [device()]),
    },
    search: {
      ns: jest.fn(async () => ({ total: 3, list: [card('a'), card('b'), card('c')] })),
      searchProgramSeriesCategory: jest.fn(async () => ({ list: [] })),
    },
    box: {
      queryCollection: jest.fn(async () => ({ total: 1, list: [{ ...card('f'), collectedAt: 1 }] })),
      queryHistory: jest.fn(async () => ({ total: 0, list: [] })),
    },
    desktop: {
      mobileDesktop: jest.fn(async ({ deskTopId: id }: { deskTopId: string }) => ({ deskTopId: id, name: '桌面', tabs: [{ tabId: 't1', name: '精选' }] })),
      blockList: jest.fn(async () => ({ total: 1, list: [{ blockId: 'b1', title: '热播', layout: 'row' as const, items: [] }] })),
    },
    live: {},
    jarvis: {},
  }
}

function root(storage = consentedStorage()) {
  const a = api()
  const r = new RootStore({ api: a as unknown as Api, storage, getPhone: async () => devProvenPhone('13800000000'), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
  jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
  return { r, a, storage }
}

describe('logout', () => {
  it('clears the session, the lists, the recent searches and the TVs, and closes the TV link', async () => {
    const { r, storage } = root()
    await r.start()
    await r.search.search(r.searchContext, '山海')
    await personalOf(r).favourites.list.loadFirst()
    await r.showHome()
    expect(storage.get(HOME_CACHE_KEY)).toBeTruthy()
    expect(r.search.recent).toEqual(['山海'])
    expect(personalOf(r).favourites.list.items).toHaveLength(1)
    r.logout()
    expect(r.user.user).toBeNull()
    expect(r.user.hasSession).toBe(false)
    expect(storage.get('tvc.session')).toBeUndefined()
    expect(r.search.recent).toEqual([])
    expect(storage.get('tvc.search.recent')).toBeUndefined()
    expect(r.search.results.value).toBeUndefined()
    expect(personalOf(r).favourites.list.items).toEqual([])
    expect(r.devices.devices).toEqual([])
    expect(r.loggedIn).toBe(false)
    expect(r.tv.setDevice).toHaveBeenLastCalledWith(null, null)
    // the cached home of the user who left goes too
    expect(storage.get(HOME_CACHE_KEY)).toBeUndefined()
  })

  it('the app does not log in silently again until the user asks to', async () => {
    const storage = consentedStorage()
    const first = root(storage)
    await first.r.start()
    first.r.logout()
    expect(storage.get(LOGGED_OUT_KEY)).toBe(true)
    const relaunch = root(storage)
    await relaunch.r.start()
    expect(relaunch.a.userCenter.mobileLogin).not.toHaveBeenCalled()
    expect(relaunch.r.loggedIn).toBe(false)
    await expect(relaunch.r.signIn()).resolves.toEqual({ ok: true })
    expect(relaunch.r.loggedIn).toBe(true)
    expect(storage.get(LOGGED_OUT_KEY)).toBeUndefined()
  })
})

describe('black-list changes', () => {
  it('a program black-listed on its detail leaves the search results on screen, and home reloads when shown', async () => {
    const { r } = root()
    await r.start()
    await r.search.search(r.searchContext, '山海')
    r.onBlackListChanged({ programIds: ['b'] })
    expect(r.search.shownResults.map((c) => c.programId)).toEqual(['a', 'c'])
    expect(r.search.results.value?.total).toBe(2)
    expect(r.home.stale).toBe(true)
  })

  it('a program black-listed leaves the search page\'s 热搜榜 and label list too (stores the search page created)', async () => {
    const { r, a } = root()
    Object.assign(a.search, {
      hotTop: jest.fn(async () => ({ list: [{ rank: 1, heat: 9, program: card('b') }, { rank: 2, heat: 8, program: card('c') }] })),
      searchProgramSeries: jest.fn(async () => ({ total: 2, list: [card('b'), card('a')] })),
    })
    const discover = discoverOf(r)
    await discover.loadTop()
    await discover.browseLabel('g1')
    r.onBlackListChanged({ programIds: ['b'] })
    expect(discover.top.value?.map((e) => e.program.programId)).toEqual(['c'])
    expect(discover.labelBrowse.value?.list.map((c) => c.programId)).toEqual(['a'])
  })

  it('a category change marks home stale too', () => {
    const { r } = root()
    r.onBlackListChanged({ typeId: 'g1' })
    expect(r.home.stale).toBe(true)
  })
})

describe('home after a black-list change', () => {
  it('a stale home asks the gateway for its blocks again; a fresh one does not', async () => {
    const { HomeStore } = await import('@/stores/app/homeStore')
    const blockList = jest.fn(async () => ({ total: 1, list: [{ blockId: 'b1', title: '热播', layout: 'grid', items: [card('a')] }] }))
    const home = new HomeStore({ desktop: { mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [{ tabId: 't1', name: '精选' }] }), blockList, desktopAttribute: jest.fn() }, live: {} } as never)
    await home.load(false)
    await home.load(false)
    expect(blockList).toHaveBeenCalledTimes(1)
    home.invalidate()
    await home.load(false)
    expect(blockList).toHaveBeenCalledTimes(2)
    expect(home.stale).toBe(false)
  })
})
