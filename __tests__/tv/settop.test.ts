/** @jest-environment node */
import { VirtualSetTopBox } from '../../emulator/settop/box'
import type { TvLocks } from '../../emulator/directory'
import { remoteKey, syncPlayState, getCurrentScreenType, h5Play } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import type { Command } from '../../src/protocol/tv/commands'

const TV = { mac: 'AABBCCDDEEFF', name: '客厅电视', topic: 'tvc/tv/AABBCCDDEEFF' }
const PHONE = 'tvc/phone/cid-1'

function setup() {
  const locks: TvLocks = { childLock: false, globalLock: false }
  const out: Array<{ topic: string; env: Record<string, any> }> = [] // eslint-disable-line @typescript-eslint/no-explicit-any
  const box = new VirtualSetTopBox(TV, () => locks, (topic, payload) => out.push({ topic, env: JSON.parse(payload) }))
  let seq = 1000
  const send = (cmd: Command, sequenceId = ++seq) =>
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
  return { box, locks, out, send }
}

const flushImmediate = () => new Promise((r) => setImmediate(r))

it('answers every command on the sender topic, from the TV topic, echoing the sequenceId (deferred)', async () => {
  const { out, send } = setup()
  send(syncPlayState(), 5)
  expect(out).toHaveLength(0) // deferred with setImmediate
  await flushImmediate()
  send(getCurrentScreenType(), 6)
  await flushImmediate()
  expect(out.map((o) => [o.topic, o.env.sequenceId, o.env.actionData.type])).toEqual([
    [PHONE, 5, 87],
    [PHONE, 6, 32],
  ])
  expect(out[0].env.actionData.from.topic).toBe(TV.topic)
  expect(out[0].env.actionData.to[0].topic).toBe(PHONE)
  expect(out[1].env.actionData.content).toEqual({ code: 2 })
})

it('keys and h5Play change the play state that a sync reports; locks are reflected', async () => {
  const { out, send, locks } = setup()
  send(remoteKey('right'))
  send(remoteKey('ok'))
  send(remoteKey('volumeUp'))
  await flushImmediate()
  send(syncPlayState())
  await flushImmediate()
  const state = out[out.length - 1].env.actionData.content.playState
  expect(state).toMatchObject({ focus: 1, screen: 1, volume: 21, playing: { loadUrl: 'tvc://desktop/tile/1' } })

  locks.childLock = true
  locks.globalLock = true
  send(remoteKey('home'))
  send(h5Play({ action: 'h5Play', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' }))
  await flushImmediate()
  const last = out[out.length - 1].env.actionData.content
  expect(last).toMatchObject({ lockCurrentStatus: 0, childLock: true, globalLock: true })
  // global lock: neither the home key nor h5Play changed what the TV plays
  expect(last.playState.playing).toEqual({ package: 'tvc.desktop', loadUrl: 'tvc://desktop/tile/1' })
})

it('de-duplicates by sequenceId, ignores junk, and a silent box answers nothing', async () => {
  const { box, out, send } = setup()
  send(remoteKey('volumeUp'), 77)
  send(remoteKey('volumeUp'), 77)
  box.handle('{junk')
  box.handle(JSON.stringify({ sequenceId: 1, actionData: { type: 13 } }))
  await flushImmediate()
  expect(out).toHaveLength(1)
  expect(box.duplicates).toBe(1)
  expect(box.state.volume).toBe(21)
  box.silent = true
  send(syncPlayState())
  await flushImmediate()
  expect(out).toHaveLength(1)
  expect(box.received).toHaveLength(3)
})
