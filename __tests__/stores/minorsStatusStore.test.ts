/**
 * On the phone, the main package's side of minors' mode (stores/app/minorsStatusStore):
 * the TV card's line, and plays and channel keys refused with the reason before anything is sent. The
 * box's own report decides when it carries `minors`; a box that does not report (a real operator's
 * box) is judged on the gateway's settings and clock, the phone refuses its own commands, and says the
 * TV itself does not enforce.
 */
import { runInAction } from 'mobx'
import { RootStore } from '@/stores/app/root'
import { TvStore } from '@/stores/app/tvStore'
import type { TvLink, TvLinkListener } from '@/services/tv/link'
import type { Api } from '@/services/api'
import { trackerPort } from '@/appRoot'
import type { MinorsInfo } from '@/protocol/contract/minors'
import { defaultMinorsSettings } from '@/protocol/minorsSettings'
import type { TvModeContent } from '@/protocol/tv/messages'
import { MINORS_INFO_MAX_AGE_MS, MinorsStatusStore, minorsStatusOf, type MinorsTvView } from '@/stores/app/minorsStatusStore'
import { minors as t } from '@/strings/minors'
import { tv as tvText } from '@/strings'
import { consentedStorage, recordingTracker, unusedTvLink } from '../helpers/testServices'
import { device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const MAC = 'AABBCCDDEEF1'
const MIN = 60_000
/** 2026-11-24 HH:MM in Beijing. */
const bj = (hh: number, mm = 0, day = 24) => Date.UTC(2026, 10, day, hh - 8, mm)

function info(over: Partial<MinorsInfo> = {}, settings: Partial<MinorsInfo['settings']> = {}): MinorsInfo {
  return {
    mac: MAC,
    settings: { ...defaultMinorsSettings('8to16'), enabled: true, ...settings },
    updatedAt: 1,
    today: { day: '20261124', usedSec: 35 * 60, limitSec: 3600, granted: false, reason: '' },
    serverTime: bj(15),
    hasPassword: true,
    triesLeft: 5,
    retryAfterSec: 0,
    ...over,
  }
}

/** A status over a TV view the test sets, and a gateway that answers `answer`. */
function statusWith(answer: () => MinorsInfo, phoneNow: { ms: number }) {
  const tv = { tvMode: { content: { currentEPGVersion: 1 } as TvModeContent }, modeReported: true, online: true }
  const queryMinorsMode = jest.fn(async () => answer())
  const status = new MinorsStatusStore({ queryMinorsMode }, () => ({ uid: 'u1', mac: MAC }), tv as MinorsTvView, () => phoneNow.ms)
  const report = (content: Record<string, unknown>) => runInAction(() => (tv.tvMode = { content: { currentEPGVersion: 1, ...content } }))
  return { status, tv, report, queryMinorsMode }
}

describe('the box reports minors (it enforces)', () => {
  it('the card says 今日已看 35/60 分钟; plays may go while the box allows; its reason is the refusal', async () => {
    const phone = { ms: 0 }
    const { status, report, queryMinorsMode } = statusWith(() => info(), phone)
    report({ minors: { usedSec: 35 * 60 + 40, limitSec: 3600, reason: null } })
    expect(status.on).toBe(true)
    expect(status.enforcedByTv).toBe(true)
    expect(status.cardLine()).toBe('今日已看 35/60 分钟')
    expect(status.refusal()).toBe('')
    report({ minors: { usedSec: 3600, limitSec: 3600, reason: 'total' } })
    expect(status.cardLine()).toBe(`今日已看 60/60 分钟 · ${t.why.total}`)
    expect(status.refusal()).toBe(t.refused.total)
    report({ minors: { usedSec: 3600, limitSec: 4500, reason: null } }) // the grant
    expect(status.cardLine()).toBe('今日已看 60/75 分钟')
    expect(queryMinorsMode).not.toHaveBeenCalled()
  })

  it('a report from a TV that is not online, or not the selected TV\'s, is not the box\'s word', () => {
    const { status, tv, report } = statusWith(() => info(), { ms: 0 })
    report({ minors: { usedSec: 3600, limitSec: 3600, reason: 'total' } })
    runInAction(() => (tv.online = false))
    expect(status.box).toBeNull()
    runInAction(() => {
      tv.online = true
      tv.modeReported = false
    })
    expect(status.box).toBeNull()
    // not the box's word, and no gateway answer yet: the phone cannot tell, so nothing goes (fail closed)
    expect(status.refusal()).toBe(t.reading)
  })
})

describe('a box that does not report minors (a real operator\'s box)', () => {
  it('the gateway\'s count and total decide; the card and the refusal say the TV itself does not enforce', async () => {
    const phone = { ms: 1_000_000 }
    const { status } = statusWith(() => info({ today: { day: '20261124', usedSec: 3600, limitSec: 3600, granted: false, reason: 'total' } }), phone)
    await status.load()
    expect(status.enforcedByTv).toBe(false)
    expect(status.cardLine()).toBe(`今日已看 60/60 分钟 · ${t.why.total} · ${t.notEnforced}`)
    expect(status.refusal()).toBe(`${t.refused.total}${t.refusedHere}`)
  })

  it('the curfew starts on the gateway\'s clock, whatever the phone\'s clock says', async () => {
    // the phone's clock is 3 hours off; the gateway said 21:59:30 Beijing when it answered
    const phone = { ms: bj(19) }
    const { status } = statusWith(() => info({ serverTime: bj(21, 59) + 30_000, today: { day: '20261124', usedSec: 600, limitSec: 3600, granted: false, reason: '' } }), phone)
    await status.load()
    expect(status.refusal()).toBe('')
    phone.ms += 29_000
    expect(status.reason()).toBeNull()
    phone.ms += 1_000
    expect(status.reason()).toBe('curfew')
    expect(status.refusal()).toBe(`${t.refused.curfew}${t.refusedHere}`)
    expect(status.cardLine()).toBe(`今日已看 10/60 分钟 · ${t.why.curfew} · ${t.notEnforced}`)
  })

  it('a new Beijing day starts the count over once the gateway says so: the phone asks, and takes its answer', async () => {
    const phone = { ms: 0 }
    let answer = info({ serverTime: bj(23, 50), today: { day: '20261124', usedSec: 4500, limitSec: 4500, granted: true, reason: 'total' } }, { curfewStart: '01:00', curfewEnd: '06:00' })
    const { status, queryMinorsMode } = statusWith(() => answer, phone)
    await status.load()
    expect(status.reason()).toBe('total')
    phone.ms += 10 * MIN
    // the phone's clock says 00:00 has passed: still yesterday's word until the gateway's answer
    answer = info({ serverTime: bj(0, 0, 25), today: { day: '20261125', usedSec: 0, limitSec: 3600, granted: false, reason: '' } }, { curfewStart: '01:00', curfewEnd: '06:00' })
    expect(status.reason()).toBe('total')
    expect(queryMinorsMode).toHaveBeenCalledTimes(2)
    await status.settle()
    expect(status.usage()).toEqual({ usedSec: 0, limitSec: 3600 })
    expect(status.reason()).toBeNull()
  })

  it.each([
    ['the total used up: the clock moved to 14:00 the next day', { serverTime: bj(20), today: { day: '20261124', usedSec: 3600, limitSec: 3600, granted: false, reason: 'total' } }, 18 * 60 * MIN, 'total'],
    ['the curfew: the clock moved to 07:00', { serverTime: bj(23), today: { day: '20261124', usedSec: 600, limitSec: 3600, granted: false, reason: 'curfew' } }, 8 * 60 * MIN, 'curfew'],
  ] as const)('a forward jump of the phone\'s clock lifts nothing (%s); the gateway\'s clock decides', async (_what, over, jump, reason) => {
    const phone = { ms: 5_000_000 }
    // the gateway's clock did not move: it answers as before
    const { status, queryMinorsMode } = statusWith(() => info({ ...over, today: { ...over.today } }), phone)
    await status.load()
    expect(status.reason()).toBe(reason)
    phone.ms += jump
    expect(status.reason()).toBe(reason)
    expect(status.refusal()).toBe(`${t.refused[reason]}${t.refusedHere}`)
    await status.settle()
    expect(queryMinorsMode.mock.calls.length).toBeGreaterThan(1)
    expect(status.refusal()).toBe(`${t.refused[reason]}${t.refusedHere}`)
  })

  it('a phone clock set back (before the answer) asks the gateway again', async () => {
    const phone = { ms: 5_000_000 }
    const { status, queryMinorsMode } = statusWith(() => info(), phone)
    await status.load()
    phone.ms -= 60 * MIN
    expect(status.reason()).toBeNull()
    expect(queryMinorsMode).toHaveBeenCalledTimes(2)
  })

  it('an answer over 5 minutes old is asked again; the mode off says nothing and refuses nothing', async () => {
    const phone = { ms: 0 }
    let answer = info()
    const { status, queryMinorsMode } = statusWith(() => answer, phone)
    await status.load()
    answer = info({}, { enabled: false })
    phone.ms += MINORS_INFO_MAX_AGE_MS + 1
    expect(status.refusal()).toBe('') // 35 of 60 minutes: allowed, and asked again behind it
    await new Promise((r) => setTimeout(r, 0))
    expect(queryMinorsMode).toHaveBeenCalledTimes(2)
    expect(status.on).toBe(false)
    expect(status.cardLine()).toBe('')
  })

  it("another TV's answer is not this TV's: this TV's mode cannot be told, plays are refused", async () => {
    const { status } = statusWith(() => info({ mac: 'AABBCCDDEE99', today: { day: '20261124', usedSec: 3600, limitSec: 3600, granted: false, reason: 'total' } }), { ms: 0 })
    await status.load()
    expect(status.on).toBe(false)
    expect(status.refusal()).toBe(t.unreadable)
  })
})

describe('the mode cannot be read (fail closed)', () => {
  it.each([
    ['queryMinorsMode fails', () => Promise.reject(new Error('network'))],
    ['the gateway answers nothing (SPEC 8: an empty result after a network error)', () => Promise.resolve(null)],
  ])('%s: no play goes, the message says why, the card says so; each try reads again, and a good answer lets plays go', async (_what, fail) => {
    const tv = { tvMode: { content: { currentEPGVersion: 1 } as TvModeContent }, modeReported: true, online: true }
    let failing = true
    const queryMinorsMode = jest.fn(() => (failing ? fail() : Promise.resolve(info({}, { enabled: false }))))
    const status = new MinorsStatusStore({ queryMinorsMode: queryMinorsMode as unknown as () => Promise<MinorsInfo> }, () => ({ uid: 'u1', mac: MAC }), tv as MinorsTvView, () => 0)
    await status.settle()
    expect(status.unknown).toBe(true)
    expect(status.refusal()).toBe(t.unreadable)
    expect(status.cardLine()).toBe(t.unreadableCard)
    await status.settle()
    const tries = queryMinorsMode.mock.calls.length
    expect(tries).toBeGreaterThanOrEqual(2)
    failing = false
    await status.settle()
    expect(status.unknown).toBe(false)
    expect(status.refusal()).toBe('')
    expect(status.cardLine()).toBe('')
  })

  it('a TV that is offline is not judged here (the link says it is offline)', () => {
    const tv = { tvMode: { content: { currentEPGVersion: 1 } as TvModeContent }, modeReported: false, online: false }
    const status = new MinorsStatusStore({ queryMinorsMode: jest.fn(() => Promise.reject(new Error('x'))) }, () => ({ uid: 'u1', mac: MAC }), tv as MinorsTvView, () => 0)
    expect(status.refusal()).toBe('')
  })
})

/** A TV store over a fake link that records what it sends and answers each key. */
function fakeLinkStoreOf() {
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
    sendKey(key: string) {
      sent.push(key)
      setTimeout(() => listener.mode({ type: 87, content: { currentEPGVersion: 1 } }, String(seq)), 1)
      return { ok: true as const, sequenceId: ++seq }
    }
    sendCommand() {
      return { ok: true as const, sequenceId: ++seq }
    }
    dispose() {}
  }
  const store = new TvStore({ ...unusedTvLink, loadLink: async () => FakeLink as unknown as typeof TvLink })
  return { store, sent, listener: () => listener }
}

