/** @jest-environment node */
/**
 * The shared TV's rows: the TV under forgery. A member posing as another member through the
 * envelope's `from` fields is named as themself; a command from a non-member is refused by the broker
 * and, should it reach the box anyway, by the box (no answer, no last action, nothing told to the
 * family); a text of 65 code points is refused by the app (nothing sent) and by the box (nothing typed).
 */
import { remoteKey, type Command } from '../src/protocol/tv/commands'
import { buildEnvelope } from '../src/protocol/tv/envelope'
import { DEMO } from '../emulator/gateway'
import { agentTopic } from '../emulator/directory'
import { sharedTvOf } from '../src/features/devices/store/sharedTvStore'
import { textInputOf } from '../src/features/remote/store/textInputStore'
import { realClient } from '../__tests__/emulator/helpers/gateway'
import { connectRawPhone, row, sleep, startWorld, within, type Phone, type World } from './harness'

let world: World
let owner: Phone
const LIVING = 'AC3B7F0E1001'

beforeAll(async () => {
  world = await startWorld()
  owner = await world.phone(DEMO.phone)
  await within(() => owner.root.tv.online, 10_000)
}, 30_000)
afterAll(async () => {
  await world.close()
})

/** A raw MQTT phone of a user (the jarvisLogin credentials), and how to send one envelope from it. */
async function rawPhone(phone: string) {
  const client = realClient(world.stack.gatewayUrl)
  const user = await client.login(phone)
  const creds = await client.api.jarvis.jarvisLogin({ uid: user.uid, phone, abilityString: '' })
  // the user's own way into the TV (queryAgentTopic), the only TV topic the broker lets it publish to
  // a non-member gets no topic from the gateway: it writes one by the public scheme, as an attacker would
  const topic = await client.api.jarvis.queryAgentTopic([LIVING]).then((t) => t[0].topic, () => agentTopic(LIVING, user.uid))
  const { c, replies, closed } = await connectRawPhone(world.stack.mqttUrl, creds)
  const envelope = (cmd: Command, from: { nickname: string; uid: string }) => {
    const sequenceId = Date.now() + Math.floor(Math.random() * 1000)
    return buildEnvelope({
      sequenceId,
      jarvisId: creds.cid,
      bananaId: LIVING,
      type: cmd.type,
      content: cmd.content(String(sequenceId)),
      from: { ...from, topic: creds.clientTopic[0] },
      to: [{ jid: LIVING, mac: LIVING, nickname: '', topic, uid: '' }],
    })
  }
  return {
    uid: user.uid,
    replies,
    closed,
    envelope,
    publish: (env: ReturnType<typeof envelope>) => new Promise<void>((resolve) => c.publish(topic, JSON.stringify(env), { qos: 1 }, () => resolve())),
    end: () => c.end(true),
  }
}

const box = () => {
  const b = world.stack.settops?.box(LIVING)
  if (!b) throw new Error('no virtual TV')
  return b
}

row('shared TV', 'a member posing as another member through the `from` fields (nickname 演示用户, uid u10001)', "the other phones' card names the member (家里人), never the one posed as", async () => {
  const member = await rawPhone(DEMO.memberPhone)
  try {
    const t0 = Date.now()
    await member.publish(member.envelope(remoteKey('volumeUp'), { nickname: '演示用户', uid: 'u10001' }))
    const shared = sharedTvOf(owner.root)
    const ms = await within(() => shared.line !== '', 2_000)
    const own = member.replies.at(-1)?.actionData?.content?.family?.lastAction
    return {
      happened: `owner's line 2 "${shared.line}"; the member's own reply names ${own?.self ? 'them as themself' : JSON.stringify(own)}`,
      pass: shared.line === '家里人 · 刚刚 · 调高音量' && own?.self === true && own?.name === '家里人',
      figure: ms === null ? undefined : `${Date.now() - t0} ms`,
    }
  } finally {
    member.end()
  }
})

row('shared TV', 'a command from a non-member (13900000000) to the living-room TV, naming the owner in `from`', 'the broker refuses it; delivered to the box anyway, the box answers nothing, records no action, tells the family nothing', async () => {
  const stranger = await rawPhone(DEMO.noTvPhone)
  const before = { line: sharedTvOf(owner.root).line, volume: box().state.volume, refused: box().refused, received: box().received.length }
  const env = stranger.envelope(remoteKey('mute'), { nickname: '演示用户', uid: 'u10001' })
  // QoS 1 refused: the broker closes the connection, and no PUBACK ever comes
  void stranger.publish(env)
  await within(() => stranger.closed(), 2_000)
  const reachedViaBroker = box().received.length !== before.received
  // as if a broker had let it through: straight into the box, from the stranger's way in
  box().handle(JSON.stringify(env), stranger.uid)
  await sleep(300)
  stranger.end()
  const after = { line: sharedTvOf(owner.root).line, muted: box().state.muted, refused: box().refused }
  return {
    happened: `broker ${stranger.closed() ? 'closed the connection' : 'LET IT THROUGH'}${reachedViaBroker ? ' (the box got it)' : ''}; the box refused ${after.refused - before.refused}, answered ${stranger.replies.length}; owner's line "${after.line}"`,
    pass: stranger.closed() && !reachedViaBroker && after.refused === before.refused + 1 && stranger.replies.length === 0 && !after.muted && after.line === before.line && box().state.volume === before.volume,
  }
})

row('shared TV', 'a text of 65 code points', 'the app refuses it with a message and sends nothing; sent raw, the box refuses it and types nothing', async () => {
  const member = await world.phone(DEMO.memberPhone)
  await within(() => member.root.tv.online, 10_000)
  const input = textInputOf(member.root)
  const focus = await input.key('search')
  const text = '长'.repeat(65)
  input.setText(text)
  const received = box().received.length
  const res = await input.send()
  const sentByApp = box().received.length - received
  const raw = await rawPhone(DEMO.memberPhone)
  try {
    const cmd: Command = { type: 13, content: (sNo) => ({ keyEvent: 'inputText', value: text, sNo }) }
    await raw.publish(raw.envelope(cmd, { nickname: '家里人', uid: '' }))
    await within(() => raw.replies.length > 0, 2_000)
    const answer = raw.replies.at(-1)?.actionData?.content?.textInput
    return {
      happened: `app: "${res.message}", ${sentByApp} sent, field kept ${[...input.text].length}; box: ${JSON.stringify(answer)}, field "${box().searchField.text}"`,
      pass: focus.ok && !res.ok && res.message === '最多64个字，请删减后再发送' && sentByApp === 0 && input.text === text && answer?.accepted === false && answer?.reason === 'invalid' && box().searchField.text === '',
    }
  } finally {
    raw.end()
  }
})
