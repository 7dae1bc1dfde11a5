/**
 * The search page: labels of label.json (browse before typing, filter after typing,
 * shown in the results header) and 热搜榜 (rank, title, heat, per category; a tap opens the detail).
 */
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import type { ProgramCard } from '@/protocol/contract/models'
import { GatewayError } from '@/services/http/types'
import { discoverOf } from '@/features/search/store/discoverStore'

const card = (id: string, title: string, categoryId = 'c1'): ProgramCard => ({
  programId: id, title, poster: '', categoryId, categoryName: '电视剧', year: 2020, score: 8, episodeCount: 1, updateInfo: '', source: 'own',
})

describe('search page: labels and 热搜榜', () => {
  const hotTop = jest.fn(async ({ categoryId, childMode }: { categoryId?: string; childMode?: boolean }) => ({
    list: categoryId === 'c2'
      ? [{ rank: 1, heat: 5_000, program: card('p20', '动物王国', 'c2') }]
      : [{ rank: 1, heat: 1_234_567, program: card('p10', '长安往事') }, { rank: 2, heat: 98_765, program: card('p11', '山河故人') }].filter(() => !childMode),
    categories: [{ categoryId: 'c1', name: '电视剧' }, { categoryId: 'c2', name: '纪录片' }],
  }))
  const searchProgramSeries = jest.fn(async ({ keyword, labelId, categoryId }: { keyword: string; labelId?: string; categoryId?: string }) => {
    if (!keyword && labelId === 'g2') return { total: 2, list: [card('p30', '古镇传奇'), card('p31', '宫墙柳')] }
    if (labelId === 'g2') return { total: 1, list: [card('p31', '宫墙柳')] }
    return { total: 1, list: [card('p32', `${keyword}-${categoryId}`)] }
  })
  const searchProgramSeriesCategory = jest.fn(async ({ labelId }: { labelId?: string }) => ({
    list: labelId ? [{ categoryId: 'c1', name: '电视剧', count: 1 }] : [{ categoryId: 'c1', name: '电视剧', count: 2 }, { categoryId: 'c2', name: '纪录片', count: 1 }],
  }))
  let services: ReturnType<typeof installLoggedIn>

  beforeAll(async () => {
    services = installLoggedIn({
      search: {
        hotSearch: async () => ({ tipsList: [{ name: '长安往事' }] }),
        label: async () => ({ labels: [{ labelId: 'g1', name: '悬疑' }, { labelId: 'g2', name: '古装' }] }),
        hotTop,
        ns: async () => ({ total: 3, list: [card('p40', '宫廷秘史'), card('p31', '宫墙柳'), card('p41', '宫崎纪录', 'c2')] }),
        searchProgramSeriesCategory,
        searchProgramSeries,
        searchTips: async () => ({ list: [] }),
      },
      epg: { getDetail: async ({ programId }: { programId: string }) => ({ ...card(programId, '山河故人'), description: '', area: '', tags: [], cast: [], episodes: [], collected: false, inBlackList: false }) },
      box: { checkIsCollection: async () => ({ collected: false }) },
      other: { getRelevantList: async () => ({ list: [] }) },
    } as never)
    await services.root.start()
    await createTaroApp('pages/index-search/index-search')
  })

  it('热搜榜 shows rank, title and heat; a category switch asks hotTop of that category', async () => {
    await until(() => textsOf('.top-list__title').length === 2, 'top list')
    expect(textsOf('.top-list__title')).toEqual(['长安往事', '山河故人'])
    expect(textsOf('.top-list__heat')).toEqual(['热度 123万', '热度 9.9万'])
    expect(textsOf('.top-list .discover__rank')).toEqual(['1', '2'])
    ;(topPage().querySelector('[data-top-category="c2"]') as HTMLElement).click()
    await until(() => textsOf('.top-list__title').join() === '动物王国', 'documentary top list')
    expect(hotTop).toHaveBeenLastCalledWith({ categoryId: 'c2', childMode: false })
    ;(topPage().querySelector('[data-top-category="all"]') as HTMLElement).click()
    await until(() => textsOf('.top-list__title').length === 2, 'all again')
  })

  it('a failed 热搜榜 says why and retries on tap; the rest of the page stays', async () => {
    hotTop.mockImplementationOnce(async () => {
      throw new GatewayError('server', '9999', '榜单维护中', 'test')
    })
    await discoverOf(services.root).loadTop('')
    await until(() => textsOf('[data-action="top-retry"]').length === 1, 'retry text')
    expect(textsOf('[data-action="top-retry"]')[0]).toBe('榜单维护中，点击重试')
    expect(textsOf('.discover__hot-name')).toEqual(['长安往事'])
    ;(topPage().querySelector('[data-action="top-retry"]') as HTMLElement).click()
    await until(() => textsOf('.top-list__title').length === 2, 'top list back')
  })

  it('browsing by a label before typing lists that label\'s programs; 返回 goes back', async () => {
    await until(() => textsOf('.discover__chip[data-label]').join() === '悬疑,古装', 'labels')
    ;(topPage().querySelector('.discover__chip[data-label="g2"]') as HTMLElement).click()
    await until(() => textsOf('.program-card__title').join() === '古镇传奇,宫墙柳', 'label programs')
    expect(searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '', labelId: 'g2', page: 1, pageSize: 48, childMode: false })
    expect(textsOf('.label-browse__head')[0]).toContain('标签「古装」共 2 部')
    ;(topPage().querySelector('[data-action="close-label"]') as HTMLElement).click()
    await until(() => textsOf('.top-list__title').length === 2, 'discover again')
  })

  it('after typing, a label filters the results beside the category tabs and shows in the header', async () => {
    await services.root.search.search(services.root.searchContext, '宫')
    await until(() => textsOf('.result-summary').length === 1, 'results')
    expect(textsOf('.result-summary')[0]).toBe('「宫」共找到 3 个节目')
    expect(textsOf('.result-cats__chip').slice(0, 3)).toEqual(['全部 3', '电视剧 2', '纪录片 1'])
    ;(topPage().querySelector('.label-chips [data-label="g2"]') as HTMLElement).click()
    await until(() => textsOf('.result-summary')[0] === '「宫」· 标签「古装」共找到 1 个节目', 'label header')
    expect(textsOf('.program-card__title')).toEqual(['宫墙柳'])
    expect(searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '宫', labelId: 'g2', page: 1, pageSize: 48, childMode: false })
    expect(searchProgramSeriesCategory).toHaveBeenLastCalledWith({ keyword: '宫', labelId: 'g2', childMode: false })
    // one category left with the label: no category tab row (a single tab says nothing); the label row stays
    expect(textsOf('.result-cats__chip:not([data-label])')).toEqual([])
    expect(textsOf('.result-cats__chip[data-label]')).toEqual(['全部标签', '悬疑', '古装'])
    ;(topPage().querySelector('.label-chips [data-label="all"]') as HTMLElement).click()
    await until(() => textsOf('.result-summary')[0] === '「宫」共找到 3 个节目', 'label cleared')
    expect(textsOf('.program-card__title')).toEqual(['宫廷秘史', '宫墙柳', '宫崎纪录'])
  })

  it('a tap on a 热搜榜 entry opens its detail', async () => {
    runInAction(() => services.root.search.results.reset())
    await until(() => textsOf('.top-list__title').length === 2, 'top list')
    ;(topPage().querySelector('.top-list__item[data-program="p11"]') as HTMLElement).click()
    await until(() => (Taro.getCurrentInstance().router?.path ?? '').includes('pages/detail/detail'), 'detail opened')
    expect(Taro.getCurrentInstance().router?.params?.programId).toBe('p11')
  })
})
