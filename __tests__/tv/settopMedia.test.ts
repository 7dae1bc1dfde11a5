/** @jest-environment node */
/**
 * The virtual box's side of now playing (src/protocol/tv/media.ts): Android's media keys as
 * type 13 key events (85 play/pause, 126 play, 127 pause, 90 / 89 ±10 s, 87 / 88 episodes), a paused
 * program holding its position on the stack's moved clock, the report's `paused`, the watch record
 * keeping the paused position (30 s cadence, the write at stop), the seek extension (`seekTo`, the
 * second in `value`), live TV refusing play/pause/seek and stepping the channel on next/previous, and
 * the search key opening search over whatever plays.
 */
import { VirtualSetTopBox } from '../../emulator/settop/box'
import { LIVE_PACKAGE, type LiveChannelDef } from '../../emulator/settop/model'
import { WRITE_EVERY_MS, type ProgramDef } from '../../emulator/settop/playback'
import type { TvLocks, TvPlay } from '../../emulator/directory'
import { channelKeys, h5Play, remoteKey, REMOTE_KEYS, syncPlayState, type Command, type RemoteKey } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { KEY_EVENT_SEEK, MEDIA_KEYS, readMediaAnswer, seekTo, seekTargetOf } from '../../src/protocol/tv/media'
import { inputText } from '../../src/protocol/tv/textInput'

const TV = { mac: 'AABBCCDDEEFF', name: '客厅电视', topic: 'tvc/tv/AABBCCDDEEFF' }
const PHONE = 'tvc/phone/cid-1'
const SERIES: ProgramDef = { programId: 'p9', title: '天际好声音', durations: [600, 900, 1200] }
const CHANNELS: LiveChannelDef[] = [
  { channelId: 'ch01', number: 1, name: 'CCTV-1 综合', child: false },
  { channelId: 'ch02', number: 2, name: 'CCTV-2 财经', child: false },
  { channelId: 'ch12', number: 12, name: '湖南卫视', child: false },
]

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** A box on a stack clock the test moves (as POST /__emulator/clock does), with a program and channels. */
function setup() {
  const locks: TvLocks = { childLock: false, globalLock: false }
  let offset = 0
  const now = () => Date.now() + offset
  const out: Json[] = []
  const plays: TvPlay[] = []
  const box = new VirtualSetTopBox(TV, () => locks, (_t, p) => void out.push(JSON.parse(p)), (p) => void plays.push(p), () => true, undefined, {
    now,
    channels: () => CHANNELS,
    programs: (id) => (id === 'p9' ? SERIES : undefined),
  })
  let seq = 1
  const send = (cmd: Command): number => {
    const sequenceId = ++seq
    box.handle(JSON.stringify(buildEnvelope({
      sequenceId, jarvisId: 'cid-1', bananaId: TV.mac, type: cmd.type, content: cmd.content(String(sequenceId)),
      from: { nickname: '小明', topic: PHONE, uid: 'u10001' }, to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u10001' }],
    })))
    return sequenceId
  }
  const flush = () => new Promise((r) => setImmediate(r))
  /** The reply to a command: its type 87 content. */
  const ask = async (cmd: Command): Promise<Json> => {
    const id = send(cmd)
    await flush()
    const reply = out.find((e) => e.sequenceId === id)
    if (!reply) throw new Error(`no reply to ${id}`)
    return reply.actionData.content
  }
  const key = (k: RemoteKey) => ask(remoteKey(k))
  const play = (episode = 2, positionSec = 0) =>
    ask(h5Play({ action: 'a', package: 'com.app', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'http://x/h5/p9.html' }, params: JSON.stringify({ programId: 'p9', episode, positionSec }), type: 'web' }))
  const vod = async () => (await ask(syncPlayState())).playState.vod
  /** The stack's clock moves (the gateway's clock switch): the boxes catch up at once. */
  const moveClock = (ms: number) => {
    offset += ms
    box.clockMoved()
  }
  return { box, locks, out, plays, send, ask, key, play, vod, moveClock }
}

