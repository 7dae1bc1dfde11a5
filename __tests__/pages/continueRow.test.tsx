/**
 * Issue 22: home's 继续观看 row in the real app: loaded after home's first paint, the unfinished
 * records with their episode, position and progress; a tap opens the detail; absent when logged out.
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import type { HistoryItem } from '@/protocol/contract/models'

const rec = (id: string, over: Partial<HistoryItem> = {}): HistoryItem => ({
  programId: id, title: `节目${id}`, poster: '', episodeIndex: 2, positionSec: 600, durationSec: 2400, watchedAt: 1, mac: 'AABBCCDDEEF1', finished: false, typeIds: [], child: false, ...over,
})

describe('home: 继续观看', () => {
  let services: ReturnType<typeof installLoggedIn>
  const records = [rec('a'), rec('b', { finished: true }), rec('c', { episodeIndex: 7, positionSec: 3725, durationSec: 5000 })]

  beforeAll(async () => {
    services = installLoggedIn({
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

  it('a tap opens the detail of the program', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    ;(topPage().querySelector('.continue-card[data-program="c"]') as HTMLElement).click()
    await until(() => nav.mock.calls.length === 1, 'navigation')
    expect(String((nav.mock.calls[0][0] as { url: string }).url)).toContain('programId=c')
    nav.mockRestore()
  })

  it('logged out, the row is absent', async () => {
    services.root.logout()
    await until(() => topPage().querySelectorAll('.continue-row').length === 0, 'row gone')
  })
})
