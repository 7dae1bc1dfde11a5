/**
 * Pages mounted in the real app (jsdom, hash router) over stores fed by a fake gateway: what the
 * user sees and what a tap does. The browser e2e suite does the same against the local stack.
 */
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { fakeApi, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { device, userInfo } from '../stores/fixtures'
import type { ProgramCard, ProgramDetail } from '@/protocol/contract/models'
import { defaultMinorsSettings } from '@/protocol/minorsSettings'

const card = (id: string, title: string): ProgramCard => ({
  programId: id, title, poster: '', categoryId: 'c1', categoryName: '电影', year: 2020, score: 8.1, episodeCount: 1, updateInfo: '', source: 'own',
})

const thirdParty: ProgramDetail = {
  ...card('p9', '天际好声音'), source: 'thirdParty', appName: '芒果TV', description: '简介', area: '内地', tags: [], cast: [], episodes: [],
  collected: false, inBlackList: false,
  h5Play: { appName: '芒果TV', action: 'a', package: 'com.mgtv', component: { pkg: 'com.mgtv', cls: 'Main' }, extras: { loadUrl: 'https://m/1' }, params: '', type: 'web' },
}

function api() {
  return fakeApi({
    userCenter: {
      mobileLogin: async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }),
      queryBindDevice: async () => [device()],
      // minors' mode off: the phone's guard reads it before it lets a play go (it fails closed)
      queryMinorsMode: async () => ({
        mac: device().mac,
        settings: { ...defaultMinorsSettings('8to16'), enabled: false },
        updatedAt: 0,
        today: { day: '20260101', usedSec: 0, limitSec: 3600, granted: false, reason: '' },
        serverTime: Date.now(),
        hasPassword: false,
        triesLeft: 5,
        retryAfterSec: 0,
      }),
    },
    desktop: {
      mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [{ tabId: 't1', name: '精选' }, { tabId: 't2', name: '电影' }] }),
      blockList: async ({ tabId }: { tabId: string }) => ({ total: 1, list: [{ blockId: `b-${tabId}`, title: tabId === 't1' ? '热播榜' : '院线大片', layout: 'grid', items: [card('p1', '山海往事'), card('p2', '烈火纪行')] }] }),
    },
    search: {
      hotSearch: async () => ({ tipsList: [{ name: '少年来信' }, { name: '烈火风云' }] }),
      ns: async ({ keyword }: { keyword: string }) => ({ total: 1, list: [card('p3', `${keyword}第一季`)] }),
      searchProgramSeriesCategory: async () => ({ list: [] }),
      searchTips: async ({ keyword }: { keyword: string }) => ({ list: [{ name: `${keyword}传`, programId: 'p4' }] }),
    },
    epg: { getDetail: async () => thirdParty },
    box: { checkIsCollection: async () => ({ collected: false }) },
    other: { getRelevantList: async () => ({ list: [] }) },
  } as never)
}

describe('core pages', () => {
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    services = installServices({ api: api(), phone: '13800000000' })
    jest.spyOn(services.root.tv, 'setDevice').mockImplementation(() => undefined)
    await createTaroApp()
    await services.root.start()
  })

  it('home: the TV card, the cycling hint, the desktop tabs and their blocks', async () => {
    await until(() => textsOf('.block__title').includes('热播榜'), 'first tab blocks')
    expect(textsOf('.tv-card__name')).toEqual(['客厅电视'])
    expect(textsOf('.home-tabs__tab')).toEqual(['精选', '电影', '电视频道'])
    expect(textsOf('.search-entry__hint')).toEqual(['少年来信'])
    expect(textsOf('.program-card__title')).toEqual(['山海往事', '烈火纪行'])
  })

  it('home: a tab switch shows its content and logs a page view with the tab', async () => {
    ;(topPage().querySelectorAll('.home-tabs__tab')[1] as HTMLElement).click()
    await until(() => textsOf('.block__title').includes('院线大片'), 'second tab blocks')
    expect(services.tracker.records).toContainEqual({ kind: 'pageView', url: '/pages/index/index?tab=1' })
  })

  it('search: the hint as placeholder, the hot list, and results for a picked hot word', async () => {
    await Taro.navigateTo({ url: '/pages/index-search/index-search' })
    await until(() => textsOf('.discover__hot-name').length === 2, 'hot list')
    expect(topPage().querySelector('.search-bar__input')?.getAttribute('placeholder')).toBe('少年来信')
    ;(topPage().querySelector('.discover__hot-item') as HTMLElement).click()
    await until(() => textsOf('.result-summary').length === 1, 'results')
    expect(textsOf('.result-summary')[0]).toContain('少年来信')
    expect(textsOf('.program-card__title')).toEqual(['少年来信第一季'])
  })

  it('detail: an offline TV is said plainly and nothing is asked or sent', async () => {
    await Taro.navigateTo({ url: '/pages/detail/detail?programId=p9' })
    await until(() => textsOf('.detail-hero__title').includes('天际好声音'), 'detail')
    expect(services.root.ystProgramId).toBe('p9')
    const play = jest.spyOn(services.root.tv, 'playOnTv')
    const modal = jest.spyOn(Taro, 'showModal')
    ;(topPage().querySelector('.detail-actions__btn--primary') as HTMLElement).click()
    await until(() => (document.body.textContent ?? '').includes('还没有绑定电视') || (document.body.textContent ?? '').includes('电视不在线'), 'offline toast')
    expect(modal).not.toHaveBeenCalled()
    expect(play).not.toHaveBeenCalled()
  })

  it('detail: online, the confirm names the app; cancel logs a cancel event and sends nothing', async () => {
    runInAction(() => (services.root.tv.linkState = 'online'))
    const play = jest.spyOn(services.root.tv, 'playOnTv')
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' } as never)
    ;(topPage().querySelector('.detail-actions__btn--primary') as HTMLElement).click()
    await until(() => services.tracker.records.some((r) => r.info === 'cancel'), 'cancel event')
    expect(modal.mock.calls[0][0]).toMatchObject({ content: '该节目来源于「芒果TV」，将直接在电视上播放' })
    expect(play).not.toHaveBeenCalled()
  })

  it('detail: confirm sends exactly the SPEC 3 payload, once', async () => {
    const play = jest.spyOn(services.root.tv, 'playOnTv').mockReturnValue({ ok: true, sequenceId: 1 })
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' } as never)
    ;(topPage().querySelector('.detail-actions__btn--primary') as HTMLElement).click()
    await until(() => play.mock.calls.length > 0, 'play sent')
    const { appName: _a, ...payload } = thirdParty.h5Play!
    expect(play.mock.calls).toEqual([[payload]])
  })
})
