import { createTaroApp } from '../helpers/createTaroApp'
import { failingApi, installServices } from '../helpers/testServices'
import { titles } from '@/strings'

/**
 * The spec's route table (SPEC section 2), written out here on purpose: this test is the oracle for
 * src/routes.ts and app.config.ts, not a copy of them.
 */
const SPEC_ROUTES: Array<[string, string]> = [
  ['pages/index/index', titles.index],
  ['pages/index-search/index-search', titles.indexSearch],
  ['pages/detail/detail', titles.detail],
  ['pages/list-detail/list-detail', titles.listDetail],
  ['pages/my-fav/my-fav', titles.myFav],
  ['pages/my-tv/my-tv', titles.myTv],
  ['pages/my-record/my-record', titles.myRecord],
  ['pages/my-tabmode/my-tabmode', titles.myTabmode],
  ['pages/my-one-lock/my-one-lock', titles.myOneLock],
  ['pages/my-black-list/my-black-list', titles.myBlackList],
  ['pages/black-list/black-list', titles.blackList],
  ['pages/my-home/my-home', titles.myHome],
  ['pages/my-info/my-info', titles.myInfo],
  ['pages/web-view/web-view', titles.webView],
  ['subpackages/pages/flow-more/flow-more', titles.flowMore],
  ['subpackages/pages/detail-cast/detail-cast', titles.detailCast],
  ['subpackages/pages/user-agreement/user-agreement', titles.userAgreement],
  ['subpackages4/pages/points-list/points-list', titles.pointsList],
  ['subpackages4/pages/points-income/points-income', titles.pointsIncome],
  ['subpackages4/pages/activity-rules/activity-rules', titles.activityRules],
  ['subpackages4/pages/points-exchange/points-exchange', titles.pointsExchange],
  ['subpackages4/pages/points-my-prize/points-my-prize', titles.pointsMyPrize],
  ['subpackages4/pages/points-exchange-detail/points-exchange-detail', titles.pointsExchangeDetail],
  ['subpackages4/pages/activity-share/activity-share', titles.activityShare],
  ['subpackages4/pages/activity-index/activity-index', titles.activityIndex],
  ['subpackages9/pages/add-address/add-address', titles.addAddress],
  ['pages/choose-location/choose-location', titles.chooseLocation],
  ['pages/open-location/open-location', titles.openLocation],
]

import Taro from '@tarojs/taro'
import { h5Router } from '../../config/router'

async function titleShown(path: string): Promise<string> {
  const id = `/${path}`
  const alias = (h5Router.customRoutes as Record<string, string>)[id] ?? id
  for (let i = 0; i < 100; i++) {
    const page = [...document.querySelectorAll('.taro_page')].find((el) => el.id.split('?')[0] === id || el.id.split('?')[0] === alias)
    const el = page?.querySelector('.nav-bar__title')
    if (el?.textContent) return el.textContent
    await new Promise((r) => setTimeout(r, 10))
  }
  return ''
}

describe('every route of the spec starts and shows its title', () => {
  beforeAll(() => {
    // No gateway here: every call fails, so each page shows its shell, title and error state.
    installServices({ api: failingApi() })
  })

  it('a deep link to a subpackage page starts the app on that page', async () => {
    await createTaroApp('subpackages9/pages/add-address/add-address')
    expect(await titleShown('subpackages9/pages/add-address/add-address')).toBe(titles.addAddress)
  })

  it.each(SPEC_ROUTES)('%s shows %s', async (path, title) => {
    await Taro.reLaunch({ url: `/${path}` })
    expect(await titleShown(path)).toBe(title)
  })

  it('the H5 system pages answer at their short paths', async () => {
    window.location.hash = '#/choose-location'
    expect(await titleShown('pages/choose-location/choose-location')).toBe(titles.chooseLocation)
    window.location.hash = '#/open-location'
    expect(await titleShown('pages/open-location/open-location')).toBe(titles.openLocation)
  })
})
