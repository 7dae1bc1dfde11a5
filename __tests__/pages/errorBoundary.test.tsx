/**
 * What still slips past the contract check (an answer the fake api hands straight to
 * the store, a rendering bug) is caught by the error boundary around every page, which shows the
 * page's error state with its title and a retry, never a blank or crashed app.
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { fakeApi, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { pageErrors, titles } from '@/strings'

let answer: unknown = null
const good = {
  programId: 'p1', title: '山海往事', poster: '', categoryId: 'c1', categoryName: '电影', year: 2020, score: 8.1, episodeCount: 1, updateInfo: '',
  source: 'own', description: '简介', area: '内地', tags: ['古装'], cast: [], episodes: [], collected: false, inBlackList: false,
}

describe('error boundary around every page', () => {
  beforeAll(async () => {
    installServices({
      api: fakeApi({
        epg: { getDetail: async () => answer },
        box: { checkIsCollection: async () => ({ collected: false }) },
        other: { getRelevantList: async () => ({ list: [] }) },
      } as never),
    })
    await createTaroApp()
  })

  it('a detail answer without tags shows the error state with a retry, under the page title', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { tags: _tags, ...broken } = good
    answer = broken
    await Taro.navigateTo({ url: '/pages/detail/detail?programId=p1' })
    await until(() => textsOf('.state-view__text').includes(pageErrors.crashed), 'the boundary state')
    expect(textsOf('.nav-bar__title')).toContain(titles.detail)
    expect(topPage().querySelector('.state-view--error')).not.toBeNull()
    // said, not swallowed: the error reaches the console
    expect(spy).toHaveBeenCalled()

    // the retry mounts the page again, which loads again and now renders
    answer = good
    const retry = topPage().querySelector('.state-view__action') as HTMLElement
    expect(retry.textContent).toBe(pageErrors.retry)
    retry.click()
    await until(() => textsOf('.detail-tags__tag').includes('古装'), 'the detail after retry')
    spy.mockRestore()
  })
})

describe('every page module is wrapped', () => {
  it('the default export of each page listed in app.config is a bounded page', () => {
    const config = require('@/app.config').default as { pages: string[]; subPackages?: Array<{ root: string; pages: string[] }> }
    const paths = [...config.pages, ...(config.subPackages ?? []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    expect(paths.length).toBeGreaterThanOrEqual(28)
    for (const path of paths) {
      const mod = require(`@/${path.replace(/^\//, '')}`) as { default: { displayName?: string } }
      expect([path, mod.default.displayName?.startsWith('Page(')]).toEqual([path, true])
    }
  })
})
