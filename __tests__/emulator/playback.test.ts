/** @jest-environment node */
/**
 * The virtual box plays a program on the stack's clock (episode, position, duration; the
 * next episode after an end; a stop after the last), reports it beside `playing`, starts where the
 * play command says, and writes the user's record at least every 30 s, at a stop or switch, and at
 * once when the clock is moved. The gateway keeps the newest write and marks finished records.
 */
import fs from 'node:fs'
import { VirtualSetTopBox } from '../../emulator/settop/box'
import { advance, startPlayback, VodPlayer, WRITE_EVERY_MS, type PlaybackWrite, type ProgramDef } from '../../emulator/settop/playback'
import { isFinished } from '../../emulator/data/finished'
import { startSetTops, type SettopTransport } from '../../emulator/settop'
import { agentTopic, type TvPlay } from '../../emulator/directory'
import { DEMO, type RunningGateway } from '../../emulator/gateway'
import { h5Play, remoteKey, syncPlayState, type Command } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { realClient, startTestGateway } from './helpers/gateway'

const SERIES: ProgramDef = { programId: 'p9', title: '剧', durations: [100, 200, 300] }

describe('playback on the clock', () => {
  it('advances one second per second, rolls over to the next episode, ends after the last', () => {
    const pb = startPlayback(SERIES, 'u1', 1, 90, 0)
    expect(advance(pb, 5_000)).toMatchObject({ episode: 1, positionSec: 95, ended: false })
    expect(advance(pb, 15_000)).toMatchObject({ episode: 2, positionSec: 5, ended: false })
    expect(advance(pb, 10_000 + 200_000 + 299_000)).toMatchObject({ episode: 3, positionSec: 299, ended: false })
    expect(advance(pb, 10_000 + 200_000 + 300_000)).toMatchObject({ episode: 3, positionSec: 300, ended: true })
    expect(advance(pb, 10 * 3600_000)).toMatchObject({ episode: 3, positionSec: 300, ended: true })
  })

  it('a clock set back never moves the position backwards within one play', () => {
    let pb = advance(startPlayback(SERIES, 'u1', 2, 0, 1_000_000), 1_060_000)
    expect(pb).toMatchObject({ episode: 2, positionSec: 60 })
    pb = advance(pb, 500_000) // the clock went back (DELETE /__emulator/clock)
    expect(pb).toMatchObject({ episode: 2, positionSec: 60 })
    expect(advance(pb, 510_000)).toMatchObject({ episode: 2, positionSec: 70 })
  })

  it('a start is clamped into the program: episode 1..count, position inside the episode', () => {
    expect(startPlayback(SERIES, 'u1', 9, 9999, 0)).toMatchObject({ episode: 3, positionSec: 299 })
    expect(startPlayback(SERIES, 'u1', 0, -5, 0)).toMatchObject({ episode: 1, positionSec: 0 })
  })
})

describe('the box player writes the record (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => jest.useRealTimers())

  it('writes at the start, at least every 30 s while playing, at the stop, and after the last episode', () => {
    const writes: PlaybackWrite[] = []
    let ended = 0
    const player = new VodPlayer(Date.now, (w) => void writes.push(w), () => void ended++)
    player.start(SERIES, 'u1', 1, 0)
    expect(writes).toEqual([{ uid: 'u1', programId: 'p9', episodeIndex: 1, positionSec: 0 }])
    jest.advanceTimersByTime(WRITE_EVERY_MS)
    expect(writes.at(-1)).toMatchObject({ episodeIndex: 1, positionSec: 30 })
    jest.advanceTimersByTime(WRITE_EVERY_MS * 3)
    expect(writes.map((w) => [w.episodeIndex, w.positionSec])).toEqual([[1, 0], [1, 30], [1, 60], [1, 90], [2, 20]])
    // the end of the last episode: written there, then the box stops
    jest.advanceTimersByTime(600_000)
    expect(writes.at(-1)).toMatchObject({ episodeIndex: 3, positionSec: 300 })
    expect(ended).toBe(1)
    expect(player.view()).toBeNull()
    const count = writes.length
    jest.advanceTimersByTime(120_000)
    expect(writes).toHaveLength(count) // nothing more after the stop
  })

  it('a stop or a switch writes where it was; a failing writer never stops the player', () => {
    const writes: PlaybackWrite[] = []
    const player = new VodPlayer(Date.now, (w) => {
      writes.push(w)
      if (writes.length === 2) throw new Error('disk full')
    }, () => undefined)
    player.start(SERIES, 'u1', 2, 10)
    jest.advanceTimersByTime(12_000)
    player.start({ ...SERIES, programId: 'p8' }, 'u1', 1, 0) // switch: p9 written at 22 s first
    expect(writes.map((w) => [w.programId, w.episodeIndex, w.positionSec])).toEqual([['p9', 2, 10], ['p9', 2, 22], ['p8', 1, 0]])
    jest.advanceTimersByTime(5_000)
    player.stop()
    expect(writes.at(-1)).toMatchObject({ programId: 'p8', positionSec: 5 })
    expect(player.view()).toBeNull()
  })
})

