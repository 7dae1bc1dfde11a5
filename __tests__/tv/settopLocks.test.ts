/** @jest-environment node */
/**
 * The box's side of the locks: under global lock h5Play and keys are answered with a type
 * 87 carrying the command's sequenceId, lockCurrentStatus and globalLock true, and change nothing;
 * report() pushes an unsolicited type 87 to the phones the box served (never to one it may no longer
 * answer), with the screen option the gateway set.
 */
import { VirtualSetTopBox } from '../../emulator/settop/box'
import type { TvLocks, TvScreenOption } from '../../emulator/directory'
import { h5Play, remoteKey, syncPlayState, type Command } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'

const TV = { mac: 'AABBCCDDEEFF', name: '客厅电视', topic: 'tvc/tv/AABBCCDDEEFF' }
const PLAY = { action: 'h5Play', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' as const }

function setup() {
  const locks: TvLocks = { childLock: false, globalLock: false }
  let screen: TvScreenOption = { mode: 'remote', quality: 'auto', autoPlayNext: true }
  const allowed = new Set(['tvc/phone/a', 'tvc/phone/b'])
  const out: Array<{ topic: string; env: Record<string, any> }> = [] // eslint-disable-line @typescript-eslint/no-explicit-any
  const box = new VirtualSetTopBox(
    TV,
    () => locks,
    (topic, payload) => out.push({ topic, env: JSON.parse(payload) }),
    () => undefined,
    (topic) => allowed.has(topic),
    () => screen,
  )
  const send = (cmd: Command, sequenceId: number, phone = 'tvc/phone/a') =>
    box.handle(
      JSON.stringify(
        buildEnvelope({
          sequenceId,
          jarvisId: phone,
          bananaId: TV.mac,
          type: cmd.type,
          content: cmd.content(String(sequenceId)),
          from: { nickname: '小明', topic: phone, uid: 'u-1' },
          to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u-1' }],
        }),
      ),
    )
  return { box, locks, out, send, allowed, setScreen: (s: TvScreenOption) => (screen = s) }
}

const flush = () => new Promise((r) => setImmediate(r))

it('under global lock h5Play and keys get a type 87 with their own sequenceId, globalLock true, and change nothing', async () => {
  const { out, send, locks } = setup()
  locks.globalLock = true
  send(h5Play(PLAY), 501)
  send(remoteKey('volumeUp'), 502)
  await flush()
  expect(out.map((o) => [o.env.sequenceId, o.env.actionData.type])).toEqual([[501, 87], [502, 87]])
  for (const o of out) expect(o.env.actionData.content).toMatchObject({ lockCurrentStatus: 1, globalLock: true, playState: { playing: null, volume: 20 } })

  locks.globalLock = false
  send(h5Play(PLAY), 503)
  await flush()
  expect(out[2].env.actionData.content).toMatchObject({ globalLock: false, playState: { playing: { loadUrl: 'u' } } })
})

it('report() pushes a type 87 to every phone served, at once, with the locks and screen option of now', async () => {
  const { box, out, send, locks, allowed, setScreen } = setup()
  send(syncPlayState(), 10, 'tvc/phone/a')
  send(syncPlayState(), 11, 'tvc/phone/b')
  await flush()
  out.length = 0
  locks.childLock = true
  setScreen({ mode: 'mirror', quality: 'hd', autoPlayNext: false })
  box.report()
  await flush()
  expect(out.map((o) => o.topic).sort()).toEqual(['tvc/phone/a', 'tvc/phone/b'])
  for (const o of out) {
    expect(o.env.actionData.type).toBe(87)
    expect(o.env.actionData.from.topic).toBe(TV.topic)
    expect(o.env.actionData.to[0].topic).toBe(o.topic)
    expect(o.env.actionData.content).toMatchObject({ lockCurrentStatus: 0, childLock: true, screenOption: { mode: 'mirror', quality: 'hd' } })
    expect([10, 11]).not.toContain(o.env.sequenceId)
  }
  // a phone that left the TV's family hears nothing more
  allowed.delete('tvc/phone/b')
  out.length = 0
  box.report()
  await flush()
  expect(out.map((o) => o.topic)).toEqual(['tvc/phone/a'])
  // a silent (offline) TV reports nothing
  box.silent = true
  out.length = 0
  box.report()
  await flush()
  expect(out).toEqual([])
})