describe('the TV store refuses before sending', () => {

  it('a play, a channel switch, the channel keys and the media keys that start playback are refused with the reason: nothing is sent; other keys go', async () => {
    const { store, sent, listener } = fakeLinkStoreOf()
    store.setDevice(device(), { uid: 'u1', phone: '13800000000', nickName: '小明' })
    await new Promise((r) => setTimeout(r, 0))
    listener().state('online', null)
    let refusal: string = t.refused.curfew
    store.setPlayGuard(() => refusal)
    const PLAY = { action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' as const }
    expect(store.playOnTv(PLAY)).toEqual({ ok: false, reason: 'minors', message: t.refused.curfew })
    expect(await store.switchChannel({ number: 12, name: '湖南卫视' })).toEqual({ ok: false, message: t.refused.curfew })
    for (const k of ['channelUp', 'channelDown', 'digit1', 'play', 'playPause', 'next', 'previous'] as const) expect(await store.pressKey(k)).toMatchObject({ ok: false, reason: 'minors', sent: 0 })
    expect(sent).toEqual([])
    expect((await store.pressKey('volumeUp')).ok).toBe(true)
    expect(sent).toEqual(['volumeUp'])
    refusal = ''
    expect(store.playOnTv(PLAY).ok).toBe(true)
  })
})

describe('OK on a tile and the touch pad\'s tap go through the guard', () => {
  const PS = { power: true, volume: 20, muted: false, screen: 2, menuOpen: false, focus: 0, playing: null, lastKey: null }
  async function online() {
    const { store, sent, listener } = fakeLinkStoreOf()
    store.setDevice(device(), { uid: 'u1', phone: '13800000000', nickName: '小明' })
    await new Promise((r) => setTimeout(r, 0))
    listener().state('online', null)
    const report = (content: Record<string, unknown>) => listener().mode({ type: 87, content: { currentEPGVersion: 1, ...content } })
    store.setPlayGuard(() => t.refused.curfew)
    return { store, sent, report }
  }

  it.each([
    ['on the desktop (OK plays the focused tile)', { playState: PS }],
    ['a channel number typed (OK commits it)', { playState: { ...PS, playing: { package: 'tvc.live', loadUrl: 'x' }, liveEntry: '5' } }],
    ['a box that says nothing of what it shows (SPEC only)', {}],
  ])('%s: OK and the tap are refused, nothing sent', async (_what, content) => {
    const { store, sent, report } = await online()
    report(content)
    expect(await store.pressKey('ok')).toMatchObject({ ok: false, reason: 'minors', message: t.refused.curfew, sent: 0 })
    // the touch pad's tap is one OK in a sequence
    expect(await store.pressKeys(['ok'])).toMatchObject({ ok: false, reason: 'minors', sent: 0 })
    expect(sent).toEqual([])
  })

  it.each([
    ['over a program playing (OK shows its controls)', { playState: { ...PS, playing: { package: 'p', loadUrl: 'u' } } }],
    ['in the menu', { playState: { ...PS, menuOpen: true } }],
    ['typing in the TV\'s search field', { playState: PS, textInput: { focused: true } }],
  ])('%s: OK starts nothing and goes', async (_what, content) => {
    const { store, sent, report } = await online()
    report(content)
    expect((await store.pressKey('ok')).ok).toBe(true)
    expect(sent).toEqual(['ok'])
  })

  it('the guard is judged once the read under way has arrived', async () => {
    const { store, sent, report } = await online()
    report({ playState: PS })
    let refusal: string = t.reading
    store.setPlayGuard(
      () => refusal,
      () => new Promise<void>((r) => setTimeout(() => ((refusal = ''), r()), 5)),
    )
    expect((await store.pressKey('ok')).ok).toBe(true)
    expect(sent).toEqual(['ok'])
  })
})

describe('the root: play on TV', () => {
  it('refused with the reason before the confirm dialog; nothing is asked or sent; the gateway is asked when the box says nothing', async () => {
    const queryMinorsMode = jest.fn(async () => info({ mac: MAC, today: { day: '20261124', usedSec: 3600, limitSec: 3600, granted: false, reason: 'total' } }))
    const api = {
      userCenter: {
        mobileLogin: jest.fn(async () => ({ user: userInfo(), token: 't', secret: 's', offline: false })),
        queryBindDevice: jest.fn(async () => [device()]),
        queryMinorsMode,
      },
      search: { hotSearch: jest.fn(async () => ({ tipsList: [] })) },
      desktop: {},
    }
    const r = new RootStore({ api: api as unknown as Api, storage: consentedStorage(), getPhone: async () => devProvenPhone('13800000000'), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    jest.spyOn(r.tv, 'setDevice').mockImplementation(function (this: TvStore, d) {
      ;(this as unknown as { device: unknown }).device = d
    })
    jest.spyOn(r.home, 'load').mockResolvedValue(undefined)
    const rests: string[] = []
    const status = minorsStatusOf(r, (m) => rests.push(m))
    await r.start()
    const internals = r.tv as unknown as { setLinkState(st: string, e: null): void; setMode(m: { type: number; content: TvModeContent }, id?: string): void }
    internals.setLinkState('online', null)
    internals.setMode({ type: 87, content: { currentEPGVersion: 1 } })
    await new Promise((res) => setTimeout(res, 0))
    expect(queryMinorsMode).toHaveBeenCalledWith({ uid: 'u1', mac: MAC })
    const confirm = jest.fn(async () => true)
    const send = jest.spyOn(r.tv, 'playOnTv')
    expect(await r.playOnTv('p1', { action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web', appName: '某视频' }, confirm)).toEqual({
      ok: false,
      message: `${t.refused.total}${t.refusedHere}`,
    })
    expect(confirm).not.toHaveBeenCalled()
    expect(send).not.toHaveBeenCalled()
    // the box's rest reminder reaches this phone
    internals.setMode({ type: 87, content: { currentEPGVersion: 1, minors: { usedSec: 1800, limitSec: 3600, reason: null, rest: true } } })
    expect(rests).toEqual([t.rest])
    expect(status.enforcedByTv).toBe(true)
    expect(tvText.playSent).toBeTruthy()
    r.dispose()
  })
})
