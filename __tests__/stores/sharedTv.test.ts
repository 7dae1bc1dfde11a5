/**
 * The app's side of the shared TV, without a UI: the TV card's line 2 and its 10-minute
 * expiry (fake timers), presence's 60 s window and hiding it, the 64-code-point text rule and the
 * one-command-at-a-time rule of 手机输入, and the lost-TV notice told once (never twice) and read.
 */
import { observable, observableRef, runInAction } from 'mobx'
import { SharedTvStore, actionLabel } from '@/features/devices/store/sharedTvStore'
import { TextInputStore } from '@/features/remote/store/textInputStore'
import { FamilyStore, type FamilyApi } from '@/features/devices/store/familyStore'
import { DevicesStore, type DevicesApi } from '@/stores/app/devicesStore'
import { UserStore } from '@/stores/app/userStore'
import { Session } from '@/stores/app/session'
import { memoryStorage } from '@/platform/memoryStorage'
import { DEFAULT_TV_MODE, type TvMode } from '@/protocol/tv/messages'
import type { FamilyActivity } from '@/protocol/tv/family'
import type { Notice } from '@/protocol/contract/models'
import { KeyQueue } from '@/services/tv/keySequence'
import type { Command, RemoteKey } from '@/protocol/tv/commands'
import { devices as dv } from '@/strings'
import { shared as s } from '@/strings/shared'
import { family as f } from '@/strings/locks'
import { textInput as ti } from '@/strings/textInput'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

function fakeTv(online = true) {
  return observable({ tvMode: DEFAULT_TV_MODE as TvMode, online }, { tvMode: observableRef })
}

function mode(family?: Partial<FamilyActivity>, extra: Record<string, unknown> = {}): TvMode {
  return { type: 87, content: { currentEPGVersion: 1, lockCurrentStatus: 1, ...extra, ...(family ? { family: { lastAction: null, present: [], hidden: false, ...family } } : {}) } }
}

