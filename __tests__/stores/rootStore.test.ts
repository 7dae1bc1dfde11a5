import { RootStore } from '@/stores/app/root'
import { HomeStore } from '@/stores/app/homeStore'
import { memoryStorage } from '@/platform/memoryStorage'
import { deskTopId, serviceChannelId } from '@/config'
import type { Api } from '@/services/api'
import { trackerPort, tvLinkApi } from '@/appRoot'
import { consentedStorage, recordingTracker, tvReports, unusedTvLink } from '../helpers/testServices'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

function fakeApi() {
  const devices = [device(), device({ familyId: 'f2', mac: 'AABBCCDDEE02', deviceName: '卧室电视' })]
  return {
    userCenter: {
      mobileLogin: jest.fn(async () => ({ user: userInfo({ lastFamilyId: 'f2' }), token: 'tok', secret: 'sec', offline: false })),
      queryBindDevice: jest.fn(async () => devices),
      changeDevice: jest.fn(async ({ familyId }: { familyId: string }) => userInfo({ lastFamilyId: familyId })),
      changeDeviceName: jest.fn(),
      bindDevice: jest.fn(),
      wxaUnbindFamily: jest.fn(),
    },
    search: {},
    desktop: {},
    live: {},
    jarvis: {
      jarvisLogin: jest.fn(async () => ({ cid: 'c1', appKey: 'k', sign: 's', clientTopic: ['tvc/phone/c1'] })),
      queryAgentTopic: jest.fn(async () => [{ mac: 'aabbccddeef1', topic: 'tvc/tv/AABBCCDDEEF1' }]),
    },
  }
}

function root(api = fakeApi(), storage: ReturnType<typeof memoryStorage> = consentedStorage(), phone: string | null = '13800000000') {
  const tracker = recordingTracker()
  const r = new RootStore({ api: api as unknown as Api, storage, getPhone: async () => (phone ? devProvenPhone(phone) : null), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(tracker) })
  return { r, api, tracker, storage }
}

