/** @jest-environment node */
/**
 * The virtual box's side of the shared TV (src/protocol/tv/family.ts, textInput.ts): who did
 * what goes to the family's phones only, from the session behind the sender's topic (never `from`),
 * with the action's age in seconds; membership is checked on every message that goes out; presence is
 * a contact within 60 s unless hidden; the search field takes text only when focused, up to 64 code
 * points without control characters, and other phones learn "inputText", never the text.
 */
import { VirtualSetTopBox } from '../../emulator/settop/box'
import type { BoxFamilyMember } from '../../emulator/settop/family'
import type { TvLocks, TvPlay } from '../../emulator/directory'
import { h5Play, remoteKey, syncPlayState, type Command } from '../../src/protocol/tv/commands'
import { inputText } from '../../src/protocol/tv/textInput'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { tvMessage } from '../../src/protocol/tv/messages'

const TV = { mac: 'AABBCCDDEEFF', name: '客厅电视', topic: 'tvc/tv/AABBCCDDEEFF' }
const OWNER = 'tvc/phone/app-owner'
const MEMBER = 'tvc/phone/app-member'
const STRANGER = 'tvc/phone/app-stranger'

type Out = { topic: string; env: Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any

function setup() {
  const locks: TvLocks = { childLock: false, globalLock: false }
  let now = 1_000_000
  const sessions = new Map([[OWNER, 'u-owner'], [MEMBER, 'u-member'], [STRANGER, 'u-stranger']])
  const members: BoxFamilyMember[] = [
    { uid: 'u-owner', nickName: '妈妈', presenceHidden: false },
    { uid: 'u-member', nickName: '家里人', presenceHidden: false },
  ]
  const out: Out[] = []
  const plays: TvPlay[] = []
  // an answer goes only to a phone of the sender's own user, in the family
  const isMember = (topic: string, sender?: string) => !!sender && sessions.get(topic) === sender && members.some((m) => m.uid === sender)
  const box = new VirtualSetTopBox(
    TV,
    () => locks,
    (topic, payload) => out.push({ topic, env: JSON.parse(payload) }),
    (play) => plays.push(play),
    isMember,
    undefined,
    { now: () => now, family: { uidOfTopic: (t) => sessions.get(t), members: () => members } },
  )
  let seq = 100
  /** A command from the phone `topic`, sent by its session's user (the broker vouches for it) unless `sender` says otherwise (null: none). */
  const send = (cmd: Command, topic: string, from = { nickname: '小明', uid: 'u-x' }, sender?: string | null) => {
    const sequenceId = ++seq
    box.handle(
      JSON.stringify(
        buildEnvelope({
          sequenceId,
          jarvisId: topic.slice(10),
          bananaId: TV.mac,
          type: cmd.type,
          content: cmd.content(String(sequenceId)),
          from: { ...from, topic },
          to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: '' }],
        }),
      ),
      sender === undefined ? sessions.get(topic) : (sender ?? undefined),
    )
    return sequenceId
  }
  const to = (topic: string) => out.filter((o) => o.topic === topic)
  const last = (topic: string) => to(topic).at(-1)?.env.actionData.content
  return { box, locks, out, plays, send, to, last, members, advance: (ms: number) => (now += ms) }
}

const flush = () => new Promise((r) => setImmediate(r))

