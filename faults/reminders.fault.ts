/** @jest-environment node */
/**
 * Programme reminders (预约) under faults, on the local stack (gateway, broker, virtual boxes): the
 * gateway down at the lead time, WeChat refusing the subscribe message (43101), the TV off. The phone
 * here is a gateway client of the demo owner linked to a WeChat identity (a weapp user); what it would
 * show is its reminder notices (`queryReminders` `notices`), the TV's banner is the box's admin view.
 * The stack's clock is the real time plus an offset (the admin clock); a restart starts it at a later
 * time, as a gateway that was down until then.
 *
 * Decided (docs/operator.md "Programme reminders"): a gateway that was down at the lead time fires the
 * reminder when it runs again, once, while the programme is not over (已开始 once it started); after
 * the programme's end nothing is sent and the reminder is `missed`.
 */
import fs from 'node:fs'
import { DEMO } from '../emulator/gateway'
import { startStack, type Stack } from '../emulator/stack'
import { ADMIN_TOKEN_HEADER } from '../emulator/adminToken'
import { simCode } from '../src/protocol/identity'
import { serverDayAdd } from '../src/protocol/time'
import { buildEnvelope } from '../src/protocol/tv/envelope'
import { remoteKey } from '../src/protocol/tv/commands'
import { realClient, TEST_APP_KEY, tempDataDir } from '../__tests__/emulator/helpers/gateway'
import { connectRawPhone, row, within } from './harness'

const MIN = 60_000
const LIVING = 'AC3B7F0E1001'

interface Run {
  dataDir: string
  stack: Stack
}
const running: Stack[] = []

async function stackAt(dataDir: string, atMs?: number): Promise<Stack> {
  const offset = atMs === undefined ? 0 : atMs - Date.now()
  const stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, gateway: { appKey: TEST_APP_KEY, now: () => Date.now() + offset } })
  running.push(stack)
  return stack
}

async function stop(stack: Stack): Promise<void> {
  await stack.gateway.reminders.settled()
  running.splice(running.indexOf(stack), 1)
  await stack.close()
}

afterEach(async () => {
  for (const s of running.splice(0)) await s.close()
})

let codes = 0
/** The demo owner on weapp: a WeChat identity linked (the subscribe message goes to its openId). */
async function weappOwner(stack: Stack) {
  const c = realClient(stack.gatewayUrl)
  const id = await c.api.userCenter.getOpenIdUnionId({ code: simCode('owner', stack.gateway.clock.now(), `fault${String(++codes).padStart(4, '0')}`) })
  const { uid } = await c.login(DEMO.phone)
  await c.api.userCenter.createUser({ openId: id.openId, unionId: id.unionId, wxTicket: id.wxTicket })
  return { c, uid }
}

/** A programme of tomorrow (never over at any hour of the run), not its day's first or last. */
function programme(stack: Stack, i = 6) {
  const channel = stack.gateway.catalogue.channels.find((c) => !c.child)!
  return { channel, p: stack.gateway.schedule.day(channel, serverDayAdd(stack.gateway.clock.now(), 1))[i] }
}

async function admin<T>(stack: Stack, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', [ADMIN_TOKEN_HEADER]: stack.gateway.adminToken, ...(init.headers ?? {}) } })
  return (await res.json()) as T
}
const outbox = (stack: Stack) => admin<{ messages: Array<{ errcode: number; message: { data: Record<string, { value: string }> } }>; refused: Array<{ errcode: number }> }>(stack, `${stack.gatewayUrl}__emulator/wechat/subscribe-messages`)
const banner = async (stack: Stack) => (await admin<Array<{ mac: string; reminder: null | { programId: string; text: string } }>>(stack, stack.adminUrl)).find((b) => b.mac === LIVING)?.reminder ?? null
const clockTo = (stack: Stack, at: number) => admin(stack, `${stack.gatewayUrl}__emulator/clock`, { method: 'POST', body: JSON.stringify({ offsetMs: at - Date.now() }) })

async function reserved(subscribed: boolean, i = 6): Promise<Run & { uid: string; psId: string; start: number; end: number }> {
  const dataDir = tempDataDir()
  const stack = await stackAt(dataDir)
  const { c, uid } = await weappOwner(stack)
  const { channel, p } = programme(stack, i)
  await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId, subscribed })
  return { dataDir, stack, uid, psId: p.psId, start: p.startTime, end: p.endTime }
}

/** What the user's phone gets asking its reminders: the notices of the fired ones and the list's word. */
async function phoneSees(stack: Stack, uid: string) {
  const c = realClient(stack.gatewayUrl)
  await c.login(DEMO.phone)
  const list = await c.api.live.queryReminders({ uid })
  return { notices: list.notices.filter((n) => n.kind === 'fired'), past: list.past }
}

row(
  'reminders',
  'the gateway down at the lead time, back before the programme starts',
  'fires when it is back: one subscribe message, one notice, the TV banner; another restart sends nothing more',
  async () => {
    const r = await reserved(true)
    await stop(r.stack)
    const back = await stackAt(r.dataDir, r.start - 2 * MIN)
    await back.gateway.reminders.settled()
    const first = { sent: (await outbox(back)).messages.length, seen: await phoneSees(back, r.uid), tv: await banner(back) }
    await stop(back)
    const again = await stackAt(r.dataDir, r.start - MIN)
    await again.gateway.reminders.settled()
    const second = { sent: (await outbox(again)).messages.length, seen: await phoneSees(again, r.uid) }
    fs.rmSync(r.dataDir, { recursive: true, force: true })
    return {
      happened: `back 2 min before the start: ${first.sent} message(s), ${first.seen.notices.length} notice(s), TV ${first.tv ? `"${first.tv.text}"` : 'no banner'}; after another restart: ${second.sent} message(s) in all, ${second.seen.notices.length} notice(s)`,
      pass: first.sent === 1 && first.seen.notices.length === 1 && first.seen.notices[0].late === false && !!first.tv && second.sent === 1 && second.seen.notices.length === 1,
      figure: `${first.sent} + ${second.sent - first.sent} messages`,
    }
  },
)

