/** @jest-environment node */
/**
 * Now playing on the phone (NowPlayingStore), with fake timers: the bar moves every second
 * from the last report, a reply or report sets it right, a drag seeks once on release, a box that
 * reports no position shows no bar but still gets the media keys; every press goes through the TV
 * store's real key queue (one key per reply), its outcome comes from the box's reply, and global lock
 * sends nothing. The TV is the local stack's VirtualSetTopBox in-process (its replies are the box's),
 * or a box that speaks SPEC 4 only.
 */
import { TvStore } from '@/stores/app/tvStore'
import type { TvLink, TvLinkListener } from '@/services/tv/link'
import { NowPlayingStore, outcomeOf, MAX_STEP_PRESSES } from '@/features/remote/store/nowPlayingStore'
import { VirtualSetTopBox } from '../../emulator/settop/box'
import type { ProgramDef } from '../../emulator/settop/playback'
import type { TvLocks } from '../../emulator/directory'
import { h5Play, remoteKey, syncPlayState, type Command, type RemoteKey } from '@/protocol/tv/commands'
import { buildEnvelope } from '@/protocol/tv/envelope'
import { KEY_EVENT_SEEK } from '@/protocol/tv/media'
import type { TvMode } from '@/protocol/tv/messages'
import type { TvStoreDeps } from '@/services/tv/code'
import { browserTvCode } from '@/platform/tvCode/browser'
import { tv as tvText } from '@/strings'
import { nowPlaying as t } from '@/strings/nowPlaying'
import { minors as minorsText } from '@/strings/minors'
import { device } from './fixtures'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const SERIES: ProgramDef = { programId: 'p9', title: '天际好声音', durations: [1500, 1800, 2400] }
const TV = { mac: 'AABBCCDDEEF1', name: '客厅电视', topic: 'tvc/tv/AABBCCDDEEF1' }
const PHONE = 'tvc/phone/cid-1'

/** No broker in these tests: the link is a fake that hands commands to the box. */
const unusedTvLink: TvStoreDeps = { ...browserTvCode(), api: { jarvisLogin: async () => null, queryAgentTopic: async () => null }, loadMqtt: () => Promise.reject(new Error('no broker')), url: 'ws://127.0.0.1:1/mqtt' }

const flush = () => new Promise((r) => setImmediate(r))
const modeOf = (content: Json): TvMode => ({ type: 87, content: { ...content, currentEPGVersion: content.lockCurrentStatus ?? 1 } })

/**
 * A TV store whose link hands every command to `answer` (the box), and the box's reply back as the link
 * does (type 87 with the command's sequenceId). Every command sent is recorded.
 */
async function tvOver(answer: (env: Json) => Json | null) {
  let listener!: TvLinkListener
  const wire: Json[] = []
  let seq = 100
  const deliver = (cmd: Command): { ok: true; sequenceId: number } => {
    const sequenceId = ++seq
    const env = buildEnvelope({
      sequenceId, jarvisId: 'cid-1', bananaId: TV.mac, type: cmd.type, content: cmd.content(String(sequenceId)),
      from: { nickname: '小明', topic: PHONE, uid: 'u1' }, to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u1' }],
    }) as unknown as Json
    wire.push(env.actionData.content)
    setImmediate(() => {
      const reply = answer(env)
      if (reply) listener.mode(modeOf(reply.actionData.content), String(reply.sequenceId))
    })
    return { ok: true, sequenceId }
  }
  class FakeLink {
    constructor(_deps: unknown, l: TvLinkListener) {
      listener = l
    }
    setTarget() {}
    sendKey(key: RemoteKey) {
      return deliver(remoteKey(key))
    }
    sendCommand(cmd: Command) {
      return deliver(cmd)
    }
    dispose() {}
  }
  const tv = new TvStore({ ...unusedTvLink, loadLink: async () => FakeLink as unknown as typeof TvLink })
  tv.setDevice(device({ mac: TV.mac }), { uid: 'u1', phone: '13800000000', nickName: '小明' })
  await flush()
  listener.state('online', null)
  return { tv, wire, listener: () => listener, keysSent: () => wire.map((c) => c.keyEvent) }
}