describe('the last action', () => {
  it('goes at once to the other family phones, named from the session and member list, never to a stranger', async () => {
    const { send, to, last, out } = setup()
    send(syncPlayState(), OWNER)
    send(syncPlayState(), STRANGER)
    await flush()
    out.length = 0
    // the member poses as the owner through the `from` fields
    const id = send(remoteKey('volumeUp'), MEMBER, { nickname: '妈妈', uid: 'u-owner' })
    await flush()
    expect(to(MEMBER)[0].env.sequenceId).toBe(id)
    expect(last(MEMBER).family.lastAction).toEqual({ name: '家里人', self: true, action: 'KEYCODE_VOLUME_UP', ageSec: 0 })
    // the owner hears of it unsolicited (its own sequenceId), as 家里人, not as itself
    expect(to(OWNER)).toHaveLength(1)
    expect(to(OWNER)[0].env.actionData.type).toBe(tvMessage.typeMode)
    expect(last(OWNER).family.lastAction).toEqual({ name: '家里人', self: false, action: 'KEYCODE_VOLUME_UP', ageSec: 0 })
    expect(to(STRANGER)).toEqual([])
    // no uid of the other members in anything the phones got
    for (const o of out) expect(JSON.stringify(o.env.actionData.content)).not.toMatch(/u-owner|u-member/)
  })

  it('carries its age in whole seconds; a sync does not replace it', async () => {
    const { send, last, advance } = setup()
    send(remoteKey('mute'), MEMBER)
    advance(125_400)
    send(syncPlayState(), OWNER)
    await flush()
    expect(last(OWNER).family.lastAction).toEqual({ name: '家里人', self: false, action: 'KEYCODE_VOLUME_MUTE', ageSec: 125 })
  })

  it('under global lock a key is not an action (the TV took nothing)', async () => {
    const { send, last, locks } = setup()
    locks.globalLock = true
    send(remoteKey('volumeUp'), MEMBER)
    await flush()
    expect(last(MEMBER).family.lastAction).toBeNull()
  })

  it('a play is recorded for the session user, never the `from` uid', async () => {
    const { send, plays, last } = setup()
    const play = { action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'https://x/h5/prog1.html' }, params: '', type: 'web' as const }
    send(h5Play(play), MEMBER, { nickname: '妈妈', uid: 'u-owner' })
    await flush()
    expect(plays).toEqual([expect.objectContaining({ uid: 'u-member', programId: 'prog1' })])
    expect(last(MEMBER).family.lastAction.action).toBe('h5Play')
  })
})

describe('who sent it: the sender the broker vouched for', () => {
  it("a member naming the owner's phone as `from.topic` is refused: no answer to anyone, no action, the owner is never told it was them", async () => {
    const { send, out, box, last } = setup()
    send(syncPlayState(), OWNER)
    await flush()
    out.length = 0
    const refused = box.refused
    const volume = box.state.volume
    send(remoteKey('volumeUp'), OWNER, { nickname: '妈妈', uid: 'u-owner' }, 'u-member')
    await flush()
    expect(box.refused).toBe(refused + 1)
    expect(out).toEqual([])
    expect(box.state.volume).toBe(volume)
    send(syncPlayState(), OWNER)
    await flush()
    expect(last(OWNER).family.lastAction).toBeNull()
  })

  it('a command without a sender (the bare TV topic) is refused; answers come from the TV topic that phone knows (its user\'s way in)', async () => {
    const { send, to, box } = setup()
    const refused = box.refused
    send(syncPlayState(), OWNER, undefined, null)
    send(syncPlayState(), MEMBER, undefined, '')
    await flush()
    expect(box.refused).toBe(refused + 2)
    send(syncPlayState(), MEMBER)
    await flush()
    expect(to(MEMBER).at(-1)?.env.actionData.from.topic).toBe(`${TV.topic}/u/u-member`)
  })

  it('a member who hid their presence is 家人 in the last action the others see, and themself to their own phones', async () => {
    const { send, last, members } = setup()
    members[1].presenceHidden = true
    send(syncPlayState(), OWNER)
    send(remoteKey('volumeDown'), MEMBER)
    await flush()
    expect(last(OWNER).family.lastAction).toMatchObject({ name: '家人', self: false, action: 'KEYCODE_VOLUME_DOWN' })
    expect(last(MEMBER).family.lastAction).toMatchObject({ name: '家里人', self: true })
    expect(JSON.stringify(last(OWNER))).not.toContain('家里人')
  })
})

describe('membership on every message', () => {
  it('a member removed mid-session gets nothing more: no report, no reply, not even one already built', async () => {
    const { send, to, members, out } = setup()
    send(syncPlayState(), MEMBER)
    send(syncPlayState(), OWNER)
    await flush()
    out.length = 0
    // the owner presses a key; the member is removed before the report leaves
    send(remoteKey('volumeDown'), OWNER)
    members.splice(1, 1)
    await flush()
    expect(to(MEMBER)).toEqual([])
    // the removed member's own commands get no answer; later keys reach the owner only
    send(remoteKey('volumeUp'), MEMBER)
    send(remoteKey('volumeUp'), OWNER)
    await flush()
    expect(to(MEMBER)).toEqual([])
    expect(to(OWNER).length).toBeGreaterThan(0)
  })

  it('a reply built while the sender was a member is not sent once they are removed', async () => {
    const { send, to, members } = setup()
    send(remoteKey('volumeUp'), MEMBER)
    members.splice(1, 1)
    await flush()
    expect(to(MEMBER)).toEqual([])
  })
})

