/** @jest-environment node */
/** The virtual box plays live TV from digit keys, OK and 频道+/−, as a hand remote does. */
import { VirtualSetTopBox } from '../../emulator/settop/box'
import { LIVE_COMMIT_MS, LIVE_PACKAGE, type LiveChannelDef } from '../../emulator/settop/model'
import type { TvLocks } from '../../emulator/directory'
import { channelKeys, remoteKey, syncPlayState, h5Play, type Command, type RemoteKey } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import type { TvPlayState } from '../../src/protocol/tv/messages'
import { serverDayStart } from '../../src/protocol/time'
import { onAirAt } from '../../emulator/data/live'

const TV = { mac: 'AABBCCDDEEFF', name: '客厅电视', topic: 'tvc/tv/AABBCCDDEEFF' }
const PHONE = 'tvc/phone/cid-1'
const CHANNELS: LiveChannelDef[] = [
  { channelId: 'ch01', number: 1, name: 'CCTV-1 综合', child: false },
  { channelId: 'ch02', number: 2, name: 'CCTV-2 财经', child: false },
  { channelId: 'ch12', number: 12, name: '湖南卫视', child: false },
  { channelId: 'ch39', number: 39, name: '卡酷少儿', child: true },
  { channelId: 'ch40', number: 40, name: '金鹰卡通', child: true },
]

function setup(now = () => serverDayStart('20261124') + 20 * 3600_000) {
  const locks: TvLocks = { childLock: false, globalLock: false }
  const out: Array<{ topic: string; env: Record<string, any> }> = [] // eslint-disable-line @typescript-eslint/no-explicit-any
  const box = new VirtualSetTopBox(
    TV,
    () => locks,
    (topic, payload) => out.push({ topic, env: JSON.parse(payload) }),
    undefined,
    undefined,
    undefined,
    { channels: () => CHANNELS, now },
  )
  let seq = 1000
  const send = (cmd: Command) => {
    const sequenceId = ++seq
    box.handle(
      JSON.stringify(
        buildEnvelope({
          sequenceId,
          jarvisId: 'cid-1',
          bananaId: TV.mac,
          type: cmd.type,
          content: cmd.content(String(sequenceId)),
          from: { nickname: '小明', topic: PHONE, uid: 'u-1' },
          to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u-1' }],
        }),
      ),
    )
  }
  const keys = (ks: RemoteKey[]) => ks.forEach((k) => send(remoteKey(k)))
  return { box, locks, out, send, keys }
}

const state = (box: VirtualSetTopBox): TvPlayState => box.state

afterEach(() => jest.useRealTimers())

it('digits then OK switch to that channel at once, from the desktop or a program, and the reply says so', async () => {
  const { box, keys, send, out } = setup()
  keys(channelKeys(12))
  expect(state(box).live).toMatchObject({ channelId: 'ch12', number: 12, name: '湖南卫视' })
  expect(state(box).playing?.package).toBe(LIVE_PACKAGE)
  expect(state(box).screen).toBe(1)
  expect(state(box).liveEntry).toBe('')
  // a program plays, then digits switch back to live TV
  send(h5Play({ action: 'a', package: 'com.p', component: { pkg: 'com.p', cls: 'c' }, extras: { loadUrl: 'https://p/1' }, params: '{}', type: 'web' }))
  expect(state(box).live).toBeNull()
  keys(channelKeys(2))
  expect(state(box).live?.channelId).toBe('ch02')
  await new Promise((r) => setImmediate(r))
  const last = out[out.length - 1].env.actionData.content.playState
  expect(last.live).toMatchObject({ channelId: 'ch02', number: 2, name: 'CCTV-2 财经' })
  expect(typeof last.live.title).toBe('string')
  expect(last.live.title.length).toBeGreaterThan(0)
})