describe('RootStore', () => {
  afterEach(() => jest.restoreAllMocks())

  it('start: logs in through the bridge, loads the TVs, and hands the current one to the TV link', async () => {
    const { r, api } = root()
    const setDevice = jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    await r.start({ sharerUid: 's9' })
    expect(api.userCenter.mobileLogin).toHaveBeenCalledWith(expect.objectContaining({ phone: '13800000000', sharerUid: 's9', serviceChannelId }))
    expect(r.devices.current?.familyId).toBe('f2')
    expect(setDevice).toHaveBeenLastCalledWith(expect.objectContaining({ familyId: 'f2' }), { uid: 'u1', phone: '13800000000', nickName: '小明' })
    expect(r.loggedIn).toBe(true)
    expect(r.started).toBe(true)
  })

  it('start with a saved session does not log in again', async () => {
    const first = root()
    await first.r.start()
    const again = root(fakeApi(), first.storage)
    jest.spyOn(again.r.tv, 'setDevice').mockImplementation(() => undefined)
    await again.r.start()
    expect(again.api.userCenter.mobileLogin).not.toHaveBeenCalled()
    expect(again.r.user.user?.uid).toBe('u1')
  })

  it('no phone from the bridge: no login, no TV, the reason in words', async () => {
    const { r, api } = root(fakeApi(), consentedStorage(), null)
    await r.start()
    expect(api.userCenter.mobileLogin).not.toHaveBeenCalled()
    // The silent attempt at launch reports nothing: the card invites, it does not flash an error.
    expect(r.user.error).toBe('')
    expect(await r.signIn()).toEqual({ ok: false, message: '未获取到手机号，无法登录' })
    expect(r.user.error).toBe('未获取到手机号，无法登录')
    expect(r.tv.device).toBeNull()
    expect(r.loggedIn).toBe(false)
  })

  it('a nickname edited in my-info reaches the TV link (the next command\'s from.nickname), without a restart', async () => {
    const { r } = root()
    const setDevice = jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    await r.start()
    expect(setDevice).toHaveBeenLastCalledWith(expect.objectContaining({ familyId: 'f2' }), expect.objectContaining({ nickName: '小明' }))
    const calls = setDevice.mock.calls.length
    r.session.updateUser({ nickName: '客厅老王' })
    expect(setDevice).toHaveBeenCalledTimes(calls + 1)
    expect(setDevice).toHaveBeenLastCalledWith(expect.objectContaining({ familyId: 'f2' }), { uid: 'u1', phone: '13800000000', nickName: '客厅老王' })
    r.session.updateUser({ faceImg: 'x.png' })
    expect(setDevice).toHaveBeenCalledTimes(calls + 1) // nothing the link sends changed
  })

  it('dispose stops the stores pages created (their timers and reactions) along with its own', () => {
    const { r } = root()
    class Timed { reset = jest.fn(); dispose = jest.fn() }
    class Plain { reset = jest.fn() }
    const extra = new Timed()
    r.extra(Timed, () => extra)
    r.extra(Plain, () => new Plain())
    r.dispose()
    expect(extra.dispose).toHaveBeenCalledTimes(1)
    expect(extra.reset).not.toHaveBeenCalled()
  })

  it('switching the current TV moves the TV link to it', async () => {
    const { r } = root()
    const setDevice = jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    await r.start()
    await r.devices.switchTo(r.devices.devices[0])
    expect(setDevice).toHaveBeenLastCalledWith(expect.objectContaining({ familyId: 'f1' }), expect.anything())
  })

  it('child mode follows the TV: currentEPGVersion 0 is the child version', () => {
    const { r } = root()
    expect(r.curVersion).toBe(1)
    expect(r.childMode).toBe(false)
    tvReports(r.tv, { currentEPGVersion: 0 })
    expect(r.curVersion).toBe(0)
    expect(r.childMode).toBe(true)
    expect(r.searchContext.childMode).toBe(true)
  })

  it('the TV going to child mode makes the home blocks, suggestions and search tabs ask the child channel, and drops adult results', async () => {
    const api = fakeApi()
    const card = { programId: 'p1', title: '成人片', poster: '', categoryId: 'c', categoryName: '电影', year: 2024, score: 8, episodeCount: 1, updateInfo: '', source: 'own' as const }
    const calls = {
      hotSearch: jest.fn(async () => ({ tipsList: [] })),
      searchTips: jest.fn(async () => ({ list: [] })),
      ns: jest.fn(async () => ({ total: 1, list: [card] })),
      searchProgramSeriesCategory: jest.fn(async () => ({ list: [] })),
      mobileDesktop: jest.fn(async ({ deskTopId: id }: { deskTopId: string }) => ({ deskTopId: id, name: 'd', tabs: [{ tabId: `${id}-t1`, name: '精选' }] })),
      blockList: jest.fn(async () => ({ total: 0, list: [] })),
    }
    Object.assign(api.search, calls)
    Object.assign(api.desktop, { mobileDesktop: calls.mobileDesktop, blockList: calls.blockList })
    const { r } = root(api)
    jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    await r.search.search(r.searchContext, '成人')
    expect(r.search.shownResults).toHaveLength(1)
    tvReports(r.tv, { currentEPGVersion: 0 })
    expect(r.search.shownResults).toHaveLength(0)
    await r.showHome()
    expect(calls.blockList).toHaveBeenLastCalledWith(expect.objectContaining({ deskTopId: deskTopId[1], childMode: true }))
    r.search.setKeyword('熊')
    await r.search.suggest()
    expect(calls.searchTips).toHaveBeenLastCalledWith({ keyword: '熊', childMode: true })
    await r.search.search(r.searchContext, '熊')
    expect(calls.searchProgramSeriesCategory).toHaveBeenLastCalledWith({ keyword: '熊', childMode: true })
  })

  it('an ended session logs out cleanly: no user, no TVs, no TV link', async () => {
    const { r } = root()
    const setDevice = jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    await r.start()
    r.endSession()
    expect(r.user.user).toBeNull()
    expect(r.session.token()).toBe('')
    expect(r.devices.devices).toEqual([])
    expect(setDevice).toHaveBeenLastCalledWith(null, null)
  })

  it('hiding the app while a share sheet is open is a share return, not leaving (SPEC 4)', () => {
    const { r } = root()
    const hide = jest.spyOn(r.tv, 'onAppHide')
    const show = jest.spyOn(r.tv, 'onAppShow')
    r.onAppHide()
    expect(hide).toHaveBeenLastCalledWith(false)
    r.markSharing()
    r.onAppHide()
    expect(hide).toHaveBeenLastCalledWith(true)
    r.onAppShow()
    expect(show).toHaveBeenLastCalledWith(false)
    r.onAppHide()
    expect(hide).toHaveBeenLastCalledWith(false)
  })
})

describe('composition adapters', () => {
  it('the TV topic is data[0].topic of the agent-topic lookup', async () => {
    const api = fakeApi()
    expect(await tvLinkApi(api as unknown as Api).queryAgentTopic(['AA:BB:CC:DD:EE:F1'])).toBe('tvc/tv/AABBCCDDEEF1')
    api.jarvis.queryAgentTopic.mockResolvedValueOnce([])
    expect(await tvLinkApi(api as unknown as Api).queryAgentTopic(['x'])).toBeNull()
  })

  it('page views of home carry the tab as the query; others their parameters; ext is JSON', () => {
    const t = recordingTracker()
    const port = trackerPort(t)
    port.pageView('/pages/index/index', { tab: 2 })
    port.pageView('/pages/detail/detail', { programId: 'p1' })
    port.click('/pages/detail/detail', '收藏', { programId: 'p1' })
    expect(t.records).toEqual([
      { kind: 'pageView', url: '/pages/index/index?tab=2' },
      { kind: 'pageView', url: '/pages/detail/detail?programId=p1' },
      { kind: 'click', url: '/pages/detail/detail', info: '收藏', ext: '{"programId":"p1"}' },
    ])
  })
})