const TV = { mac: 'AC3B7F0E1002', name: '卧室电视', topic: 'tvc/tv/AC3B7F0E1002' }
const PHONE = 'tvc/phone/cid-1'
const playOf = (params: string) => h5Play({ action: 'a', package: 'com.app', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'http://x/h5/p9.html' }, params, type: 'web' })

function boxSetup(now: () => number = Date.now) {
  const out: Array<Record<string, any>> = [] // eslint-disable-line @typescript-eslint/no-explicit-any
  const plays: TvPlay[] = []
  const box = new VirtualSetTopBox(TV, () => ({ childLock: false, globalLock: false }), (_t, p) => void out.push(JSON.parse(p)), (p) => void plays.push(p), () => true, undefined, {
    now,
    programs: (id) => (id === 'p9' ? SERIES : undefined),
  })
  let seq = 1
  const send = (cmd: Command) => {
    const sequenceId = ++seq
    box.handle(JSON.stringify(buildEnvelope({
      sequenceId, jarvisId: 'cid-1', bananaId: TV.mac, type: cmd.type, content: cmd.content(String(sequenceId)),
      from: { nickname: '小明', topic: PHONE, uid: 'u10001' }, to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u10001' }],
    })), 'u10001')
  }
  return { box, out, plays, send }
}

describe('the virtual box plays and reports (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 5_000_000, doNotFake: ['setImmediate'] }))
  afterEach(() => jest.useRealTimers())
  const flush = () => new Promise((r) => setImmediate(r))

  it('starts at the episode and second of params and reports them beside playing in the sync reply', async () => {
    const { box, out, plays, send } = boxSetup()
    send(playOf(JSON.stringify({ programId: 'p9', episode: 2, positionSec: 120 })))
    expect(plays).toEqual([{ mac: TV.mac, uid: 'u10001', programId: 'p9', episodeIndex: 2, positionSec: 120 }])
    jest.advanceTimersByTime(10_000)
    send(syncPlayState())
    await flush()
    const state = out.at(-1)?.actionData.content.playState
    expect(state.playing).toMatchObject({ loadUrl: 'http://x/h5/p9.html' })
    expect(state.vod).toEqual({ programId: 'p9', title: '剧', episode: 2, episodeCount: 3, positionSec: 130, durationSec: 200, paused: false })
    box.dispose()
  })

  it('a params that is not a JSON object plays from the start', () => {
    const { box, plays, send } = boxSetup()
    send(h5Play({ action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'http://x/h5/p9.html' }, params: '[2,600]', type: 'web' }))
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 1, positionSec: 0 })
    box.dispose()
  })

  it('back stops the play (written where it was); the last episode ending returns to the desktop and reports', async () => {
    const { box, out, plays, send } = boxSetup()
    send(playOf(JSON.stringify({ programId: 'p9', episode: 3, positionSec: 250 })))
    jest.advanceTimersByTime(20_000)
    send(remoteKey('back'))
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 3, positionSec: 270 })
    send(syncPlayState())
    await flush()
    expect(out.at(-1)?.actionData.content.playState.vod).toBeNull()

    send(playOf(JSON.stringify({ programId: 'p9', episode: 3, positionSec: 290 })))
    await flush()
    const before = out.length
    jest.advanceTimersByTime(10_000)
    await flush()
    expect(plays.at(-1)).toMatchObject({ episodeIndex: 3, positionSec: 300 })
    // an unsolicited type 87 tells the phone the TV stopped
    expect(out.length).toBeGreaterThan(before)
    expect(out.at(-1)?.actionData.content.playState).toMatchObject({ playing: null, screen: 2, vod: null })
    box.dispose()
  })
})

