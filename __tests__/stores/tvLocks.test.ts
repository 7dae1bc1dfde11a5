/**
 * Locks on the phone's TV side: under global lock (a type 87 said globalLock true) nothing is
 * sent to the TV and nothing is kept for later; a play the TV answers with globalLock true says the
 * TV is locked instead of "sent"; the reply is matched by its sequenceId (SPEC 4); the lock state a
 * type 87 shows goes back to the gateway (uploadLockState) when it differs.
 */
import { RootStore } from '@/stores/app/root'
import { locksOf } from '@/features/locks/store/lockStore'
import { TvStore } from '@/stores/app/tvStore'
import type { TvLink, TvLinkListener } from '@/services/tv/link'
import type { Api } from '@/services/api'
import { trackerPort } from '@/appRoot'
import type { TvMode } from '@/protocol/tv/messages'
import { tv as t } from '@/strings'
import { consentedStorage, recordingTracker, unusedTvLink } from '../helpers/testServices'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const PLAY = { action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' as const }
const mode = (content: Record<string, unknown>): TvMode => ({ type: 87, content: { currentEPGVersion: 1, ...content } })

function fakeLinkStore() {
  let listener!: TvLinkListener
  const sent: string[] = []
  let seq = 100
  class FakeLink {
    constructor(_deps: unknown, l: TvLinkListener) {
      listener = l
    }
    setTarget() {}
    playOnTv() {
      sent.push('play')
      return { ok: true as const, sequenceId: ++seq }
    }
    sendKey() {
      sent.push('key')
      return { ok: true as const, sequenceId: ++seq }
    }
    dispose() {}
  }
  const store = new TvStore({ ...unusedTvLink, loadLink: async () => FakeLink as unknown as typeof TvLink })
  return { store, sent, listener: () => listener, lastSeq: () => seq }
}

async function connected() {
  const f = fakeLinkStore()
  f.store.setDevice(device(), { uid: 'u1', phone: '13800000000', nickName: '小明' })
  await new Promise((r) => setTimeout(r, 0))
  f.listener().state('online', null)
  return f
}

describe('TvStore under global lock', () => {
  it('refuses keys and plays while the TV says globalLock true: nothing is published or queued', async () => {
    const { store, sent, listener } = await connected()
    listener().mode(mode({ globalLock: true, childLock: false, lockCurrentStatus: 1 }))
    expect(store.globalLocked).toBe(true)
    expect(store.playOnTv(PLAY)).toEqual({ ok: false, reason: 'locked', message: t.globalLocked })
    expect(store.sendKey('ok')).toEqual({ ok: false, reason: 'locked', message: t.globalLocked })
    expect(sent).toEqual([])
    // unlocked: the next command goes out (the refused ones were not kept)
    listener().mode(mode({ globalLock: false }))
    expect(store.sendKey('ok').ok).toBe(true)
    expect(sent).toEqual(['key'])
  })

  it('replyTo resolves with the type 87 that carries the command\'s sequenceId, or null after the wait', async () => {
    const { store, listener } = await connected()
    jest.useFakeTimers()
    try {
      const waiting = store.replyTo(555, 800)
      listener().mode(mode({ globalLock: false }), '554') // another id: not it
      listener().mode(mode({ globalLock: true }), '555')
      await expect(waiting).resolves.toMatchObject({ content: { globalLock: true } })
      const none = store.replyTo(556, 800)
      jest.advanceTimersByTime(800)
      await expect(none).resolves.toBeNull()
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('RootStore and the locks', () => {
  function root() {
    const uploadLockState = jest.fn(async (s: { childLock: boolean; globalLock: boolean }) => ({ mac: 'AABBCCDDEEF1', updatedAt: 2, ...s }))
    const api = {
      userCenter: {
        mobileLogin: jest.fn(async () => ({ user: userInfo(), token: 't', secret: 's', offline: false })),
        queryBindDevice: jest.fn(async () => [device()]),
        queryChildLockInfo: jest.fn(async () => ({ mac: 'AABBCCDDEEF1', childLock: false, globalLock: false, updatedAt: 1, hasPassword: true })),
        uploadLockState,
      },
      search: { hotSearch: jest.fn(async () => ({ tipsList: [] })) },
      desktop: {},
    }
    const r = new RootStore({ api: api as unknown as Api, storage: consentedStorage(), getPhone: async () => devProvenPhone('13800000000'), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    jest.spyOn(r.tv, 'setDevice').mockImplementation(function (this: TvStore, d) {
      ;(this as unknown as { device: unknown }).device = d
    })
    jest.spyOn(r.home, 'load').mockResolvedValue(undefined)
    return { r, api, uploadLockState }
  }
  const internals = (s: TvStore) => s as unknown as { setLinkState(st: string, e: null): void; setMode(m: TvMode, id?: string): void }

  it('a play the TV answers with globalLock true says the TV is locked, not "sent"', async () => {
    const { r } = root()
    await r.start()
    internals(r.tv).setLinkState('online', null)
    jest.spyOn(r.tv, 'playOnTv').mockImplementation(() => {
      setTimeout(() => internals(r.tv).setMode(mode({ globalLock: true, lockCurrentStatus: 1 }), '9'), 5)
      return { ok: true, sequenceId: 9 }
    })
    const res = await r.playOnTv('p1', { ...PLAY, appName: '某视频' }, async () => true)
    expect(res).toEqual({ ok: false, message: t.globalLocked })
  })

  it('under global lock the TV is a blocker: play is refused before any confirm, and nothing is sent', async () => {
    const { r } = root()
    await r.start()
    internals(r.tv).setLinkState('online', null)
    internals(r.tv).setMode(mode({ globalLock: true, childLock: false, lockCurrentStatus: 1 }))
    expect(r.tvBlocker).toBe(t.globalLocked)
    const confirm = jest.fn(async () => true)
    const send = jest.spyOn(r.tv, 'playOnTv')
    expect(await r.playOnTv('p1', { ...PLAY, appName: '某视频' }, confirm)).toEqual({ ok: false, message: t.globalLocked })
    expect(confirm).not.toHaveBeenCalled()
    expect(send).not.toHaveBeenCalled()
  })

  it('a play the TV answers normally says it was sent', async () => {
    const { r } = root()
    await r.start()
    internals(r.tv).setLinkState('online', null)
    jest.spyOn(r.tv, 'playOnTv').mockImplementation(() => {
      setTimeout(() => internals(r.tv).setMode(mode({ globalLock: false }), '10'), 5)
      return { ok: true, sequenceId: 10 }
    })
    expect(await r.playOnTv('p1', { ...PLAY, appName: '某视频' }, async () => true)).toEqual({ ok: true, message: t.playSent })
  })

  it('the lock state a type 87 shows is uploaded when it differs from the gateway\'s', async () => {
    const { r, uploadLockState } = root()
    await r.start()
    await locksOf(r).load()
    internals(r.tv).setMode(mode({ childLock: false, globalLock: false }))
    await new Promise((res) => setTimeout(res, 0))
    expect(uploadLockState).not.toHaveBeenCalled()
    internals(r.tv).setMode(mode({ childLock: true, globalLock: false, lockCurrentStatus: 0 }))
    await new Promise((res) => setTimeout(res, 0))
    expect(uploadLockState).toHaveBeenCalledWith({ uid: 'u1', mac: 'AABBCCDDEEF1', childLock: true, globalLock: false })
  })
})
