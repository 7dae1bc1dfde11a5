/** @jest-environment node */
/**
 * The box enforces the child lock (src/protocol/tv/childLock.ts): under child lock it starts only a
 * program the catalogue calls child-friendly, from whatever message asks (type 9 by params or by load
 * URL, OK on a desktop tile, a resume of what played before the lock, a channel number), and says why in
 * the reply to the refused command (same sequenceId, nothing changed). Fake timers on the stack's clock.
 */
import type { ProgramDef } from '../../emulator/settop/playback'
import { h5Play, syncPlayState } from '../../src/protocol/tv/commands'
import { readChildRefused } from '../../src/protocol/tv/childLock'
import { bj, boxWith, CHANNELS, SERIES, type Msg } from './helpers/minorsBox'

beforeEach(() => jest.useFakeTimers({ now: bj(15), doNotFake: ['setImmediate'] }))
afterEach(() => jest.useRealTimers())

/** An adult series, and the catalogue's word on each program (the child channel's data). */
const ADULT: ProgramDef = { programId: 'p1', title: '长安往事', durations: [2400, 2400] }
const FRIENDLY: Record<string, boolean> = { [SERIES.programId]: true, [ADULT.programId]: false }
const PROGRAMS: Record<string, ProgramDef> = { [SERIES.programId]: SERIES, [ADULT.programId]: ADULT }
/** The desktops' tiles: the normal one mixes adult and child programs; the child one has child programs only. */
const TILES = { adult: [ADULT.programId, SERIES.programId], child: [SERIES.programId] }
const KIDS_CHANNEL = { channelId: 'ch09', number: 9, name: '卡酷少儿', child: true }

function childBox(opts: { tiles?: typeof TILES | null } = {}) {
  const locks = { childLock: true, globalLock: false }
  const tiles = opts.tiles === undefined ? TILES : opts.tiles
  const b = boxWith(undefined, Date.now, {
    locks,
    options: {
      programs: (id) => PROGRAMS[id],
      channels: () => [...CHANNELS, KIDS_CHANNEL],
      childFriendly: (id) => FRIENDLY[id],
      ...(tiles ? { desktopTiles: (child: boolean) => (child ? tiles.child : tiles.adult) } : {}),
    },
  })
  return { ...b, locks }
}

const playOf = (params: string, loadUrl = 'http://x/web/page.html') =>
  h5Play({ action: 'a', package: 'com.app', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl }, params, type: 'web' })
const refusedOf = (m: Msg) => readChildRefused(m.actionData.content)

describe('type 9 under child lock', () => {
  it.each([
    ['params {"programId"} of an adult program', JSON.stringify({ programId: 'p1' }), undefined, { reason: 'notChildFriendly', programId: 'p1' }],
    ['the same with a resume point (继续观看)', JSON.stringify({ programId: 'p1', episode: 2, positionSec: 900 }), undefined, { reason: 'notChildFriendly', programId: 'p1' }],
    ['a /h5/{id}.html load URL of an adult program, no params', '', 'http://x/h5/p1.html', { reason: 'notChildFriendly', programId: 'p1' }],
    ['a program the catalogue does not know', JSON.stringify({ programId: 'nope' }), undefined, { reason: 'unknown', programId: 'nope' }],
    ['web content naming no program', '', undefined, { reason: 'unknown' }],
    ['a forged programId that is not a string', JSON.stringify({ programId: 1 }), undefined, { reason: 'unknown' }],
  ])('%s: refused with the reason, nothing plays, no watch record', async (_what, params, loadUrl, expected) => {
    const { box, send, plays } = childBox()
    const r = await send(playOf(params, loadUrl))
    expect(refusedOf(r)).toEqual(expected)
    expect(r.actionData.type).toBe(87)
    expect(r.actionData.content).toMatchObject({ childLock: true, lockCurrentStatus: 0, playState: { playing: null, vod: null } })
    expect(box.state.playing).toBeNull()
    expect(box.playback()).toBeNull()
    expect(plays).toEqual([])
  })

  it('a child-friendly program plays, and the lock off lets the adult one play', async () => {
    const { box, send, locks } = childBox()
    const kids = await send(playOf(JSON.stringify({ programId: SERIES.programId })))
    expect(refusedOf(kids)).toBeNull()
    expect(box.playback()).toMatchObject({ programId: SERIES.programId })
    locks.childLock = false
    const adult = await send(playOf(JSON.stringify({ programId: 'p1' })))
    expect(refusedOf(adult)).toBeNull()
    expect(box.playback()).toMatchObject({ programId: 'p1' })
  })

  it('a box without the catalogue judges no program (the lock is then the phone\'s alone)', async () => {
    const { box, send } = boxWith(undefined, Date.now, { locks: { childLock: true, globalLock: false }, options: { programs: (id) => PROGRAMS[id] } })
    const r = await send(playOf(JSON.stringify({ programId: 'p1' })))
    expect(refusedOf(r)).toBeNull()
    expect(box.playback()).toMatchObject({ programId: 'p1' })
  })
})