describe('presence', () => {
  it('a member counts while they synced within 60 s; a hidden member is left out for the others', async () => {
    const { send, last, advance, members } = setup()
    send(syncPlayState(), MEMBER)
    send(syncPlayState(), OWNER)
    await flush()
    // in the member list's order, owner first
    expect(last(OWNER).family.present).toEqual([{ name: '妈妈', self: true }, { name: '家里人', self: false }])
    advance(60_000)
    send(syncPlayState(), OWNER)
    await flush()
    expect(last(OWNER).family.present.map((p: { name: string }) => p.name)).toEqual(['妈妈', '家里人'])
    advance(1_000)
    send(syncPlayState(), OWNER)
    await flush()
    expect(last(OWNER).family.present).toEqual([{ name: '妈妈', self: true }])

    members[1].presenceHidden = true
    send(syncPlayState(), MEMBER)
    send(syncPlayState(), OWNER)
    await flush()
    expect(last(OWNER).family.present).toEqual([{ name: '妈妈', self: true }])
    expect(last(MEMBER).family).toMatchObject({ hidden: true, present: [{ name: '妈妈', self: false }, { name: '家里人', self: true }] })
  })
})

describe('the search field (手机输入)', () => {
  it('takes text only when focused; DEL and ENTER edit and confirm; other phones learn "inputText", never the text', async () => {
    const { box, send, last, to, out } = setup()
    send(syncPlayState(), OWNER)
    send(inputText('你好'), MEMBER)
    await flush()
    expect(last(MEMBER).textInput).toEqual({ focused: false, accepted: false, reason: 'noFocus' })
    expect(box.searchField.text).toBe('')

    send(remoteKey('search'), MEMBER)
    await flush()
    expect(last(MEMBER).textInput).toEqual({ focused: true })
    out.length = 0
    send(inputText('你好 TV🙂'), MEMBER)
    await flush()
    expect(last(MEMBER).textInput).toEqual({ focused: true, accepted: true })
    expect(box.searchField.snapshot()).toMatchObject({ focused: true, text: '你好 TV🙂' })
    expect(last(OWNER).family.lastAction).toMatchObject({ name: '家里人', action: 'inputText' })
    for (const o of to(OWNER)) expect(JSON.stringify(o.env)).not.toContain('你好')

    send(remoteKey('del'), MEMBER)
    send(remoteKey('enter'), MEMBER)
    await flush()
    expect(box.searchField.snapshot()).toEqual({ focused: true, text: '你好 TV', submitted: '你好 TV' })
    send(remoteKey('down'), MEMBER)
    await flush()
    expect(box.searchField.focused).toBe(false)
    // the arrow up from the desktop's top row reaches the field again
    send(remoteKey('up'), MEMBER)
    await flush()
    expect(box.searchField.focused).toBe(true)
  })

  it('refuses 65 code points and control characters (nothing typed), whatever a sender puts on the wire', async () => {
    const { box, send, last } = setup()
    send(remoteKey('search'), MEMBER)
    const raw = (value: string): Command => ({ type: 13, content: (sNo) => ({ keyEvent: 'inputText', value, sNo }) })
    send(raw('字'.repeat(65)), MEMBER)
    await flush()
    expect(last(MEMBER).textInput).toEqual({ focused: true, accepted: false, reason: 'invalid' })
    send(raw('a\nb'), MEMBER)
    await flush()
    expect(last(MEMBER).textInput).toMatchObject({ accepted: false, reason: 'invalid' })
    send(raw('字'.repeat(64)), MEMBER)
    await flush()
    expect(last(MEMBER).textInput).toMatchObject({ accepted: true })
    expect([...box.searchField.text]).toHaveLength(64)
  })
})