/** The local stack's box on a clock the test moves, behind a TV store; the panel's store over it. */
async function localWorld() {
  const locks: TvLocks = { childLock: false, globalLock: false }
  const replies: Json[] = []
  const box = new VirtualSetTopBox(TV, () => locks, (_t, p) => void replies.push(JSON.parse(p)), () => undefined, () => true, undefined, {
    now: () => Date.now(),
    programs: (id) => (id === 'p9' ? SERIES : undefined),
  })
  const link = await tvOver((env) => {
    box.handle(JSON.stringify(env))
    return null
  })
  // the box replies with setImmediate: its replies go to the link as they leave
  const deliverReplies = async () => {
    await flush()
    await flush()
    while (replies.length) {
      const r = replies.shift() as Json
      link.listener().mode(modeOf(r.actionData.content), String(r.sequenceId))
    }
  }
  const store = new NowPlayingStore(link.tv)
  /** Sends a command from outside the panel (another phone, the detail page) and lets the reply in. */
  const command = async (cmd: Command) => {
    const sent = link.tv.sendCommand(cmd)
    await deliverReplies()
    return sent
  }
  const playEpisode = (episode: number, positionSec: number) =>
    command(h5Play({ action: 'a', package: 'com.app', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'http://x/h5/p9.html' }, params: JSON.stringify({ programId: 'p9', episode, positionSec }), type: 'web' }))
  /** A press of the panel, with the box's reply let in while it waits. */
  const settle = async <T>(p: Promise<T>): Promise<T> => {
    for (let i = 0; i < 60; i++) {
      await deliverReplies()
      const done = await Promise.race([p.then(() => true), flush().then(() => false)])
      if (done) break
    }
    return p
  }
  return { box, locks, store, tv: link.tv, keysSent: link.keysSent, wire: link.wire, command, playEpisode, settle, deliverReplies }
}

beforeEach(() => jest.useFakeTimers({ now: 7_000_000, doNotFake: ['setImmediate'] }))
afterEach(() => jest.useRealTimers())

