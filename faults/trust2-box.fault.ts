/** @jest-environment node */
/**
 * Trust, second round: the set-top box and the phone's minors guard. A member with an account of their
 * own, or the child holding the parent's phone, against the local stack: what the box starts under the
 * child lock (whatever message asks), minors' refusals with the TV's search field open, and the phone's
 * guard when the mode cannot be read, when the phone's clock is moved, and for OK and the touch pad's
 * tap. Raw commands use jarvisLogin's credentials and the TV topic the gateway gives that user; what
 * the TV did is read from the stack's box and state, and from the app's real stores.
 */
import { h5Play, remoteKey, type Command, type RemoteKey } from '../src/protocol/tv/commands'
import { buildEnvelope } from '../src/protocol/tv/envelope'
import { readChildRefused } from '../src/protocol/tv/childLock'
import { readMinors } from '../src/protocol/tv/minors'
import { serverHhmm } from '../src/protocol/time'
import { contract } from '../src/protocol/contract'
import { DEMO } from '../emulator/gateway'
import { MinorsModeModel } from '../src/features/minors/models/minorsModeModel'
import { MinorsStatusStore, minorsStatusOf, type MinorsTvView } from '../src/stores/app/minorsStatusStore'
import { minors as minorsText } from '../src/strings/minors'
import { connectRawPhone, row, startChildWorld, startWorld, within, type Phone, type World } from './harness'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const LIVING = 'AC3B7F0E1001'
const MIN = 60_000

/** A raw MQTT client of `phone`'s own user (another client than the app): one command, its reply. */
async function rawOf(world: World, phone: Phone, number: string, mac = LIVING) {
  const creds = await phone.api.jarvis.jarvisLogin({ uid: phone.session.uid, phone: number, abilityString: '' })
  const topic = (await phone.api.jarvis.queryAgentTopic([mac]))[0].topic
  const { c, replies } = await connectRawPhone(world.stack.mqttUrl, creds)
  let seq = Date.now()
  const send = async (cmd: Command): Promise<Json> => {
    const sequenceId = ++seq
    const env = buildEnvelope({
      sequenceId,
      jarvisId: creds.cid,
      bananaId: mac,
      type: cmd.type,
      content: cmd.content(String(sequenceId)),
      from: { nickname: '', uid: '', topic: creds.clientTopic[0] },
      to: [{ jid: mac, mac, nickname: '', topic, uid: '' }],
    })
    await c.publishAsync(topic, JSON.stringify(env), { qos: 1 })
    if ((await within(() => replies.some((r) => r.sequenceId === sequenceId), 5_000)) === null) throw new Error(`no reply to ${JSON.stringify(cmd.content(''))}`)
    return replies.find((r) => r.sequenceId === sequenceId) as Json
  }
  return { send, key: (k: RemoteKey) => send(remoteKey(k)), end: () => c.end(true) }
}

const playOf = (params: string, loadUrl: string) =>
  h5Play({ action: 'h5Play', package: 'com.app', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl }, params, type: 'web' })

