/**
 * Home's 继续观看 row in the real app: loaded after home's first paint, the unfinished
 * records with their episode, position and progress; a tap opens the detail; absent when logged out.
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import type { HistoryItem } from '@/protocol/contract/models'

const rec = (id: string, over: Partial<HistoryItem> = {}): HistoryItem => ({
  programId: id, title: `节目${id}`, poster: '', episodeIndex: 2, positionSec: 600, durationSec: 2400, watchedAt: 1, mac: 'AABBCCDDEEF1', finished: false, typeIds: [], child: false, ...over,
})

const block = (blockId: string, title: string) => ({ blockId, title, layout: 'row' as const, items: [{ programId: `${blockId}-p`, title: `${title}节目`, poster: '', categoryId: 'c', categoryName: '电影', year: 2024, score: 8, episodeCount: 1, updateInfo: '', source: 'own' as const }] })

describe('home: 继续观看', () => {
  let services: ReturnType<typeof installLoggedIn>
  const records = [rec('a'), rec('b', { finished: true }), rec('c', { episodeIndex: 7, positionSec: 3725, durationSec: 5000 })]

  beforeAll(async () => {
    services = installLoggedIn({
      desktop: {
        mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [{ tabId: 't1', name: '精选' }, { tabId: 't2', name: '电影' }] }),
        blockList: async () => ({ total: 2, list: [block('b1', '热播'), block('b2', '猜你喜欢')] }),
        desktopAttribute: async () => ({}),
      },
      other: { configImage: async ({ position }: { position: string }) => ({ list: position === 'home-banner' ? [{ imageId: 'i1', url: 'https://img/1.png', link: '', title: '活动' }] : [] }) },
      box: {
        queryHistory: async () => ({ total: records.length, list: records }),
        blackListQuery: async () => ({ list: [] }),
        typeBlackList: async () => ({ list: [] }),
        checkIsCollection: async () => ({ collected: false }),
        querySingleHistory: async () => ({ found: false, list: [] }),
      },
    } as never)
    await services.root.start()
    await createTaroApp()
  })

  it('shows the unfinished records with their episode, position and a progress bar', async () => {
    await until(() => textsOf('.continue-card__title').length === 2, 'row')
    expect(textsOf('.continue-row__title')).toEqual(['继续观看'])
    expect(textsOf('.continue-card__title')).toEqual(['节目a', '节目c'])
    expect(textsOf('.continue-card__meta')).toEqual(['第2集 看到 10:00', '第7集 看到 1:02:05'])
    expect(topPage().querySelector('.continue-card .progress')?.getAttribute('data-progress')).toBe('25')
  })

  it('the row and the operator banner sit in the landing tab below its first block, not in the fixed header', async () => {
    await until(() => topPage().querySelector('.op-images') !== null, 'banner')
    const order = [...topPage().querySelectorAll('.block__title, .op-images, .continue-row')].map((n) => (n.classList.contains('block__title') ? n.textContent : n.className.split(' ')[0]))
    expect(order).toEqual(['热播', 'op-images', 'continue-row', '猜你喜欢'])
    expect(topPage().querySelector('.home-look .continue-row, .home-look .op-images')).toBeNull()
  })

  it('a tap opens the detail of the program', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    ;(topPage().querySelector('.continue-card[data-program="c"]') as HTMLElement).click()
    await until(() => nav.mock.calls.length === 1, 'navigation')
    expect(String((nav.mock.calls[0][0] as { url: string }).url)).toContain('programId=c')
    nav.mockRestore()
  })

  it('another tab of the desktop has neither (they belong to the landing tab)', async () => {
    await services.root.home.selectTab(1)
    await until(() => topPage().querySelectorAll('.continue-row').length === 0, 'row gone on 电影')
    expect(topPage().querySelector('.op-images')).toBeNull()
    await services.root.home.selectTab(0)
    await until(() => topPage().querySelectorAll('.continue-row').length === 1, 'row back on 精选')
  })

  it('logged out, the row is absent', async () => {
    services.root.logout()
    await until(() => topPage().querySelectorAll('.continue-row').length === 0, 'row gone')
  })
})
