/** @jest-environment node */
/**
 * The virtual box enforces minors' mode, with fake timers on the stack's clock: it counts
 * playback (VOD and live, never the desktop) per server day (UTC+8), stops it when the total is used up
 * (mid-episode) or the curfew starts (mid-programme), refuses play and channel keys with the reason,
 * applies a grant at once, shows a rest reminder after 30 minutes of continuous playback (playback goes
 * on), keeps counting across a restart (the gateway keeps the day's total), and splits the count at
 * Beijing midnight whatever the host's time zone. The gateway side of the book is the real one
 * (emulator/gateway/minors.ts) over an in-memory state.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { REST_MESSAGE_MS } from '../../emulator/settop/box'
import { addMinorsUsage, ensureDay, minorsView } from '../../emulator/gateway/minors'
import { syncPlayState, type RemoteKey } from '../../src/protocol/tv/commands'
import { serverDayKey } from '../../src/protocol/time'
import { SCREEN_DESKTOP } from '../../src/protocol/tv/messages'
import { bj, boxWith, flush, gatewayBook, minorsOf, MIN, TV } from './helpers/minorsBox'

beforeEach(() => jest.useFakeTimers({ now: bj(15), doNotFake: ['setImmediate'] }))
afterEach(() => jest.useRealTimers())

describe('the total', () => {
  it('reached mid-episode: playback stops at 60 minutes, the phones hear why, the record is where it stopped', async () => {
    const book = gatewayBook()
    const { box, play, reports, plays, send } = boxWith(book.source)
    const first = await play()
    expect(minorsOf(first)).toEqual({ usedSec: 0, limitSec: 3600, reason: null })
    jest.advanceTimersByTime(35 * MIN)
    expect(minorsOf(await send(syncPlayState()))).toEqual({ usedSec: 2100, limitSec: 3600, reason: null })
    expect(box.state.playing).not.toBeNull()
    jest.advanceTimersByTime(25 * MIN - 1000)
    expect(box.state.playing).not.toBeNull()
    jest.advanceTimersByTime(1000)
    await flush()
    expect(box.state).toMatchObject({ playing: null, screen: SCREEN_DESKTOP })
    expect(box.playback()).toBeNull()
    expect(book.used()).toBe(3600)
    expect(minorsOf(reports().at(-1)!)).toEqual({ usedSec: 3600, limitSec: 3600, reason: 'total' })
    expect(box.screenMessage()).toMatchObject({ kind: 'total', text: expect.stringContaining('用完') })
    // stopped mid-episode 2: 3600 s = episode 1 (3000 s) + 600 s
    expect(plays.at(-1)).toMatchObject({ programId: 'p9', episodeIndex: 2, positionSec: 600 })
    // the day counted what played, nothing more
    jest.advanceTimersByTime(30 * MIN)
    expect(book.used()).toBe(3600)
  })

  it('out of limits a play, a channel key or OK on a tile is refused with the reason and changes nothing; other keys work', async () => {
    const book = gatewayBook({ dailyLimitMin: 15 })
    ensureDay(book.rec, serverDayKey(Date.now())).usedSec = 900
    const { box, play, key } = boxWith(book.source)
    const refusedPlay = await play()
    expect(minorsOf(refusedPlay)).toEqual({ usedSec: 900, limitSec: 900, reason: 'total', refused: true })
    expect(box.state.playing).toBeNull()
    expect(box.playback()).toBeNull()
    // the media keys that start something are play keys too; pause is not
    for (const k of ['channelUp', 'channelDown', 'digit1', 'ok', 'play', 'playPause', 'next', 'previous'] as RemoteKey[]) {
      const r = await key(k)
      expect([k, minorsOf(r)?.refused, minorsOf(r)?.reason]).toEqual([k, true, 'total'])
    }
    expect(box.state).toMatchObject({ playing: null, live: null, liveEntry: '' })
    expect(minorsOf(await key('pause'))?.refused).toBeUndefined()
    const vol = await key('volumeUp')
    expect(minorsOf(vol)).toEqual({ usedSec: 900, limitSec: 900, reason: 'total' })
    expect(vol.actionData.content.playState.volume).toBe(21)
    // an hour on the desktop counts nothing
    jest.advanceTimersByTime(60 * MIN)
    expect(book.used()).toBe(900)
  })

  it('the desktop does not count; VOD and live both do', async () => {
    const book = gatewayBook()
    const { key, play } = boxWith(book.source)
    await key('right')
    jest.advanceTimersByTime(10 * MIN)
    expect(book.used()).toBe(0)
    await key('channelUp') // live CCTV-1
    jest.advanceTimersByTime(5 * MIN)
    await play()
    jest.advanceTimersByTime(5 * MIN)
    await key('home')
    jest.advanceTimersByTime(10 * MIN)
    expect(book.used()).toBe(600)
    expect(book.state.minors[TV.mac].days[serverDayKey(Date.now())].watched.map((w) => [w.kind, w.title, w.sec])).toEqual([
      ['live', 'CCTV-1 综合', 300],
      ['vod', '海豚探险队', 300],
    ])
  })

  it('a jump of the stack clock past the total stops at the second it was reached (61 minutes -> 60 counted)', async () => {
    const book = gatewayBook()
    let offset = 0
    const now = () => Date.now() + offset
    const { box, play, reports, plays } = boxWith(
      { read: book.source.read, add: (u) => void addMinorsUsage(book.state, TV.mac, u, now()) },
      now,
    )
    await play()
    offset += 61 * MIN
    box.clockMoved()
    await flush()
    expect(box.state.playing).toBeNull()
    expect(minorsView(book.state, TV.mac, '20261124')?.usedSec).toBe(3600)
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 2, positionSec: 600 })
    // one report, the stop (a rest reminder passed on the way is not shown for playback that has stopped)
    expect(reports().map((r) => [minorsOf(r)?.rest ?? false, minorsOf(r)?.reason])).toEqual([[false, 'total']])
  })
})

describe('the curfew', () => {
  it('starting mid-programme stops live TV at 22:00 Beijing; plays are refused until 06:00, then the new day counts from 0', async () => {
    jest.setSystemTime(bj(21, 40))
    const book = gatewayBook()
    const { box, key, reports } = boxWith(book.source)
    await key('channelUp')
    expect(box.state.live).toMatchObject({ name: 'CCTV-1 综合' })
    jest.advanceTimersByTime(20 * MIN)
    await flush()
    expect(box.state).toMatchObject({ playing: null, live: null })
    expect(minorsOf(reports().at(-1)!)).toEqual({ usedSec: 1200, limitSec: 3600, reason: 'curfew' })
    expect(box.screenMessage()?.kind).toBe('curfew')
    expect(minorsOf(await key('channelUp'))).toMatchObject({ reason: 'curfew', refused: true })
    // after midnight the total is new, but the curfew still holds
    jest.setSystemTime(bj(5, 59, 25))
    expect(minorsOf(await key('channelUp'))).toEqual({ usedSec: 0, limitSec: 3600, reason: 'curfew', refused: true })
    jest.setSystemTime(bj(6, 0, 25))
    const on = await key('channelUp')
    expect(minorsOf(on)).toEqual({ usedSec: 0, limitSec: 3600, reason: null })
    expect(box.state.live).not.toBeNull()
    expect(box.screenMessage()).toBeNull()
    expect(book.used('20261124')).toBe(1200)
  })
})

describe('the search field open', () => {
  const startKeys: RemoteKey[] = ['channelUp', 'channelDown', 'play', 'playPause', 'next', 'previous']

  it.each([
    ['the curfew', 'curfew', (): void => jest.setSystemTime(bj(22, 30)), {}],
    ['the total used up', 'total', (): void => undefined, { used: 3600 }],
  ] as const)('during %s, KEYCODE_SEARCH then a key that tunes or starts is refused at once with the reason; nothing plays, no timer needed', async (_what, reason, at, day) => {
    at()
    const book = gatewayBook()
    if ('used' in day) ensureDay(book.rec, serverDayKey(Date.now())).usedSec = day.used
    const { box, key } = boxWith(book.source)
    for (const k of startKeys) {
      const opened = await key('search')
      expect(opened.actionData.content.textInput).toEqual({ focused: true })
      const r = await key(k)
      expect([k, minorsOf(r)?.refused, minorsOf(r)?.reason]).toEqual([k, true, reason])
      // at once: the reply itself says nothing plays, with no clock moved and no timer run
      expect([k, r.actionData.content.playState.playing, r.actionData.content.playState.live]).toEqual([k, null, null])
      expect(box.state.playing).toBeNull()
    }
  })

  it('out of limits the field still takes what it types: digits, delete and OK are text, not channel numbers', async () => {
    jest.setSystemTime(bj(22, 30))
    const book = gatewayBook()
    const { box, key } = boxWith(book.source)
    await key('search')
    for (const k of ['digit1', 'digit2', 'del', 'digit5', 'ok'] as RemoteKey[]) expect([k, minorsOf(await key(k))?.refused]).toEqual([k, undefined])
    expect(box.searchField.snapshot()).toEqual({ focused: true, text: '15', submitted: '15' })
    expect(box.state).toMatchObject({ playing: null, liveEntry: '' })
    // back closes the field; then 频道+ is refused as before
    await key('back')
    expect(minorsOf(await key('channelUp'))).toMatchObject({ refused: true, reason: 'curfew' })
  })

  it('within limits, 频道+ with the field open tunes as before (and closes the field)', async () => {
    const book = gatewayBook()
    const { box, key } = boxWith(book.source)
    await key('search')
    const r = await key('channelUp')
    expect(minorsOf(r)).toEqual({ usedSec: 0, limitSec: 3600, reason: null })
    expect(box.state.live).toMatchObject({ number: 1 })
    expect(box.searchField.focused).toBe(false)
  })
})

/**
 * The child jest's environment: this one's, in Los Angeles, without what jest.setup.ts put into it for
 * the pages (TARO_PLATFORM=web makes babel-preset-taro add react-refresh to the child's transform, whose
 * output then fails with "$RefreshSig$ is not defined", and is cached so for later runs).
 */