describe('the box under the child lock', () => {
  let world: World
  let member: Phone
  let closeWorld: () => Promise<void>
  beforeAll(async () => {
    ;({ world, close: closeWorld } = await startChildWorld())
    member = await world.phone(DEMO.memberPhone)
  }, 30_000)
  afterAll(() => closeWorld())

  const box = () => world.stack.settops!.box(LIVING)!
  const cat = () => world.stack.gateway.catalogue
  const friendly = (id: string | undefined) => !!id && cat().programById.get(id)?.childFriendly === true
  const adultProgram = () => cat().programs.find((p) => !p.childFriendly && p.h5Play)!
  const historyOf = (uid: string) => (world.stack.gateway.state().history[uid] ?? []).map((h) => h.programId)

  row('trust2 3', "child lock: a member's raw type 9 naming an adult program (params {\"programId\"}, its /h5/ load URL, a resume point)", 'the box starts none of them; each reply says why (childRefused) with its sequenceId; no watch record', async () => {
    const raw = await rawOf(world, member, DEMO.memberPhone)
    try {
      const p = adultProgram()
      const tries = [
        playOf(JSON.stringify({ programId: p.programId }), 'http://x/web/page.html'),
        playOf('', `http://x/h5/${p.programId}.html`),
        playOf(JSON.stringify({ programId: p.programId, episode: 2, positionSec: 600 }), p.h5Play!.extras.loadUrl),
      ]
      const said: string[] = []
      let started = 0
      for (const t of tries) {
        const r = await raw.send(t)
        said.push(readChildRefused(r.actionData.content)?.reason ?? 'no reason')
        if (box().state.playing || box().playback()) started++
      }
      const records = historyOf(member.session.uid).filter((id) => id === p.programId).length
      return {
        happened: `${started} of 3 started on the TV; replies: ${said.join(', ')}; ${records} watch record(s) of it`,
        pass: started === 0 && said.every((s) => s === 'notChildFriendly') && records === 0,
      }
    } finally {
      raw.end()
    }
  })

  row('trust2 3', 'child lock: OK on each of the desktop\'s 12 tiles, a channel number outside the child groups, 频道+ x3', 'every tile started is a child-friendly program the box names; the number is refused with the reason; 频道+ tunes child channels only', async () => {
    const raw = await rawOf(world, member, DEMO.memberPhone)
    try {
      await raw.key('home')
      // to the first tile (never the arrow up from the top row: that is the search field)
      while (box().state.focus >= 4) await raw.key('up')
      while (box().state.focus % 4 > 0) await raw.key('left')
      const started: Array<string | undefined> = []
      for (let tile = 0; tile < 12; tile++) {
        const r = await raw.key('ok')
        if (r.actionData.content.playState.playing) started.push(r.actionData.content.playState.playing.programId)
        await raw.key('back')
        if (tile % 4 < 3) await raw.key('right')
        else {
          await raw.key('down')
          for (let i = 0; i < 3; i++) await raw.key('left')
        }
      }
      const adultChannel = world.stack.gateway.catalogue.channels.find((c) => !c.child)!
      for (const d of String(adultChannel.number)) await raw.key(`digit${d}` as RemoteKey)
      const refused = readChildRefused((await raw.key('ok')).actionData.content)
      const tuned: boolean[] = []
      for (let i = 0; i < 3; i++) {
        await raw.key('channelUp')
        tuned.push(world.stack.gateway.catalogue.channels.find((c) => c.channelId === box().state.live?.channelId)?.child === true)
      }
      await raw.key('home')
      const unnamed = started.filter((id) => !friendly(id))
      return {
        happened: `${started.length} tiles started, ${unnamed.length} not a named child-friendly program (${unnamed.slice(0, 3).map(String).join(', ')}); channel ${adultChannel.number}: ${refused ? `refused (${refused.reason})` : 'no reason in the reply'}; 频道+ child channels: ${tuned.join(', ')}`,
        pass: started.length === 12 && unnamed.length === 0 && refused?.reason === 'notChildFriendly' && tuned.every(Boolean),
      }
    } finally {
      raw.end()
    }
  })

  row('trust2 3', 'child lock turned on while an adult program plays (paused), then play / next / 继续观看 from the member', 'the program stops when the lock turns on (record kept where it was); nothing resumes it', async () => {
    const owner = await world.phone(DEMO.phone)
    const raw = await rawOf(world, member, DEMO.memberPhone)
    try {
      const { locksOf } = await import('../src/features/locks/store/lockStore')
      const locks = locksOf(owner.root)
      await locks.load()
      const off = await locks.set('childLock', false, '1234')
      if (!off.ok) throw new Error(`child lock not off: ${off.message}`)
      const p = adultProgram()
      await raw.send(playOf(JSON.stringify({ programId: p.programId }), p.h5Play!.extras.loadUrl))
      const played = box().playback()?.programId === p.programId
      await raw.key('pause')
      const on = await locks.set('childLock', true, '1234')
      if (!on.ok) throw new Error(`child lock not on: ${on.message}`)
      await within(() => !box().playback(), 2_000)
      const stopped = box().playback() === null && box().state.playing === null
      const resumed: string[] = []
      for (const k of ['play', 'playPause', 'next'] as RemoteKey[]) if ((await raw.key(k)).actionData.content.playState.vod) resumed.push(k)
      const again = await raw.send(playOf(JSON.stringify({ programId: p.programId, episode: 1, positionSec: 30 }), p.h5Play!.extras.loadUrl))
      if (box().playback()) resumed.push('type 9 resume')
      const kept = world.stack.gateway.state().history[member.session.uid]?.find((h) => h.programId === p.programId)
      return {
        happened: `played before the lock: ${played}; stopped at the lock: ${stopped} (record ${kept ? `at ${kept.positionSec} s` : 'missing'}); resumed by: ${resumed.join(', ') || 'nothing'}; 继续观看 reply: ${readChildRefused(again.actionData.content)?.reason ?? 'no reason'}`,
        pass: played && stopped && !!kept && resumed.length === 0 && readChildRefused(again.actionData.content)?.reason === 'notChildFriendly',
      }
    } finally {
      raw.end()
    }
  })
})