describe('the bar', () => {
  it('moves every second from the last report while on screen, and each report sets it right', async () => {
    const w = await localWorld()
    await w.playEpisode(2, 100)
    expect(w.store.playingProgram).toBe(true)
    expect(w.store.hasBar).toBe(true)
    expect([w.store.title, w.store.episodeText]).toEqual(['天际好声音', '第2集 / 共3集'])
    expect([w.store.positionText, w.store.durationText]).toEqual(['1:40', '30:00'])
    const unwatch = w.store.watch()
    jest.advanceTimersByTime(1_000)
    expect(w.store.positionSec).toBe(101)
    jest.advanceTimersByTime(4_000)
    expect(w.store.positionText).toBe('1:45')
    await w.command(syncPlayState())
    expect(w.store.positionSec).toBe(105)
    // the box moved (a seek from another phone): the reply it sends corrects the bar
    await w.command({ type: 13, content: (sNo) => ({ keyEvent: KEY_EVENT_SEEK, value: '600', sNo }) })
    expect(w.store.positionText).toBe('10:00')
    jest.advanceTimersByTime(2_000)
    expect(w.store.positionSec).toBe(602)
    unwatch()
    jest.advanceTimersByTime(10_000)
    expect(w.store.positionSec).toBe(602) // off screen: no ticks (the next report sets it right)
  })

  it('does not move while the box says paused, and never past the episode end before a report', async () => {
    const w = await localWorld()
    await w.playEpisode(1, 1495)
    w.store.watch()
    const res = await w.settle(w.store.togglePlay())
    expect(w.keysSent().at(-1)).toBe('KEYCODE_MEDIA_PAUSE')
    expect(res).toEqual({ ok: true, message: t.paused('24:55') })
    expect(w.store.paused).toBe(true)
    jest.advanceTimersByTime(60_000)
    expect(w.store.positionText).toBe('24:55')
    await w.settle(w.store.togglePlay())
    expect(w.keysSent().at(-1)).toBe('KEYCODE_MEDIA_PLAY')
    jest.advanceTimersByTime(60_000)
    expect(w.store.positionSec).toBe(1500) // held at the end until the box reports the next episode
    await w.command(syncPlayState())
    expect([w.store.episodeText, w.store.positionSec]).toEqual(['第2集 / 共3集', 55])
  })

  it('a drag moves only the shown point and seeks once, on release, to that point', async () => {
    const w = await localWorld()
    await w.playEpisode(2, 100)
    w.store.watch()
    const before = w.wire.length
    w.store.dragTo(0.25)
    w.store.dragTo(0.4)
    w.store.dragTo(0.5)
    expect(w.store.positionText).toBe('15:00')
    jest.advanceTimersByTime(3_000)
    expect(w.store.positionSec).toBe(900) // the finger holds it
    expect(w.wire.length).toBe(before) // nothing sent while dragging
    const res = await w.settle(w.store.dragEnd() as Promise<unknown>)
    expect(w.wire.slice(before).map((c) => [c.keyEvent, c.value])).toEqual([[KEY_EVENT_SEEK, '900']])
    expect(res).toEqual({ ok: true, message: t.movedTo('15:00') })
    expect(w.box.playback()).toMatchObject({ episode: 2, positionSec: 900 })
    expect(w.store.dragSec).toBeNull()
    expect(await w.store.dragEnd()).toBeNull() // a release without a drag sends nothing
    expect(w.wire.length).toBe(before + 1)
  })

  it('a box that ignores seekTo (no media in its reply) gets ±10 s presses instead, at most 30, in order', async () => {
    const w = await localWorld()
    await w.playEpisode(2, 100)
    // an older box: reports vod.paused but drops the seek
    const handle = w.box.handle.bind(w.box)
    w.box.handle = (payload) => {
      const env = JSON.parse(String(payload))
      if (env.actionData.content.keyEvent === KEY_EVENT_SEEK) env.actionData.content = { keyEvent: 'KEYCODE_UNKNOWN', value: '', sNo: env.actionData.content.sNo }
      handle(JSON.stringify(env))
    }
    w.store.dragTo(160 / 1800)
    const res = await w.settle(w.store.dragEnd() as Promise<unknown>)
    expect(w.keysSent().slice(-7)).toEqual([KEY_EVENT_SEEK, ...Array(6).fill('KEYCODE_MEDIA_FAST_FORWARD')])
    expect(res).toEqual({ ok: true, message: t.stepped('2:40') })
    expect(w.box.playback()).toMatchObject({ positionSec: 160 })
    // from now on straight to presses, and a long way is cut at 30 presses (5 minutes)
    const before = w.wire.length
    w.store.dragTo(0.9)
    const far = await w.settle(w.store.dragEnd() as Promise<unknown>)
    const sent = w.keysSent().slice(before)
    expect(sent).toHaveLength(MAX_STEP_PRESSES)
    expect(new Set(sent)).toEqual(new Set(['KEYCODE_MEDIA_FAST_FORWARD']))
    expect(far).toEqual({ ok: true, message: t.steppedPartly('7:40') })
  })
})