describe('HomeStore', () => {
  function homeApi() {
    return {
      desktop: {
        mobileDesktop: jest.fn(async ({ deskTopId: id }: { deskTopId: string }) => ({ deskTopId: id, name: 'd', tabs: [{ tabId: 't1', name: '精选' }, { tabId: 't2', name: '电影' }] })),
        blockList: jest.fn(async () => ({ total: 1, list: [{ blockId: 'b1', title: '热播', layout: 'row' as const, items: [] }] })),
        desktopAttribute: jest.fn(),
      },
    }
  }

  it('uses the normal desktop, or the child desktop in child mode', async () => {
    const api = homeApi()
    const home = new HomeStore(api as never)
    await home.load(false)
    expect(api.desktop.mobileDesktop).toHaveBeenLastCalledWith({ deskTopId: deskTopId[0] })
    await home.load(true)
    expect(api.desktop.mobileDesktop).toHaveBeenLastCalledWith({ deskTopId: deskTopId[1] })
  })

  it('tabs: the desktop tabs plus live; selecting logs a page view with the tab index and loads it once', async () => {
    const api = homeApi()
    const views: number[] = []
    const home = new HomeStore(api as never, (i) => views.push(i))
    await home.load(false)
    expect(home.tabs.map((t) => t.name)).toEqual(['精选', '电影', '电视频道'])
    expect(api.desktop.blockList).toHaveBeenCalledTimes(1)
    await home.selectTab(1)
    await home.selectTab(0)
    await home.selectTab(1)
    expect(views).toEqual([1, 0, 1])
    expect(api.desktop.blockList).toHaveBeenCalledTimes(2)
    await home.selectTab(2) // 电视频道: its data is the live tab's own (LiveStore), home asks nothing more
    expect(home.currentTab?.kind).toBe('live')
    expect(api.desktop.blockList).toHaveBeenCalledTimes(2)
    expect(home.tabIndex).toBe(2)
    await home.selectTab(7)
    expect(home.tabIndex).toBe(2)
  })
})

describe('consent before the phone number', () => {
  it('without consent the app browses: launch asks the bridge for nothing and does not log in', async () => {
    const getPhone = jest.fn(async () => devProvenPhone('13800000000'))
    const api = fakeApi()
    const r = new RootStore({ api: api as unknown as Api, storage: memoryStorage(), getPhone, tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    await r.start()
    expect(r.consent.accepted).toBe(false)
    expect(getPhone).not.toHaveBeenCalled()
    expect(api.userCenter.mobileLogin).not.toHaveBeenCalled()
    expect(r.loggedIn).toBe(false)
    expect(r.user.error).toBe('')
  })

  it('a login asked for without consent is refused in words; with it, the user is logged in and the TVs load', async () => {
    const getPhone = jest.fn(async () => devProvenPhone('13800000000'))
    const api = fakeApi()
    const storage = memoryStorage()
    const r = new RootStore({ api: api as unknown as Api, storage, getPhone, tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    expect(await r.signIn()).toEqual({ ok: false, message: '请先阅读并同意用户协议和隐私政策' })
    expect(getPhone).not.toHaveBeenCalled()
    expect(r.user.error).toBe('请先阅读并同意用户协议和隐私政策')
    r.consent.toggle()
    expect(await r.signIn()).toEqual({ ok: true })
    expect(r.loggedIn).toBe(true)
    expect(r.devices.devices.length).toBeGreaterThan(0)
    // Remembered: a new launch with the same storage is consented.
    const again = new RootStore({ api: api as unknown as Api, storage, getPhone, tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    expect(again.consent.accepted).toBe(true)
  })

  it('consent to older terms does not count; unticking withdraws it', () => {
    const old = new RootStore({
      api: fakeApi() as unknown as Api,
      storage: memoryStorage({ 'tvc.consent': { version: '2020-01', acceptedAt: 1 } }),
      getPhone: async () => null,
      tvLinkDeps: unusedTvLink,
      tracking: () => trackerPort(recordingTracker()),
    })
    expect(old.consent.accepted).toBe(false)
    const storage = consentedStorage()
    const r = new RootStore({ api: fakeApi() as unknown as Api, storage, getPhone: async () => null, tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    expect(r.consent.accepted).toBe(true)
    r.consent.toggle()
    expect(storage.get('tvc.consent')).toBeUndefined()
  })

  it("WeChat's privacy request waits for the user: agree answers with the button id, decline with disagree", () => {
    const { r } = root(fakeApi(), memoryStorage())
    const answers: unknown[] = []
    r.consent.privacyRequested((a) => answers.push(a))
    expect(r.consent.privacyPending).toBe(true)
    r.consent.agree('sheet-privacy-agree')
    expect(answers).toEqual([{ event: 'agree', buttonId: 'sheet-privacy-agree' }])
    expect(r.consent.accepted).toBe(true)
    expect(r.consent.privacyPending).toBe(false)
    r.consent.privacyRequested((a) => answers.push(a))
    r.consent.privacyRequested((a) => answers.push(['second', a]))
    r.consent.decline()
    expect(answers.slice(1)).toEqual([{ event: 'disagree' }, ['second', { event: 'disagree' }]])
  })
})
