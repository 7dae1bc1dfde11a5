/**
 * The cross-store rules live in the root store (pages render and call), and
 * logout clears everything that belongs to the user who left.
 */
import { runInAction } from 'mobx'
import { RootStore } from '@/stores/app/root'
import { Session } from '@/stores/app/session'
import { deskTopId } from '@/config'
import type { Api } from '@/services/api'
import { trackerPort } from '@/appRoot'
import { tv as tvText, program as programText } from '@/strings'
import { consentedStorage, recordingTracker, tvReports, unusedTvLink } from '../helpers/testServices'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

function fakeApi() {
  return {
    userCenter: {
      mobileLogin: jest.fn(async ({ phone }: { phone: string }) => ({ user: userInfo({ uid: phone === '13800000001' ? 'u2' : 'u1', phone }), token: `tok-${phone}`, secret: 'sec', offline: false })),
      queryBindDevice: jest.fn(async () => [device()]),
    },
    search: {
      hotSearch: jest.fn(async ({ childMode }: { childMode?: boolean }) => ({ tipsList: [{ name: childMode ? '少儿热搜' : '热搜' }] })),
      ns: jest.fn(async () => ({ total: 0, list: [] })),
      searchProgramSeriesCategory: jest.fn(async () => ({ list: [] })),
    },
    desktop: { mobileDesktop: jest.fn(async ({ deskTopId: id }: { deskTopId: string }) => ({ deskTopId: id, name: '桌面', tabs: [] })) },
    live: {},
    activity: { taskInfoByTaskClass: jest.fn(async () => ({ '6': [{ id: 't1', type: '6', status: 'NO_RECEIVED', needSum: 1 }] })) },
  }
}

function setup(phone = '13800000000') {
  const storage = consentedStorage()
  const tracker = recordingTracker()
  const api = fakeApi()
  let bridgePhone = phone
  const r = new RootStore({ api: api as unknown as Api, storage, getPhone: async () => devProvenPhone(bridgePhone), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(tracker) })
  jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
  return { r, api, storage, tracker, usePhone: (p: string) => (bridgePhone = p) }
}

const flush = () => new Promise((res) => setTimeout(res, 0))

describe('the Session comes first', () => {
  it('the root store uses the Session it is handed (the one the request client reads)', async () => {
    const storage = consentedStorage()
    const session = new Session(storage)
    const r = new RootStore({ api: fakeApi() as unknown as Api, storage, session, getPhone: async () => devProvenPhone('13800000000'), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    jest.spyOn(r.tv, 'setDevice').mockImplementation(() => undefined)
    await r.start()
    expect(session.token()).toBe('tok-13800000000')
    expect(r.user.user?.uid).toBe('u1')
    session.end()
    expect(r.user.user).toBeNull()
  })
})

describe('logout clears what belongs to the user who left', () => {
  it('recent searches, TVs, tasks and the open program go; the next user starts clean', async () => {
    const { r, storage, usePhone } = setup()
    await r.start()
    await r.search.search(r.searchContext, '甲搜过的')
    await r.tasks.load('u1')
    r.setYstProgramId('p1')
    expect(r.search.recent).toEqual(['甲搜过的'])
    r.endSession()
    expect(r.search.recent).toEqual([])
    expect(r.devices.devices).toEqual([])
    expect(r.tasks.byType.value).toBeUndefined()
    expect(r.ystProgramId).toBe('')
    expect(Object.keys(storage.dump()).filter((k) => k.startsWith('tvc.search.recent'))).toEqual([])
    expect(storage.get('tvc.session')).toBeUndefined()
    usePhone('13800000001')
    expect((await r.signIn()).ok).toBe(true)
    expect(r.session.uid).toBe('u2')
    expect(r.search.recent).toEqual([])
  })

  it("another user's login does not see the previous user's searches", async () => {
    const { r, usePhone } = setup()
    await r.start()
    await r.search.search(r.searchContext, '甲搜过的')
    usePhone('13800000001')
    await r.signIn()
    expect(r.session.uid).toBe('u2')
    expect(r.search.recent).toEqual([])
  })
})

describe('the TV mode decides home and hints (SPEC 4/9), in the root store', () => {
  it('a change to the child version reloads the child desktop and the child hints', async () => {
    const { r, api } = setup()
    await r.start()
    await r.showHome()
    expect(api.desktop.mobileDesktop).toHaveBeenLastCalledWith({ deskTopId: deskTopId[0] })
    expect(r.search.inputList).toEqual(['热搜'])
    tvReports(r.tv, { currentEPGVersion: 0 })
    await flush()
    expect(api.desktop.mobileDesktop).toHaveBeenLastCalledWith({ deskTopId: deskTopId[1] })
    expect(api.search.hotSearch).toHaveBeenLastCalledWith(expect.objectContaining({ childMode: true }))
    expect(r.search.inputList).toEqual(['少儿热搜'])
  })

  it('a guest gets the desktop but no hints call', async () => {
    const { r, api } = setup()
    await r.showHome()
    expect(api.desktop.mobileDesktop).toHaveBeenCalled()
    expect(api.search.hotSearch).not.toHaveBeenCalled()
  })
})

describe('play on the TV (SPEC 5): one check, in the root store', () => {
  const play = { action: 'a', package: 'com.app', component: { pkg: 'com.app', cls: 'Main' }, extras: { loadUrl: 'https://x/p1' }, params: '', type: 'web' as const, appName: '某视频' }

  it('no TV or an offline TV: refused plainly, nothing asked, nothing sent', async () => {
    const { r } = setup()
    const confirm = jest.fn(async () => true)
    const send = jest.spyOn(r.tv, 'playOnTv')
    expect(await r.playOnTv('p1', play, confirm)).toEqual({ ok: false, message: tvText.noDevice })
    runInAction(() => (r.tv.device = { uid: 'u1', mac: 'AABBCCDDEEFF', deviceName: '客厅' }))
    expect(await r.playOnTv('p1', play, confirm)).toEqual({ ok: false, message: tvText.offlineCannotSend })
    expect(r.tvBlocker).toBe(tvText.offlineCannotSend)
    expect(await r.playOnTv('p1', undefined, confirm)).toEqual({ ok: false, message: programText.playNeedsApp })
    expect(confirm).not.toHaveBeenCalled()
    expect(send).not.toHaveBeenCalled()
  })

  it('online: the confirm names the app; cancel is logged and sends nothing; confirm sends the SPEC 3 payload', async () => {
    const { r, tracker } = setup()
    runInAction(() => {
      r.tv.device = { uid: 'u1', mac: 'AABBCCDDEEFF', deviceName: '客厅' }
      r.tv.linkState = 'online'
    })
    const send = jest.spyOn(r.tv, 'playOnTv').mockReturnValue({ ok: true, sequenceId: 1 })
    const confirm = jest.fn(async () => false)
    expect(await r.playOnTv('p1', play, confirm)).toBeNull()
    expect(confirm).toHaveBeenCalledWith(tvText.playConfirmTitle, tvText.playConfirm('某视频'))
    expect(tracker.records).toContainEqual(expect.objectContaining({ kind: 'click', info: 'cancel' }))
    expect(send).not.toHaveBeenCalled()
    confirm.mockResolvedValueOnce(true)
    expect(await r.playOnTv('p1', play, confirm)).toEqual({ ok: true, message: tvText.playSent })
    const { appName: _a, ...payload } = play
    expect(send).toHaveBeenCalledWith(payload)
  })
})