row(
  'reminders',
  'the gateway down at the lead time, back while the programme is on',
  'fires once when it is back and says 已开始 (message, notice and banner)',
  async () => {
    const r = await reserved(true)
    await stop(r.stack)
    const back = await stackAt(r.dataDir, r.start + 5 * MIN)
    await back.gateway.reminders.settled()
    const box = await banner(back)
    const sent = (await outbox(back)).messages
    const seen = await phoneSees(back, r.uid)
    const note = sent[0]?.message.data.thing4?.value ?? ''
    fs.rmSync(r.dataDir, { recursive: true, force: true })
    return {
      happened: `${sent.length} message(s) ("${note}"), ${seen.notices.length} notice(s) late=${String(seen.notices[0]?.late)}, TV ${box ? `"${box.text}"` : 'no banner'}`,
      pass: sent.length === 1 && note.includes('已开始') && seen.notices.length === 1 && seen.notices[0].late === true && !!box?.text.includes('已开始'),
    }
  },
)

row(
  'reminders',
  'the gateway down from the lead time until after the programme ended',
  'nothing is sent (no message, no notice, no banner); the list shows it missed',
  async () => {
    const r = await reserved(true)
    await stop(r.stack)
    const back = await stackAt(r.dataDir, r.end + MIN)
    await back.gateway.reminders.settled()
    const sent = await outbox(back)
    const seen = await phoneSees(back, r.uid)
    const box = await banner(back)
    fs.rmSync(r.dataDir, { recursive: true, force: true })
    return {
      happened: `${sent.messages.length + sent.refused.length} WeChat call(s), ${seen.notices.length} notice(s), TV ${box ? 'banner' : 'no banner'}, list: ${seen.past.map((x) => x.status).join(', ')}`,
      pass: sent.messages.length + sent.refused.length === 0 && seen.notices.length === 0 && !box && seen.past[0]?.status === 'missed',
    }
  },
)

row(
  'reminders',
  'the subscribe message refused by WeChat (43101: the user did not accept the subscription)',
  'the in-app notice still arrives and the TV still shows the banner; the list says the message was refused',
  async () => {
    const r = await reserved(false)
    await clockTo(r.stack, r.start - 5 * MIN)
    await r.stack.gateway.reminders.settled()
    const sent = await outbox(r.stack)
    const seen = await phoneSees(r.stack, r.uid)
    const box = await banner(r.stack)
    return {
      happened: `WeChat answered ${sent.refused.map((x) => x.errcode).join(', ') || 'nothing'} (${sent.messages.length} sent); ${seen.notices.length} notice(s); TV ${box ? 'banner' : 'no banner'}; list wechat=${String(seen.past[0]?.wechat)}`,
      pass: sent.messages.length === 0 && sent.refused.length === 1 && sent.refused[0].errcode === 43101 && seen.notices.length === 1 && !!box && seen.past[0]?.wechat === 'refused',
    }
  },
)

row(
  'reminders',
  'the TV off at the lead time',
  'no banner on the TV; the phone still gets the subscribe message and the notice',
  async () => {
    const r = await reserved(true)
    // the owner turns the TV off from a phone (a raw MQTT client of the owner's own: the remote's power key)
    const c = realClient(r.stack.gatewayUrl)
    await c.login(DEMO.phone)
    const creds = await c.api.jarvis.jarvisLogin({ uid: r.uid, phone: DEMO.phone, abilityString: '' })
    const topic = (await c.api.jarvis.queryAgentTopic([LIVING]))[0].topic
    const raw = await connectRawPhone(r.stack.mqttUrl, creds)
    const cmd = remoteKey('power')
    const sequenceId = Date.now()
    const env = buildEnvelope({ sequenceId, jarvisId: creds.cid, bananaId: LIVING, type: cmd.type, content: cmd.content(String(sequenceId)), from: { nickname: '', uid: '', topic: creds.clientTopic[0] }, to: [{ jid: LIVING, mac: LIVING, nickname: '', topic, uid: '' }] })
    await raw.c.publishAsync(topic, JSON.stringify(env), { qos: 1 })
    await within(() => raw.replies.some((x) => x.sequenceId === sequenceId), 5_000)
    raw.c.end(true)
    const off = r.stack.settops?.box(LIVING)?.state.power === false
    await clockTo(r.stack, r.start - 5 * MIN)
    await r.stack.gateway.reminders.settled()
    const sent = await outbox(r.stack)
    const seen = await phoneSees(r.stack, r.uid)
    const box = await banner(r.stack)
    return {
      happened: `TV ${off ? 'off' : 'STILL ON'}; banner ${box ? 'SHOWN' : 'none'}; ${sent.messages.length} message(s), ${seen.notices.length} notice(s)`,
      pass: off && !box && sent.messages.length === 1 && seen.notices.length === 1,
    }
  },
)