it('digits alone commit after the 2 s window, not before, and push a report to the phones served', () => {
  jest.useFakeTimers()
  const { box, keys, send, out } = setup()
  send(syncPlayState()) // the phone is a peer of the box now
  jest.advanceTimersByTime(0)
  keys(['digit1'])
  jest.advanceTimersByTime(LIVE_COMMIT_MS - 100)
  keys(['digit2']) // a second digit within the window restarts it
  jest.advanceTimersByTime(LIVE_COMMIT_MS - 1)
  expect(state(box).live ?? null).toBeNull()
  expect(state(box).liveEntry).toBe('12')
  const before = out.length
  jest.advanceTimersByTime(1)
  expect(state(box).live?.number).toBe(12)
  jest.runOnlyPendingTimers() // the report is deferred with setImmediate
  const report = out.slice(before).find((o) => o.env.actionData.type === 87)
  expect(report?.env.actionData.content.playState.live.number).toBe(12)
})

it('a number with no channel changes nothing but says so in the state', () => {
  const { box, keys } = setup()
  keys(channelKeys(1))
  keys(channelKeys(77))
  expect(state(box).live?.number).toBe(1)
  expect(state(box).liveRefused).toEqual({ number: 77, reason: 'noChannel' })
  keys(channelKeys(2))
  expect(state(box).liveRefused).toBeNull()
})

it('under child lock only child channels play; 频道+/− step through child channels only', () => {
  const { box, keys, locks } = setup()
  locks.childLock = true
  keys(channelKeys(1))
  expect(state(box).live ?? null).toBeNull()
  expect(state(box).liveRefused).toEqual({ number: 1, reason: 'child' })
  keys(channelKeys(39))
  expect(state(box).live?.number).toBe(39)
  keys(['channelUp'])
  expect(state(box).live?.number).toBe(40)
  keys(['channelUp']) // wraps to the first child channel, never an adult one
  expect(state(box).live?.number).toBe(39)
})

it('频道+ on the last channel wraps to the first, 频道− on the first to the last; from the desktop 频道+ tunes the first', () => {
  const { box, keys } = setup()
  keys(['channelUp'])
  expect(state(box).live?.number).toBe(1)
  keys(['channelDown'])
  expect(state(box).live?.number).toBe(40)
  keys(['channelUp'])
  expect(state(box).live?.number).toBe(1)
  keys(['channelUp'])
  expect(state(box).live?.number).toBe(2)
  keys(['back'])
  expect(state(box).live).toBeNull()
  expect(state(box).playing).toBeNull()
})

it('under global lock digits and channel keys change nothing, and a pending entry never commits', () => {
  jest.useFakeTimers()
  const { box, keys, locks } = setup()
  keys(['digit1'])
  locks.globalLock = true
  keys(['digit2', 'ok', 'channelUp'])
  jest.advanceTimersByTime(LIVE_COMMIT_MS * 2)
  expect(state(box).live ?? null).toBeNull()
})

it('another key drops a pending entry; the power key off ignores digits', () => {
  jest.useFakeTimers()
  const { box, keys } = setup()
  keys(['digit1', 'volumeUp'])
  jest.advanceTimersByTime(LIVE_COMMIT_MS * 2)
  expect(state(box).live ?? null).toBeNull()
  expect(state(box).liveEntry).toBe('')
  keys(['power', 'digit1', 'ok'])
  jest.advanceTimersByTime(LIVE_COMMIT_MS * 2)
  expect(state(box).live ?? null).toBeNull()
})

it('the programme a live channel reports is the one on air by the stack clock, as the clock moves', async () => {
  let now = serverDayStart('20261124') + 8 * 3600_000
  const { keys, send, out } = setup(() => now)
  keys(channelKeys(1))
  const seen = new Set<string>()
  for (let h = 0; h < 24; h += 3) {
    now = serverDayStart('20261124') + h * 3600_000
    send(syncPlayState())
    await new Promise((r) => setImmediate(r))
    const expected = onAirAt(CHANNELS[0], now).current
    expect(out[out.length - 1].env.actionData.content.playState.live.title).toBe(expected?.title)
    seen.add(expected?.psId ?? '')
  }
  expect(seen.size).toBe(8) // 3-hourly samples, programmes of at most 2 h: a different one each time
})