describe('the media keys', () => {
  it('±10 s and the episodes: one key per reply, the outcome from the reply', async () => {
    const w = await localWorld()
    await w.playEpisode(2, 100)
    const a = w.store.press('fastForward')
    const b = w.store.press('rewind')
    const c = w.store.press('next')
    const results = await w.settle(Promise.all([a, b, c]))
    expect(w.keysSent().slice(-3)).toEqual(['KEYCODE_MEDIA_FAST_FORWARD', 'KEYCODE_MEDIA_REWIND', 'KEYCODE_MEDIA_NEXT'])
    expect(results).toEqual([
      { ok: true, message: t.movedTo('1:50') },
      { ok: true, message: t.movedTo('1:40') },
      { ok: true, message: t.episodeNow(3) },
    ])
    expect(w.store.outcome).toBe(t.episodeNow(3))
    // what the last reply said goes once the program is no longer on screen
    await w.command(remoteKey('back'))
    expect(w.store.outcome).toBe('')
    await w.playEpisode(3, 0)
    expect(await w.settle(w.store.press('next'))).toEqual({ ok: false, message: t.lastEpisode })
    expect(w.box.playback()).toMatchObject({ episode: 3, positionSec: 0 })
  })

  it('under global lock nothing is sent and the panel says why', async () => {
    const w = await localWorld()
    await w.playEpisode(2, 100)
    w.locks.globalLock = true
    await w.command(syncPlayState()) // the TV says so
    expect(w.tv.globalLocked).toBe(true)
    const before = w.wire.length
    expect(await w.store.togglePlay()).toEqual({ ok: false, message: tvText.globalLocked })
    w.store.dragTo(0.5)
    expect(await w.store.dragEnd()).toEqual({ ok: false, message: tvText.globalLocked })
    expect(await w.store.press('next')).toEqual({ ok: false, message: tvText.globalLocked })
    expect(w.wire.length).toBe(before)
    expect(w.store.outcome).toBe(tvText.globalLocked)
  })

  it('a missing reply is said as such, never as done', async () => {
    const w = await localWorld()
    await w.playEpisode(2, 100)
    w.box.silent = true
    const res = w.store.press('pause')
    for (let i = 0; i < 5; i++) await flush()
    jest.advanceTimersByTime(900)
    expect(await res).toEqual({ ok: false, message: t.noReply })
  })
})

describe('a box that reports no position (SPEC 4 only)', () => {
  it('shows no bar and makes nothing up, but play/pause, ±10 s and the episodes go as plain media keys', async () => {
    // a real operator's box: a type 87 with its lock status only, and type 32 code 1 while it plays
    const link = await tvOver((env) => ({ sequenceId: env.sequenceId, actionData: { content: { lockCurrentStatus: 1 } } }))
    link.listener().message({ type: 32, content: { code: 1 } })
    link.listener().mode(modeOf({ lockCurrentStatus: 1 }))
    const store = new NowPlayingStore(link.tv)
    store.watch()
    expect(store.playingProgram).toBe(true)
    expect(store.hasBar).toBe(false)
    expect(store.paused).toBeNull()
    expect(store.title).toBe(t.somethingPlays)
    expect(store.episodeText).toBe('')
    store.dragTo(0.5)
    expect(store.dragSec).toBeNull()
    expect(await store.dragEnd()).toBeNull()
    for (const p of [store.togglePlay(), store.press('rewind'), store.press('fastForward'), store.press('previous'), store.press('next')]) {
      for (let i = 0; i < 5; i++) await flush()
      expect(await p).toEqual({ ok: true, message: t.sent })
    }
    expect(link.keysSent()).toEqual(['KEYCODE_MEDIA_PLAY_PAUSE', 'KEYCODE_MEDIA_REWIND', 'KEYCODE_MEDIA_FAST_FORWARD', 'KEYCODE_MEDIA_PREVIOUS', 'KEYCODE_MEDIA_NEXT'])
    expect(link.wire.map((c) => c.value)).toEqual(['85', '89', '90', '88', '87'])
    jest.advanceTimersByTime(10_000)
    expect(store.positionSec).toBe(0)
  })

  it('out of minors\' limits the keys that start playback are refused on the phone, nothing sent; pause and ±10 s go', async () => {
    // a box that does not enforce minors' mode would start the next episode: the phone stops it first
    const link = await tvOver((env) => ({ sequenceId: env.sequenceId, actionData: { content: { lockCurrentStatus: 1 } } }))
    link.listener().message({ type: 32, content: { code: 1 } })
    link.listener().mode(modeOf({ lockCurrentStatus: 1 }))
    const refusal = `${minorsText.refused.curfew}${minorsText.refusedHere}`
    link.tv.setPlayGuard(() => refusal)
    const store = new NowPlayingStore(link.tv)
    for (const p of [store.togglePlay(), store.press('play'), store.press('next'), store.press('previous')]) {
      expect(await p).toEqual({ ok: false, message: refusal })
    }
    expect(link.wire).toEqual([])
    expect(store.outcome).toBe(refusal)
    for (const p of [store.press('pause'), store.press('rewind'), store.press('fastForward')]) {
      for (let i = 0; i < 5; i++) await flush()
      expect(await p).toEqual({ ok: true, message: t.sent })
    }
    expect(link.keysSent()).toEqual(['KEYCODE_MEDIA_PAUSE', 'KEYCODE_MEDIA_REWIND', 'KEYCODE_MEDIA_FAST_FORWARD'])
    // a sequence that would start playback is refused whole
    expect(await link.tv.pressKeys(['fastForward', 'next'])).toMatchObject({ ok: false, reason: 'minors', sent: 0 })
    expect(link.wire).toHaveLength(3)
  })

  it('a box on its desktop or a live channel is not a program (no panel on home)', async () => {
    const link = await tvOver(() => null)
    const store = new NowPlayingStore(link.tv)
    link.listener().message({ type: 32, content: { code: 2 } })
    link.listener().mode(modeOf({ lockCurrentStatus: 1 }))
    expect(store.playingProgram).toBe(false)
    link.listener().mode(modeOf({ lockCurrentStatus: 1, playState: { playing: { package: 'tvc.live', loadUrl: 'x' }, live: { channelId: 'c', number: 1, name: 'CCTV-1', title: '新闻' }, vod: null } }))
    expect(store.playingProgram).toBe(false)
    expect(store.title).toBe('CCTV-1 · 新闻')
    link.listener().state('offline', null)
    expect(store.playingProgram).toBe(false)
  })
})

