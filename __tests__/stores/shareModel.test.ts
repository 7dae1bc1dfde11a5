/** @jest-environment node */
/**
 * The share activity: the shared path carries the sharer's uid; a friend joins with it
 * (activity/participate), once; the sharer's own link shows the share actions. The share channel per
 * platform and the tvc:share bridge message. Then the whole invitation against the emulator: a new
 * phone logs in with the sharerUid (SPEC 6) and joins; the sharer's points rise once.
 */
import { ShareModel, sharePath, shareUrl } from '@/features/points/models/shareModel'
import { SHARE_REQUEST, shareChannel, shareInApp } from '@/platform/bridge/share'
import { UserStore } from '@/stores/app/userStore'
import { Session } from '@/stores/app/session'
import type { KeyValueStorage } from '@/platform/storage'
import { realClient, startTestGateway } from '../emulator/helpers/gateway'
import { devProvenPhone } from '../../src/platform/bridge/dev'

describe('share links', () => {
  it('the path and the H5 link carry the sharer uid (no query of the page itself)', () => {
    expect(sharePath('u10001')).toBe('/subpackages4/pages/activity-share/activity-share?sharerUid=u10001')
    expect(sharePath('')).toBe('/subpackages4/pages/activity-share/activity-share')
    expect(shareUrl({ origin: 'https://tv.example.com', pathname: '/app/' }, 'u 1')).toBe('https://tv.example.com/app/#/subpackages4/pages/activity-share/activity-share?sharerUid=u%201')
  })
})

describe('ShareModel', () => {
  const participate = jest.fn(async () => ({ participated: true, firstTime: true, coupon: { couponId: 'c', name: '新人影视券', amount: 5, expireAt: 1, status: 'unused' as const } }))
  beforeEach(() => participate.mockClear())

  it('a friend visiting joins with the sharer uid; the second time it says so', async () => {
    const m = new ShareModel({ participate }, () => 'u2', 'u1')
    expect(m.visiting).toBe(true)
    expect(await m.join()).toEqual({ ok: true, message: '参加成功，获得新人影视券' })
    expect(participate).toHaveBeenCalledWith({ activityId: 'act-points-2025', userId: 'u2', sharerUid: 'u1' })
    participate.mockResolvedValueOnce({ participated: true, firstTime: false } as never)
    expect(await m.join()).toEqual({ ok: true, message: '您已参加过该活动' })
  })

  it('the sharer opening their own link is not visiting, and joins without a sharer', async () => {
    const m = new ShareModel({ participate }, () => 'u1', 'u1')
    expect(m.visiting).toBe(false)
    await m.join()
    expect(participate).toHaveBeenCalledWith({ activityId: 'act-points-2025', userId: 'u1' })
  })

  it('not logged in: refused; a tap while joining does nothing more', async () => {
    expect(await new ShareModel({ participate }, () => '', 'u1').join()).toEqual({ ok: false, message: '请先登录' })
    const m = new ShareModel({ participate }, () => 'u2', 'u1')
    const [a, b] = await Promise.all([m.join(), m.join()])
    expect(a.ok).toBe(true)
    expect(b).toEqual({ ok: false, message: '正在处理，请稍候' })
    expect(participate).toHaveBeenCalledTimes(1)
  })
})

describe('share channel and the tvc:share bridge message', () => {
  it('weapp: WeChat share; H5 with the app bridge: the app; otherwise: copy the link', () => {
    const post = jest.fn()
    expect(shareChannel('weapp', undefined)).toBe('weapp')
    expect(shareChannel('h5', { TvcNative: { postMessage: post } })).toBe('app')
    expect(shareChannel('h5', { webkit: { messageHandlers: { TvcNative: { postMessage: post } } } })).toBe('app')
    expect(shareChannel('h5', {})).toBe('browser')
  })

  it('posts one tvc:share message with title, text and the link', () => {
    const post = jest.fn()
    expect(shareInApp({ TvcNative: { postMessage: post } }, { title: 'T', text: 'X', url: 'https://a/#/s?sharerUid=u1' }, 'id1')).toBe(true)
    expect(JSON.parse(post.mock.calls[0][0])).toEqual({ type: SHARE_REQUEST, id: 'id1', title: 'T', text: 'X', url: 'https://a/#/s?sharerUid=u1' })
    expect(SHARE_REQUEST).toBe('tvc:share')
    expect(shareInApp({}, { title: 'T', text: 'X', url: 'u' })).toBe(false)
    expect(shareInApp({ TvcNative: { postMessage: () => { throw new Error('gone') } } }, { title: 'T', text: 'X', url: 'u' })).toBe(false)
  })
})

describe('an invitation against the emulator', () => {
  it('a new phone logs in with the sharer uid and joins: the sharer gets points once', async () => {
    const gw = await startTestGateway()
    try {
      const sharer = realClient(gw.url)
      const s = await sharer.login()
      const points = async () => (await sharer.api.activity.userInfo({ userId: s.uid })).points
      const start = await points()

      // the friend's app: the link's sharerUid goes into the login (UserStore, as the share page sets it)
      const friend = realClient(gw.url)
      const kv = new Map<string, unknown>()
      const storage: KeyValueStorage = { get: <T,>(k: string) => kv.get(k) as T | undefined, set: (k, v) => void kv.set(k, v), remove: (k) => void kv.delete(k) }
      const session = new Session(storage)
      const users = new UserStore({
        getPhone: async () => devProvenPhone('13977770001'),
        mobileLogin: async (req) => {
          const r = await friend.api.userCenter.mobileLogin(req)
          friend.session.token = r.token
          friend.session.secret = r.secret
          return r
        },
      }, session)
      users.setSharerUid(s.uid)
      expect(await users.login()).toBe(true)
      const m = new ShareModel(friend.api.valueAdded, () => users.user?.uid ?? '', s.uid)
      expect(m.visiting).toBe(true)
      expect((await m.join()).message).toBe('参加成功，获得新人影视券')
      expect(await points()).toBe(start + 50)
      expect((await m.join()).message).toBe('您已参加过该活动')
      expect(await points()).toBe(start + 50)
    } finally {
      await gw.close()
    }
  })
})