/** An in-memory transport: what the boxes publish is kept; commands are handed in by the test. */
function memoryTransport() {
  let handler: ((topic: string, payload: Uint8Array) => void) | null = null
  const transport: SettopTransport = {
    subscribe: async (_f, onMessage) => {
      handler = onMessage
    },
    publish: () => undefined,
    close: async () => undefined,
  }
  return { transport, deliver: (topic: string, payload: string) => handler?.(topic, Buffer.from(payload)) }
}

describe('the stack: the gateway record follows the box', () => {
  let gw: RunningGateway & { dataDir: string }
  beforeEach(async () => {
    gw = await startTestGateway()
  })
  afterEach(async () => {
    await gw.close()
    fs.rmSync(gw.dataDir, { recursive: true, force: true })
  })

  it('episode 2 played on 卧室电视, the clock moved 10 minutes: the record is 第2集 10:00 at once, on that TV', async () => {
    const c = realClient(gw.url)
    const user = await c.login(DEMO.phone)
    const program = gw.catalogue.programs.find((p) => p.h5Play && p.episodes.length >= 3 && p.episodes[1].durationSec > 900)!
    const creds = await c.api.jarvis.jarvisLogin({ uid: user.uid, phone: DEMO.phone, abilityString: '' })
    const { transport, deliver } = memoryTransport()
    const tops = await startSetTops({ directory: gw.directory, transport })
    try {
      const { appName: _a, ...payload } = program.h5Play!
      const cmd = h5Play({ ...payload, params: JSON.stringify({ programId: program.programId, episode: 2 }) })
      // on the user's own way into the TV: the box learns the player from it
      deliver(agentTopic(TV.mac, user.uid), JSON.stringify(buildEnvelope({
        sequenceId: 1, jarvisId: creds.cid, bananaId: TV.mac, type: cmd.type, content: cmd.content('1'),
        from: { nickname: '小明', topic: creds.clientTopic[0], uid: user.uid }, to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: user.uid }],
      })))
      const single = async () => (await c.api.box.querySingleHistory({ uid: user.uid, programId: program.programId })).list[0]
      expect(await single()).toMatchObject({ episodeIndex: 2, positionSec: 0, mac: TV.mac, finished: false })
      gw.clock.set(gw.clock.offsetMs + 600_000)
      const rec = await single()
      expect(rec.episodeIndex).toBe(2)
      expect(rec.positionSec).toBeGreaterThanOrEqual(600)
      expect(rec.positionSec).toBeLessThan(605)
    } finally {
      await tops.close()
    }
  })

  it('newest write wins across TVs; the record says the TV; the last 30 s of the last episode is finished', async () => {
    const c = realClient(gw.url)
    const user = await c.login(DEMO.phone)
    const program = gw.catalogue.programs.find((p) => p.episodes.length >= 2)!
    const last = program.episodes.length
    const lastDuration = program.episodes[last - 1].durationSec
    gw.directory.recordPlay?.({ mac: 'AC3B7F0E1002', uid: user.uid, programId: program.programId, episodeIndex: 2, positionSec: 600 })
    gw.directory.recordPlay?.({ mac: 'AC3B7F0E1001', uid: user.uid, programId: program.programId, episodeIndex: 1, positionSec: 30 })
    const single = async () => (await c.api.box.querySingleHistory({ uid: user.uid, programId: program.programId })).list[0]
    expect(await single()).toMatchObject({ episodeIndex: 1, positionSec: 30, mac: 'AC3B7F0E1001', finished: false })
    gw.directory.recordPlay?.({ mac: 'AC3B7F0E1001', uid: user.uid, programId: program.programId, episodeIndex: last, positionSec: lastDuration - 31 })
    expect((await single()).finished).toBe(false)
    gw.directory.recordPlay?.({ mac: 'AC3B7F0E1001', uid: user.uid, programId: program.programId, episodeIndex: last, positionSec: lastDuration - 30 })
    expect((await single()).finished).toBe(true)
    const page = await c.api.box.queryHistory({ uid: user.uid, page: 1, pageSize: 5 })
    expect(page.list[0]).toMatchObject({ programId: program.programId, finished: true })
  })
})

describe('the finished rule', () => {
  it('is the last episode within its last 30 s, never an earlier episode', () => {
    expect(isFinished([100, 200], 2, 170)).toBe(true)
    expect(isFinished([100, 200], 2, 169)).toBe(false)
    expect(isFinished([100, 200], 1, 100)).toBe(false)
    expect(isFinished([20], 1, 0)).toBe(true) // an episode shorter than 30 s is finished at once
    expect(isFinished([], 1, 0)).toBe(false)
  })
})