describe('outcomeOf: only what the reply says', () => {
  const reply = (content: Json) => modeOf({ lockCurrentStatus: 1, ...content })
  it('names refusals by their reason and live channel steps by the channel', () => {
    expect(outcomeOf('pause', reply({ media: { keyEvent: 'KEYCODE_MEDIA_PAUSE', done: false, reason: 'live' } }))).toEqual({ ok: false, message: t.live })
    expect(outcomeOf('previous', reply({ media: { keyEvent: 'KEYCODE_MEDIA_PREVIOUS', done: false, reason: 'edge' } }))).toEqual({ ok: false, message: t.firstEpisode })
    expect(outcomeOf('seek', reply({ media: { keyEvent: KEY_EVENT_SEEK, done: false, reason: 'invalid' } }))).toEqual({ ok: false, message: t.invalid })
    expect(outcomeOf('play', reply({ media: { keyEvent: 'KEYCODE_MEDIA_PLAY', done: false, reason: 'idle' } }))).toEqual({ ok: false, message: t.idle })
    expect(outcomeOf('next', reply({ media: { keyEvent: 'KEYCODE_MEDIA_NEXT', done: true }, playState: { live: { channelId: 'c', number: 2, name: 'CCTV-2', title: '' } } }))).toEqual({ ok: true, message: t.channelNow('CCTV-2') })
    // a forged or garbled field is no answer: the key only reached the TV
    expect(outcomeOf('pause', reply({ media: { done: 'yes' } }))).toEqual({ ok: true, message: t.sent })
    expect(outcomeOf('pause', reply({ globalLock: true, media: { keyEvent: 'KEYCODE_MEDIA_PAUSE', done: true } }))).toEqual({ ok: false, message: tvText.globalLocked })
  })

  it('a box that refused a play out of minors\' limits is said so, never 已发送到电视', () => {
    const minors = (reason: string | null) => ({ minors: { usedSec: 3600, limitSec: 3600, reason, refused: true } })
    expect(outcomeOf('next', reply(minors('total')))).toEqual({ ok: false, message: minorsText.refused.total })
    expect(outcomeOf('playPause', reply(minors('curfew')))).toEqual({ ok: false, message: minorsText.refused.curfew })
    expect(outcomeOf('play', reply(minors(null)))).toEqual({ ok: false, message: minorsText.refusedByTv })
    // the count alone (no refusal) is not a refusal
    expect(outcomeOf('pause', reply({ minors: { usedSec: 60, limitSec: 3600, reason: null } }))).toEqual({ ok: true, message: t.sent })
  })
})