beforeEach(() => jest.useFakeTimers({ now: 5_000_000, doNotFake: ['setImmediate'] }))
afterEach(() => jest.useRealTimers())

describe('the media keys on the wire', () => {
  it('are Android key events with their codes, sent as remote keys', () => {
    expect(Object.fromEntries(Object.entries(MEDIA_KEYS).map(([k, v]) => [k, [v.keyEvent, v.code]]))).toEqual({
      playPause: ['KEYCODE_MEDIA_PLAY_PAUSE', 85],
      play: ['KEYCODE_MEDIA_PLAY', 126],
      pause: ['KEYCODE_MEDIA_PAUSE', 127],
      fastForward: ['KEYCODE_MEDIA_FAST_FORWARD', 90],
      rewind: ['KEYCODE_MEDIA_REWIND', 89],
      next: ['KEYCODE_MEDIA_NEXT', 87],
      previous: ['KEYCODE_MEDIA_PREVIOUS', 88],
    })
    expect(remoteKey('pause').content('7')).toEqual({ keyEvent: 'KEYCODE_MEDIA_PAUSE', value: '127', sNo: '7' })
    expect(REMOTE_KEYS.next).toEqual({ keyEvent: 'KEYCODE_MEDIA_NEXT', code: 87 })
  })

  it('seek is a type 13 key event with the whole second in value; anything else is refused before it is sent', () => {
    expect(seekTo(754.6)).toMatchObject({ type: 13 })
    expect(seekTo(754.6).content('9')).toEqual({ keyEvent: KEY_EVENT_SEEK, value: '754', sNo: '9' })
    expect(() => seekTo(-1)).toThrow(RangeError)
    expect(() => seekTo(Number.NaN)).toThrow(RangeError)
    expect(() => seekTo(86_401)).toThrow(RangeError)
    for (const bad of ['', '-5', '1e3', '12.5', ' 12', '0x10', '9999999', 12]) expect(seekTargetOf(bad)).toBeNull()
    expect(seekTargetOf('0')).toBe(0)
  })
})