describe('OK on a desktop tile under child lock', () => {
  it('the child desktop\'s tile plays, naming its program', async () => {
    const { box, key } = childBox()
    const r = await key('ok')
    expect(refusedOf(r)).toBeNull()
    expect(box.state.playing).toEqual({ package: 'tvc.desktop', loadUrl: 'tvc://desktop/tile/0', programId: SERIES.programId })
    expect(r.actionData.content.playState.playing.programId).toBe(SERIES.programId)
  })

  it('a tile whose program is not child-friendly, or that the box cannot name, is refused and nothing plays', async () => {
    // a desktop list that (wrongly) puts an adult program on the child desktop: the box still judges the program
    const wrong = childBox({ tiles: { adult: TILES.adult, child: [ADULT.programId] } })
    expect(refusedOf(await wrong.key('ok'))).toEqual({ reason: 'notChildFriendly', programId: 'p1' })
    expect(wrong.box.state.playing).toBeNull()
    // the second tile of a one-tile desktop, and a box that knows no tiles at all
    const { box, key } = childBox()
    await key('right')
    expect(refusedOf(await key('ok'))).toEqual({ reason: 'unknown' })
    const blind = childBox({ tiles: null })
    expect(refusedOf(await blind.key('ok'))).toEqual({ reason: 'unknown' })
    expect([box.state.playing, blind.box.state.playing]).toEqual([null, null])
  })

  it('without the lock the normal desktop\'s adult tile plays', async () => {
    const { box, key, locks } = childBox()
    locks.childLock = false
    expect(refusedOf(await key('ok'))).toBeNull()
    expect(box.state.playing?.programId).toBe('p1')
  })
})

describe('what played before the lock', () => {
  it('the lock turned on stops an adult program (written where it was); nothing can resume it', async () => {
    const { box, send, key, locks, plays } = childBox()
    locks.childLock = false
    await send(playOf(JSON.stringify({ programId: 'p1' })))
    jest.advanceTimersByTime(60_000)
    await key('pause')
    locks.childLock = true
    box.tvChanged()
    expect(box.state.playing).toBeNull()
    expect(box.playback()).toBeNull()
    expect(plays.at(-1)).toMatchObject({ programId: 'p1', positionSec: 60 })
    for (const k of ['play', 'playPause', 'next', 'previous'] as const) {
      const r = await key(k)
      expect([k, r.actionData.content.media?.done, r.actionData.content.playState.playing]).toEqual([k, false, null])
    }
    // the app's 继续观看 is a type 9 with the resume point: refused
    expect(refusedOf(await send(playOf(JSON.stringify({ programId: 'p1', episode: 1, positionSec: 60 }))))).toMatchObject({ reason: 'notChildFriendly' })
    expect(box.playback()).toBeNull()
  })

  it('a lock the box was not told of is applied at its next command', async () => {
    const { box, send, locks } = childBox()
    locks.childLock = false
    await send(playOf(JSON.stringify({ programId: 'p1' })))
    locks.childLock = true
    const r = await send(syncPlayState())
    expect(r.actionData.content.playState).toMatchObject({ playing: null, vod: null })
    expect(box.playback()).toBeNull()
  })

  it('a child program and a child channel go on under the lock', async () => {
    const { box, send, key, locks } = childBox()
    await send(playOf(JSON.stringify({ programId: SERIES.programId })))
    box.tvChanged()
    expect(box.playback()).toMatchObject({ programId: SERIES.programId })
    await key('channelUp')
    expect(box.state.live).toMatchObject({ channelId: KIDS_CHANNEL.channelId })
    locks.childLock = false
    await key('channelUp') // CCTV-1 after the lock went off
    locks.childLock = true
    box.tvChanged()
    expect(box.state.live).toBeNull()
  })
})

describe('channel keys under child lock', () => {
  it('a channel number outside the child groups: refused with the reason; 频道± tunes child channels only', async () => {
    const { box, key } = childBox()
    await key('digit1')
    const r = await key('ok')
    expect(refusedOf(r)).toEqual({ reason: 'notChildFriendly', channel: 1 })
    expect(r.actionData.content.playState.liveRefused).toEqual({ number: 1, reason: 'child' })
    expect(box.state.live).toBeNull()
    for (const k of ['channelUp', 'channelDown', 'channelUp'] as const) {
      await key(k)
      expect(box.state.live?.channelId).toBe(KIDS_CHANNEL.channelId)
    }
  })
})