const volumeUp = (over: Partial<NonNullable<FamilyActivity['lastAction']>> = {}) => ({ name: '家里人', self: false, action: 'KEYCODE_VOLUME_UP', ageSec: 0, ...over })

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('line 2 of the TV card', () => {
  it('says who, when and what; "你" for this user; gone once older than 10 minutes', () => {
    const tv = fakeTv()
    const store = new SharedTvStore(tv)
    expect(store.line).toBe('')
    runInAction(() => (tv.tvMode = mode({ lastAction: volumeUp() })))
    expect(store.line).toBe('家里人 · 刚刚 · 调高音量')
    jest.advanceTimersByTime(60_000)
    expect(store.line).toBe('家里人 · 1分钟前 · 调高音量')
    runInAction(() => (tv.tvMode = mode({ lastAction: volumeUp({ self: true, ageSec: 590 }) })))
    expect(store.line).toBe('你 · 9分钟前 · 调高音量')
    // the box's age plus this phone's time since it arrived: 600 s still shows, past it nothing
    jest.advanceTimersByTime(10_000)
    expect(store.line).toBe('你 · 10分钟前 · 调高音量')
    jest.advanceTimersByTime(15_000)
    expect(store.line).toBe('')
    store.dispose()
  })

  it('text input is 输入了文字, other keys 按了 + their label; nothing while offline or from a box without the field', () => {
    const tv = fakeTv()
    const store = new SharedTvStore(tv)
    runInAction(() => (tv.tvMode = mode({ lastAction: volumeUp({ action: 'inputText', name: '妈妈' }) })))
    expect(store.line).toBe('妈妈 · 刚刚 · 输入了文字')
    // other keys by their remote label
    expect(actionLabel('KEYCODE_7')).toBe('按了7')
    expect(actionLabel('KEYCODE_VOLUME_MUTE')).toBe('按了静音')
    expect(actionLabel('KEYCODE_CHANNEL_UP')).toBe('按了频道+')
    expect(actionLabel('KEYCODE_WHATEVER')).toBe(s.otherAction)
    // names of Object.prototype's members are no labels (a box may send anything)
    for (const odd of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(actionLabel(odd)).toBe(s.otherAction)
    runInAction(() => (tv.tvMode = mode({ lastAction: volumeUp({ action: 'constructor', name: '妈妈' }) })))
    expect(store.line).toBe(`妈妈 · 刚刚 · ${s.otherAction}`)
    runInAction(() => (tv.online = false))
    expect(store.line).toBe('')
    runInAction(() => {
      tv.online = true
      tv.tvMode = mode(undefined)
    })
    expect(store.line).toBe('')
    store.dispose()
  })
})

describe('presence', () => {
  it('shows who the box said is connected, for 60 s by this phone unless renewed', () => {
    const tv = fakeTv()
    const store = new SharedTvStore(tv)
    runInAction(() => (tv.tvMode = mode({ present: [{ name: '妈妈', self: true }, { name: '家里人', self: false }] })))
    expect(store.present.map((p) => p.name)).toEqual(['妈妈', '家里人'])
    jest.advanceTimersByTime(60_000)
    expect(store.present).toHaveLength(2)
    jest.advanceTimersByTime(1_000)
    expect(store.present).toEqual([])
    // the next sync renews it
    runInAction(() => (tv.tvMode = mode({ present: [{ name: '妈妈', self: true }], hidden: true })))
    expect(store.present).toEqual([{ name: '妈妈', self: true }])
    store.dispose()
  })

  it('hiding is the gateway\'s setting, read with the member list and changed only when it said yes', async () => {
    const user = new UserStore({ getPhone: async () => devProvenPhone('13800000001'), mobileLogin: async () => ({ user: userInfo({ uid: 'u2' }), token: 't', secret: 's' }) }, new Session(memoryStorage()))
    await user.login()
    const api = {
      getBindUserList: jest.fn(async () => ({ list: [], presenceHidden: true })),
      presenceSetting: jest.fn(async ({ hidden }: { hidden: boolean }) => ({ hidden })),
    }
    const devices = new DevicesStore({ queryBindDevice: async () => [device()] } as unknown as DevicesApi, user)
    const family = new FamilyStore(api as unknown as FamilyApi, () => 'u2', devices)
    await family.open(device())
    expect(family.presenceHidden).toBe(true)
    const res = await family.setPresenceHidden(false)
    expect(res).toEqual({ ok: true, message: f.presenceShownDone })
    expect(api.presenceSetting).toHaveBeenCalledWith({ uid: 'u2', familyId: 'f1', hidden: false })
    expect(family.presenceHidden).toBe(false)
    api.presenceSetting.mockRejectedValueOnce(new Error('网络连接错误'))
    expect((await family.setPresenceHidden(true)).ok).toBe(false)
    expect(family.presenceHidden).toBe(false)
  })
})

describe('手机输入 (TextInputStore)', () => {
  /** The store over the TV store's real key queue; the TV's replies are answered by hand. */
  function setup(textInput: Record<string, unknown> | null = { focused: true }) {
    const tv = fakeTv()
    runInAction(() => (tv.tvMode = mode(undefined, textInput ? { textInput } : {})))
    let seq = 0
    const replies = new Map<number, (m: TvMode | null) => void>()
    const wire: string[] = []
    const queue = new KeyQueue(
      {
        send: (k) => (wire.push(k), { ok: true, sequenceId: ++seq }),
        sendCommand: (c) => (wire.push(JSON.stringify(c.content('0'))), { ok: true, sequenceId: ++seq }),
        replyTo: (id) => new Promise<TvMode | null>((resolve) => replies.set(id, resolve)),
      },
      800,
    )
    const port = {
      get online() {
        return tv.online
      },
      get tvMode() {
        return tv.tvMode
      },
      pressCommand: jest.fn((c: Command) => queue.run([c])),
      pressKey: jest.fn((k: RemoteKey) => queue.run([k])),
    }
    const store = new TextInputStore(port as never)
    const answer = async (id: number, content: Record<string, unknown> | null) => {
      for (let i = 0; i < 20 && !replies.has(id); i++) await Promise.resolve()
      replies.get(id)?.(content ? mode(undefined, content) : null)
    }
    return { store, port, wire, answer, tv }
  }

  it('counts code points live (Chinese and emoji one each); 65 are refused with a message, nothing cut, nothing sent', async () => {
    const { store, wire } = setup()
    store.setText('你好🙂')
    expect(store.count).toBe(3)
    store.setText('字'.repeat(65))
    expect(store.count).toBe(65)
    expect(store.tooLong).toBe(true)
    expect(await store.send()).toEqual({ ok: false, message: ti.textTooLong(64) })
    expect(store.text).toBe('字'.repeat(65))
    expect(await (store.setText('a\tb'), store.send())).toEqual({ ok: false, message: ti.textControl })
    expect(await (store.setText(''), store.send())).toEqual({ ok: false, message: ti.textEmpty })
    expect(wire).toEqual([])
  })

  it('64 code points of Chinese go as one type 13 inputText; the TV\'s yes clears the field', async () => {
    const { store, wire, answer } = setup()
    const text = '电视剧'.repeat(21) + '好'
    store.setText(text)
    const sending = store.send()
    await answer(1, { textInput: { focused: true, accepted: true } })
    expect(await sending).toEqual({ ok: true, message: ti.textSent })
    expect(wire).toEqual([JSON.stringify({ keyEvent: 'inputText', value: text, sNo: '0' })])
    expect(store.text).toBe('')
  })

  it('sends nothing when the TV says no input field is focused, or says nothing about input fields', async () => {
    const a = setup({ focused: false })
    a.store.setText('新闻')
    expect(await a.store.send()).toEqual({ ok: false, message: ti.noFocus })
    expect(a.wire).toEqual([])
    const b = setup(null)
    b.store.setText('新闻')
    expect(await b.store.send()).toEqual({ ok: false, message: ti.textUnsupported })
    expect(b.wire).toEqual([])
  })

  it('the advice is one step the user can take: 搜索 while the TV is on (whatever plays), the power key first in standby', async () => {
    const { store, tv, wire } = setup({ focused: false })
    store.setText('新闻')
    for (const playing of [null, { package: 'tvc.live', loadUrl: 'tvc://live/ch01' }, { package: 'com.app', loadUrl: 'http://x/h5/p9.html' }]) {
      runInAction(() => (tv.tvMode = mode(undefined, { textInput: { focused: false }, playState: { power: true, playing } })))
      expect(store.noFocusAdvice).toBe(ti.noFocus)
      expect(await store.send()).toEqual({ ok: false, message: ti.noFocus })
    }
    runInAction(() => (tv.tvMode = mode(undefined, { textInput: { focused: false }, playState: { power: false, playing: null } })))
    expect(await store.send()).toEqual({ ok: false, message: ti.noFocusTvOff })
    expect(wire).toEqual([])
  })

  it('sends the next command only after the reply to the previous one; no reply says so', async () => {
    const { store, wire, answer } = setup()
    store.setText('新闻')
    const first = store.send()
    expect(await store.send()).toEqual({ ok: false, message: ti.waitReply })
    const del = store.key('del')
    for (let i = 0; i < 20; i++) await Promise.resolve()
    expect(wire).toHaveLength(1) // the delete waits for the text's reply
    await answer(1, { textInput: { focused: false, accepted: false, reason: 'noFocus' } })
    expect(await first).toEqual({ ok: false, message: ti.noFocus })
    expect(store.text).toBe('新闻')
    await answer(2, null)
    expect(await del).toEqual({ ok: false, message: ti.textNoReply })
    expect(wire).toEqual([JSON.stringify({ keyEvent: 'inputText', value: '新闻', sNo: '0' }), 'del'])
  })
})

describe('the lost-TV notice', () => {
  async function setup(notices: Notice[]) {
    const user = new UserStore({ getPhone: async () => devProvenPhone('13800000001'), mobileLogin: async () => ({ user: userInfo({ uid: 'u2' }), token: 't', secret: 's' }) }, new Session(memoryStorage()))
    await user.login()
    let list = [device({ uid: 'u2' }), device({ uid: 'u2', familyId: 'f3', deviceName: '书房电视', mac: 'AABBCCDDEE03' })]
    let unread = notices
    const api = {
      queryBindDevice: jest.fn(async () => list),
      queryNotice: jest.fn(async () => ({ list: unread })),
      readNotice: jest.fn(async ({ noticeIds }: { noticeIds: string[] }) => {
        unread = unread.filter((n) => !noticeIds.includes(n.noticeId))
        return { read: noticeIds.length }
      }),
    }
    const devices = new DevicesStore(api as unknown as DevicesApi, user)
    return { devices, api, setList: (l: typeof list) => (list = l) }
  }
  const removed: Notice = { noticeId: 'n-1', kind: 'removed', familyId: 'f1', deviceName: '客厅电视', createdAt: 1 }

  it('is told once at launch from the gateway\'s notice, which is then read', async () => {
    const { devices, api, setList } = await setup([removed])
    setList([device({ uid: 'u2', familyId: 'f3', deviceName: '书房电视' })])
    await devices.load()
    expect(devices.notice).toBe('你已被移出「客厅电视」的家庭')
    expect(api.readNotice).toHaveBeenCalledWith({ uid: 'u2', noticeIds: ['n-1'] })
    devices.dismissNotice()
    await devices.load()
    expect(devices.notice).toBe('')
  })

  it('a running app that saw the TV go and the gateway\'s notice tell it once, never twice', async () => {
    const { devices, api, setList } = await setup([])
    await devices.load()
    setList([device({ uid: 'u2', familyId: 'f3', deviceName: '书房电视' })])
    api.queryNotice.mockResolvedValueOnce({ list: [removed] })
    await devices.load()
    expect(devices.notice).toBe(dv.lostTv('客厅电视'))
    expect(api.readNotice).toHaveBeenCalledTimes(1)
    devices.dismissNotice()
    await devices.load() // the next launch: the notice was read
    expect(devices.notice).toBe('')
  })

  it("a TV's lock password being guessed (to its owner) or reset (to the members) is told while the TV stays, once, and read", async () => {
    const guessed: Notice = { noticeId: 'n-5', kind: 'pinGuessed', familyId: 'f1', deviceName: '客厅电视', createdAt: 1, count: 6 }
    const reset: Notice = { noticeId: 'n-6', kind: 'pinReset', familyId: 'f3', deviceName: '书房电视', createdAt: 2 }
    const { devices, api } = await setup([guessed, reset])
    await devices.load()
    expect(devices.notice).toBe([dv.pinGuessed('客厅电视', 6), dv.pinReset('书房电视')].join('\n'))
    expect(devices.notice).toContain('连续输错6次')
    expect(api.readNotice).toHaveBeenCalledWith({ uid: 'u2', noticeIds: ['n-5', 'n-6'] })
    devices.dismissNotice()
    await devices.load()
    expect(devices.notice).toBe('')
  })

  it('an unbound TV says so; a notice for a TV back in the list is neither shown nor read', async () => {
    const { devices, api } = await setup([{ ...removed, noticeId: 'n-2', familyId: 'f9', kind: 'unbound', deviceName: '父母家' }, removed])
    await devices.load()
    expect(devices.notice).toBe(dv.unboundTv('父母家'))
    expect(api.readNotice).toHaveBeenCalledWith({ uid: 'u2', noticeIds: ['n-2'] })
  })
})