describe('a program: pause, play, ±10 s, seek, episodes', () => {
  it('pause holds the position on the moved stack clock; the report says paused; play goes on from there', async () => {
    const { key, play, vod, moveClock } = setup()
    await play(2, 100)
    jest.advanceTimersByTime(5_000)
    expect(await vod()).toMatchObject({ episode: 2, positionSec: 105, paused: false })

    const reply = await key('pause')
    expect(readMediaAnswer(reply)).toEqual({ keyEvent: 'KEYCODE_MEDIA_PAUSE', done: true })
    expect(reply.playState.vod).toMatchObject({ positionSec: 105, paused: true })
    jest.advanceTimersByTime(10_000)
    moveClock(3 * 3600_000) // three hours later on the stack's clock
    expect(await vod()).toMatchObject({ episode: 2, positionSec: 105, paused: true })
    // pause again changes nothing; play (126) goes on from the held second
    expect(readMediaAnswer(await key('pause'))).toMatchObject({ done: true })
    expect((await key('play')).playState.vod).toMatchObject({ positionSec: 105, paused: false })
    jest.advanceTimersByTime(7_000)
    expect(await vod()).toMatchObject({ positionSec: 112, paused: false })
  })

  it('play/pause (85) toggles', async () => {
    const { key, play } = setup()
    await play(1, 0)
    expect((await key('playPause')).playState.vod.paused).toBe(true)
    expect((await key('playPause')).playState.vod.paused).toBe(false)
  })

  it('the watch record keeps the paused position: written at the pause, on the 30 s cadence, at the stop', async () => {
    const { key, play, plays, moveClock } = setup()
    await play(2, 100)
    jest.advanceTimersByTime(12_000)
    await key('pause')
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 2, positionSec: 112 })
    const before = plays.length
    jest.advanceTimersByTime(WRITE_EVERY_MS * 3)
    moveClock(600_000)
    const since = plays.slice(before)
    expect(since.length).toBeGreaterThanOrEqual(3)
    for (const w of since) expect(w).toMatchObject({ episodeIndex: 2, positionSec: 112 })
    await key('back')
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 2, positionSec: 112 })
  })

  it('fast forward and rewind move 10 s a press inside the episode, paused or not', async () => {
    const { key, play, vod } = setup()
    await play(2, 100)
    expect((await key('fastForward')).playState.vod).toMatchObject({ positionSec: 110 })
    expect((await key('rewind')).playState.vod).toMatchObject({ positionSec: 100 })
    await key('pause')
    expect((await key('fastForward')).playState.vod).toMatchObject({ positionSec: 110, paused: true })
    jest.advanceTimersByTime(5_000)
    expect(await vod()).toMatchObject({ positionSec: 110, paused: true })
    // at the edges: never before 0, never past the episode's last second
    await play(2, 4)
    expect((await key('rewind')).playState.vod).toMatchObject({ episode: 2, positionSec: 0 })
    await play(2, 895)
    await key('pause')
    expect((await key('fastForward')).playState.vod).toMatchObject({ episode: 2, positionSec: 899 })
  })

  it('seek plays from the second in value, written at once; a bad value changes nothing and says invalid', async () => {
    const { ask, play, plays, vod } = setup()
    await play(2, 100)
    const reply = await ask(seekTo(450))
    expect(readMediaAnswer(reply)).toEqual({ keyEvent: KEY_EVENT_SEEK, done: true })
    expect(reply.playState.vod).toMatchObject({ episode: 2, positionSec: 450, durationSec: 900 })
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 2, positionSec: 450 })
    jest.advanceTimersByTime(3_000)
    expect(await vod()).toMatchObject({ positionSec: 453 })
    // past the end: the last second of the episode
    expect((await ask(seekTo(5000))).playState.vod).toMatchObject({ episode: 2, positionSec: 899 })
    // whatever a sender puts on the wire
    const raw = (value: unknown): Command => ({ type: 13, content: (sNo) => ({ keyEvent: KEY_EVENT_SEEK, value, sNo }) })
    for (const bad of ['-1', 'abc', '1e9']) {
      const r = await ask(raw(bad))
      expect(readMediaAnswer(r)).toEqual({ keyEvent: KEY_EVENT_SEEK, done: false, reason: 'invalid' })
      expect(r.playState.vod).toMatchObject({ episode: 2, positionSec: 899 })
    }
    // a value that is no string or past the box's key bounds: the key is not taken at all, a
    // plain answer without `media`, nothing changed
    for (const bad of [12, null, '9'.repeat(5000)]) {
      const r = await ask(raw(bad))
      expect(readMediaAnswer(r)).toBeNull()
      expect(r.playState.vod).toMatchObject({ episode: 2, positionSec: 899 })
    }
  })

  it('next and previous start the neighbouring episode from its start, playing; none at the ends', async () => {
    const { key, play, plays } = setup()
    await play(2, 300)
    await key('pause')
    const next = await key('next')
    expect(readMediaAnswer(next)).toMatchObject({ done: true })
    expect(next.playState.vod).toMatchObject({ episode: 3, positionSec: 0, paused: false })
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 3, positionSec: 0 })
    expect(readMediaAnswer(await key('next'))).toEqual({ keyEvent: 'KEYCODE_MEDIA_NEXT', done: false, reason: 'edge' })
    expect((await key('previous')).playState.vod).toMatchObject({ episode: 2, positionSec: 0 })
    expect((await key('previous')).playState.vod).toMatchObject({ episode: 1, positionSec: 0 })
    const first = await key('previous')
    expect(readMediaAnswer(first)).toEqual({ keyEvent: 'KEYCODE_MEDIA_PREVIOUS', done: false, reason: 'edge' })
    expect(first.playState.vod.episode).toBe(1)
  })

  it('under global lock no media key or seek changes anything (the answer says globalLock)', async () => {
    const { key, ask, play, locks, vod } = setup()
    await play(2, 100)
    locks.globalLock = true
    for (const k of ['pause', 'next', 'fastForward'] as const) {
      const r = await key(k)
      expect(r.globalLock).toBe(true)
      expect(r.media).toBeUndefined()
    }
    expect((await ask(seekTo(500))).globalLock).toBe(true)
    expect(await vod()).toMatchObject({ episode: 2, positionSec: 100, paused: false })
  })
})