function childEnv(): NodeJS.ProcessEnv {
  const { TARO_PLATFORM: _platform, TARO_ENV: _env, ...rest } = process.env
  return { ...rest, NODE_ENV: 'test', TZ: 'America/Los_Angeles' } as unknown as NodeJS.ProcessEnv
}

describe('the day boundary at Beijing midnight', () => {
  // jest hands each test file a copy of process.env, so TZ cannot be switched inside a test: the case
  // runs in a jest of its own started with TZ=America/Los_Angeles (tz/minorsMidnight.la.ts)
  it('under TZ=America/Los_Angeles (a jest of its own): the count splits at 00:00 Beijing, and a TV stopped for the total plays again then', () => {
    const root = path.join(__dirname, '..', '..')
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--testMatch', '**/__tests__/emulator/tz/*.la.ts', '--', '__tests__/emulator/tz'],
      { cwd: root, env: childEnv(), encoding: 'utf8', timeout: 120_000 },
    )
    const out = `${run.stdout}${run.stderr}`
    expect([run.status, out]).toEqual([0, expect.stringMatching(/Tests:\s+3 passed, 3 total/)])
  }, 150_000)
})

describe('the grant', () => {
  it('applies at once: the refusal lifts, the phones hear the new total, and the box stops again 15 minutes later', async () => {
    const book = gatewayBook()
    const { box, play, reports } = boxWith(book.source)
    await play()
    jest.advanceTimersByTime(60 * MIN)
    await flush()
    expect(box.state.playing).toBeNull()
    book.grant()
    box.tvChanged() // the gateway's event
    await flush()
    expect(minorsOf(reports().at(-1)!)).toEqual({ usedSec: 3600, limitSec: 4500, reason: null })
    expect(box.screenMessage()).toBeNull()
    const again = await play()
    expect(minorsOf(again)).toEqual({ usedSec: 3600, limitSec: 4500, reason: null })
    expect(box.playback()).not.toBeNull()
    jest.advanceTimersByTime(15 * MIN)
    await flush()
    expect(box.state.playing).toBeNull()
    expect(book.used()).toBe(4500)
    expect(minorsOf(reports().at(-1)!)).toMatchObject({ usedSec: 4500, reason: 'total' })
  })

  it('a lower total set while playing stops at once; turning the mode off lifts every refusal and the field goes', async () => {
    const book = gatewayBook()
    const { box, play } = boxWith(book.source)
    await play()
    jest.advanceTimersByTime(20 * MIN)
    book.rec.settings = { ...book.rec.settings, dailyLimitMin: 15 }
    box.tvChanged()
    expect(box.state.playing).toBeNull()
    // what was watched stays counted
    expect(book.used()).toBe(20 * 60)
    book.rec.settings = { ...book.rec.settings, enabled: false }
    const r = await play()
    expect(minorsOf(r)).toBeNull()
    expect(box.playback()).not.toBeNull()
  })
})

describe('the rest reminder', () => {
  it('after 30 minutes of continuous playback: a message on the TV and a report to the phones; playback goes on', async () => {
    const book = gatewayBook({ dailyLimitMin: 120 })
    const { box, play, key, reports } = boxWith(book.source)
    await play()
    jest.advanceTimersByTime(30 * MIN - 1000)
    await flush()
    expect(reports().filter((r) => minorsOf(r)?.rest)).toHaveLength(0)
    jest.advanceTimersByTime(1000)
    await flush()
    const rest = reports().filter((r) => minorsOf(r)?.rest)
    expect(rest).toHaveLength(1)
    expect(minorsOf(rest[0])).toEqual({ usedSec: 1800, limitSec: 7200, reason: null, rest: true })
    expect(box.screenMessage()).toMatchObject({ kind: 'rest', text: expect.stringContaining('休息') })
    expect(box.playback()).not.toBeNull()
    // the message goes after a minute; playback went on all along
    jest.advanceTimersByTime(REST_MESSAGE_MS)
    expect(box.screenMessage()).toBeNull()
    // a switch of channel is still continuous playback: the next reminder at 60 minutes
    await key('channelUp')
    jest.advanceTimersByTime(29 * MIN)
    await flush()
    expect(reports().filter((r) => minorsOf(r)?.rest)).toHaveLength(2)
    expect(book.used()).toBe(60 * 60)
  })

  it('a stop starts the stretch over; with the reminder off there is none', async () => {
    const book = gatewayBook({ dailyLimitMin: 120 })
    const { play, key, reports } = boxWith(book.source)
    await play()
    jest.advanceTimersByTime(20 * MIN)
    await key('back')
    await play()
    jest.advanceTimersByTime(20 * MIN)
    await flush()
    expect(reports().filter((r) => minorsOf(r)?.rest)).toHaveLength(0)
    book.rec.settings = { ...book.rec.settings, restReminder: false }
    jest.advanceTimersByTime(40 * MIN)
    await flush()
    expect(reports().filter((r) => minorsOf(r)?.rest)).toHaveLength(0)
  })
})

describe('a box restart', () => {
  it('loses no counted time: the new box reads the day\'s total from the gateway and stops at the same total', async () => {
    const book = gatewayBook()
    const first = boxWith(book.source)
    await first.play()
    jest.advanceTimersByTime(20 * MIN + 15_000) // between two writes
    first.box.dispose() // the box restarts
    expect(book.used()).toBe(20 * 60 + 15)

    const second = boxWith(book.source)
    expect(minorsOf(await second.send(syncPlayState()))).toEqual({ usedSec: 1215, limitSec: 3600, reason: null })
    await second.play()
    jest.advanceTimersByTime(40 * MIN - 15_000 - 1000)
    expect(second.box.state.playing).not.toBeNull()
    jest.advanceTimersByTime(1000)
    expect(second.box.state.playing).toBeNull()
    expect(book.used()).toBe(3600)
  })

  it('a mode that is off counts nothing and sends no field; turned on while playing, it counts from then', async () => {
    const book = gatewayBook({ enabled: false })
    const { box, play, send } = boxWith(book.source)
    expect(minorsOf(await play())).toBeNull()
    jest.advanceTimersByTime(30 * MIN)
    book.rec.settings = { ...book.rec.settings, enabled: true }
    box.tvChanged()
    jest.advanceTimersByTime(10 * MIN)
    expect(minorsOf(await send(syncPlayState()))).toEqual({ usedSec: 600, limitSec: 3600, reason: null })
  })
})