describe("minors' mode and the phone's guard", () => {
  let world: World
  let owner: Phone
  const PASSWORD = '2468'
  beforeAll(async () => {
    world = await startWorld()
    owner = await world.phone(DEMO.phone)
    await within(() => owner.root.tv.online, 10_000)
  }, 30_000)
  afterAll(() => world.close())
  afterEach(() => world.stack.gateway.scenarios.clear())

  const box = () => world.stack.settops!.box(LIVING)!
  const now = () => world.stack.gateway.clock.now()

  /** The living-room TV's minors' mode on, with a curfew from a minute ago to an hour from now (any hour of the day). */
  async function curfewNow(): Promise<MinorsModeModel> {
    const model = new MinorsModeModel(owner.api.userCenter, () => owner.root.tvTarget, () => undefined)
    await model.load()
    model.setEnabled(true)
    // 120 minutes a day: the curfew is what refuses, not the total
    model.setAgeGroup('16to18')
    model.setCurfew('curfewStart', serverHhmm(now() - MIN))
    model.setCurfew('curfewEnd', serverHhmm(now() + 60 * MIN))
    const res = await model.save(PASSWORD)
    if (!res.ok) throw new Error(`could not set the curfew: ${res.message}`)
    return model
  }

  row('trust2 8', "minors' curfew: KEYCODE_SEARCH then KEYCODE_CHANNEL_UP (and the media keys that start) with the search field open", 'refused at once: the reply itself says refused and curfew, nothing tuned or started, before any guard could run', async () => {
    await curfewNow()
    const raw = await rawOf(world, owner, DEMO.phone)
    try {
      const seen: string[] = []
      let ok = true
      for (const k of ['channelUp', 'channelDown', 'play', 'next'] as RemoteKey[]) {
        const opened = await raw.key('search')
        const r = await raw.key(k)
        // read at the reply, synchronously: a later stop by the guard would not count
        const tv = box().state
        const m = readMinors(r.actionData.content)
        seen.push(`${k}: ${m?.refused ? `refused (${m.reason})` : 'taken'}, ${tv.live ? `tuned ${tv.live.name}` : tv.playing ? 'playing' : 'nothing plays'}`)
        ok &&= opened.actionData.content.textInput?.focused === true && m?.refused === true && m.reason === 'curfew' && !tv.live && !tv.playing && !r.actionData.content.playState.live
        await raw.key('back')
      }
      return { happened: seen.join('; '), pass: ok }
    } finally {
      raw.end()
    }
  })

  row('trust2 10', "the phone's guard: the curfew on a box that does not enforce, and the phone's clock moved 2 hours forward", 'still refused: only the gateway lifts a refusal (its clock says the curfew goes on)', async () => {
    await curfewNow()
    // a real operator's box reports no `minors`: the phone judges on the gateway's answer and clock
    const tv = owner.root.tv
    const specOnly: MinorsTvView = {
      get online() {
        return tv.online
      },
      get modeReported() {
        return tv.modeReported
      },
      get tvMode() {
        const { minors: _m, ...content } = tv.tvMode.content
        return { content }
      },
    }
    const phoneClock = { ms: Date.now() }
    const status = new MinorsStatusStore(owner.api.userCenter, () => owner.root.tvTarget, specOnly, () => phoneClock.ms)
    await status.load()
    const before = status.refusal()
    phoneClock.ms += 2 * 60 * MIN
    const after = status.refusal()
    // the gateway asked again (what the guard does on such a jump): its clock decides
    await status.load()
    const confirmed = status.refusal()
    return {
      happened: `before the jump: "${before}"; after: "${after || 'allowed'}"; after the gateway's answer: "${confirmed || 'allowed'}"`,
      pass: before === `${minorsText.refused.curfew}${minorsText.refusedHere}` && after === before && confirmed === before,
    }
  })

  row('trust2 8', "minors' day total used up (played to its end), then KEYCODE_SEARCH and KEYCODE_CHANNEL_UP", 'refused at once with the reason total', async () => {
    const model = new MinorsModeModel(owner.api.userCenter, () => owner.root.tvTarget, () => undefined)
    await model.load()
    model.setEnabled(true)
    // the curfew far from now; the least total (15 minutes)
    model.setCurfew('curfewStart', serverHhmm(now() + 6 * 60 * MIN))
    model.setCurfew('curfewEnd', serverHhmm(now() + 7 * 60 * MIN))
    for (let i = 0; i < 20; i++) model.stepLimit(-1)
    const saved = await model.save(PASSWORD)
    if (!saved.ok) throw new Error(`could not set the total: ${saved.message}`)
    const raw = await rawOf(world, owner, DEMO.phone)
    try {
      const used = readMinors((await raw.key('volumeUp')).actionData.content)
      if (!used) throw new Error('the box reports no minors')
      if (used.usedSec < used.limitSec) {
        await raw.key('channelUp')
        world.stack.gateway.clock.set(world.stack.gateway.clock.offsetMs + (used.limitSec - used.usedSec) * 1000 + 5_000)
      }
      const total = readMinors((await raw.key('volumeUp')).actionData.content)
      await raw.key('search')
      const r = await raw.key('channelUp')
      const m = readMinors(r.actionData.content)
      const tv = box().state
      return {
        happened: `day's count ${total?.usedSec}/${total?.limitSec} s (${total?.reason}); 频道+ with the field open: ${m?.refused ? `refused (${m.reason})` : 'taken'}, ${tv.live ? `tuned ${tv.live.name}` : 'nothing tuned'}`,
        pass: total?.reason === 'total' && m?.refused === true && m.reason === 'total' && !tv.live,
      }
    } finally {
      raw.end()
    }
  })

  row('trust2 10', "the phone's guard: queryMinorsMode fails (HTTP 503 every time) and the TV reports no minors", 'no play goes: refused with a clear message, nothing sent to the TV; each try reads again; once the gateway answers, the play is judged', async () => {
    // the mode off: the box reports no `minors`, so the phone must read the gateway
    const off = new MinorsModeModel(owner.api.userCenter, () => owner.root.tvTarget, () => undefined)
    await off.load()
    off.setEnabled(false)
    if (off.dirty) {
      const res = await off.save(PASSWORD)
      if (!res.ok) throw new Error(`could not turn the mode off: ${res.message}`)
    }
    const phone = await world.phone(DEMO.phone)
    await within(() => phone.root.tv.online && phone.root.tv.modeReported, 10_000)
    world.stack.gateway.scenarios.set('5xx', { path: contract.userCenter.queryMinorsMode.path })
    const status = minorsStatusOf(phone.root)
    const received = () => box().received.filter((e) => e.actionData.type === 9).length
    // the TV on its desktop, no search field open: OK (the tap) would play the focused tile
    await phone.root.tv.pressKey('home')
    const before = received()
    const p = world.stack.gateway.catalogue.programs.find((x) => x.h5Play)!
    const confirm = async () => true
    const first = await phone.root.playOnTv(p.programId, p.h5Play, confirm)
    const tap = await phone.root.tv.pressKeys(['ok'])
    const sentWhileFailing = received() - before
    world.stack.gateway.scenarios.clear()
    const later = await phone.root.playOnTv(p.programId, p.h5Play, confirm)
    return {
      happened: `while failing: play "${first?.message}", tap "${tap.ok ? 'sent' : tap.message}", ${sentWhileFailing} type 9 reached the TV; gateway back: play "${later?.message}" (mode ${status.on ? 'on' : 'off'})`,
      pass: first?.ok === false && first.message === minorsText.unreadable && !tap.ok && sentWhileFailing === 0 && later?.ok === true,
    }
  })

  row('trust2 10', "the phone's guard: OK on a desktop tile and the touch pad's tap during the curfew", 'refused on the phone with the reason; nothing reaches the TV', async () => {
    await curfewNow()
    const phone = await world.phone(DEMO.phone)
    minorsStatusOf(phone.root)
    await within(() => phone.root.tv.online && readMinors(phone.root.tv.tvMode.content)?.reason === 'curfew', 10_000)
    await phone.root.tv.pressKey('home')
    const oks = () => box().received.filter((e) => (e.actionData.content as Json).keyEvent === 'KEYCODE_DPAD_CENTER').length
    const before = oks()
    const ok = await phone.root.tv.pressKey('ok')
    const tap = await phone.root.tv.pressKeys(['ok'])
    return {
      happened: `OK: ${ok.ok ? 'sent' : `"${ok.message}"`}; tap: ${tap.ok ? 'sent' : `"${tap.message}"`}; ${oks() - before} OK reached the TV`,
      pass: !ok.ok && ok.message === minorsText.refused.curfew && !tap.ok && oks() === before,
    }
  })
})