describe('live TV and nothing to control', () => {
  it('on a live channel play/pause, ±10 s and seek do nothing and say live; next/previous step the channel', async () => {
    const { box, key, ask, send } = setup()
    channelKeys(2).forEach((k) => send(remoteKey(k)))
    expect(box.state.live?.channelId).toBe('ch02')
    for (const k of ['playPause', 'play', 'pause', 'fastForward', 'rewind'] as const) {
      const r = await key(k)
      expect(readMediaAnswer(r)).toEqual({ keyEvent: MEDIA_KEYS[k].keyEvent, done: false, reason: 'live' })
      expect(r.playState.live.channelId).toBe('ch02')
    }
    expect(readMediaAnswer(await ask(seekTo(30)))).toMatchObject({ done: false, reason: 'live' })
    const next = await key('next')
    expect(readMediaAnswer(next)).toMatchObject({ done: true })
    expect(next.playState.live).toMatchObject({ channelId: 'ch12', number: 12 })
    expect(next.playState.playing.package).toBe(LIVE_PACKAGE)
    expect((await key('next')).playState.live.channelId).toBe('ch01') // wraps as 频道+
    expect((await key('previous')).playState.live.channelId).toBe('ch12')
  })

  it('on the desktop, a desktop tile or the TV off there is nothing to control (idle)', async () => {
    const { box, key, ask } = setup()
    expect(readMediaAnswer(await key('pause'))).toMatchObject({ done: false, reason: 'idle' })
    expect(readMediaAnswer(await key('next'))).toMatchObject({ done: false, reason: 'idle' })
    await key('ok') // a desktop tile plays
    expect(box.state.playing?.package).toBe('tvc.desktop')
    expect(readMediaAnswer(await ask(seekTo(10)))).toMatchObject({ done: false, reason: 'idle' })
    await key('power')
    expect(readMediaAnswer(await key('play'))).toMatchObject({ done: false, reason: 'idle' })
    expect(box.state.power).toBe(false)
  })
})

describe('the search key opens search over whatever plays (Android TV)', () => {
  it('a program, a live channel and a desktop tile keep playing behind the focused field; back closes it', async () => {
    const { box, key, ask, play, vod, send } = setup()
    await play(2, 100)
    expect((await key('search')).textInput).toEqual({ focused: true })
    expect((await ask(inputText('好声音'))).textInput).toEqual({ focused: true, accepted: true })
    jest.advanceTimersByTime(4_000)
    expect(await vod()).toMatchObject({ episode: 2, positionSec: 104 })
    expect((await key('back')).textInput).toEqual({ focused: false })
    expect(await vod()).toMatchObject({ episode: 2 }) // back closed the search, not the program

    channelKeys(12).forEach((k) => send(remoteKey(k)))
    expect((await key('search')).textInput).toEqual({ focused: true })
    expect((await ask(inputText('新闻'))).textInput).toMatchObject({ accepted: true })
    expect(box.state.live?.channelId).toBe('ch12')

    await key('home')
    await key('ok') // a desktop tile
    expect((await key('search')).textInput).toEqual({ focused: true })
    expect((await ask(inputText('电影'))).textInput).toMatchObject({ accepted: true })
  })

  it('something new starting to play closes it; a pending channel number is dropped by the search key', async () => {
    const { box, key, play, send } = setup()
    await play(2, 100)
    await key('search')
    await play(1, 0) // a new play of the same program: a new play on screen
    expect(box.searchField.focused).toBe(false)
    send(remoteKey('digit1'))
    await key('search')
    jest.advanceTimersByTime(3_000) // past the 2 s commit window: nothing commits
    expect(box.state.live ?? null).toBeNull()
    expect(box.searchField.focused).toBe(true)
  })
})
