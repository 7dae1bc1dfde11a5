/**
 * A load generator of `npm run bench:scale` (a child process; the orchestrator is bench/scale/main.ts).
 * For each pair of its range:
 *   - a TV: the virtual set-top box (emulator/settop's VirtualSetTopBox, answering as it does) on its
 *     own MQTT connection, signed in as `tv:{MAC}` with its TV secret, subscribed to its own topic;
 *   - a phone: the app's real TV link (src/services/tv/link.ts) with the deps the fault matrix uses
 *     (mqtt.js through the app's Taro socket adapter over a `ws` SocketTask), logging in through the
 *     stack's jarvisLogin. Only its clock differs: the first tick of the 30 s sync interval comes at a
 *     random point of the first period, so the phones' sync phases spread.
 * The schedule: the link's own sync every 30 s; one key per phone per minute; every 5 minutes a burst of
 * 5 keys, each sent after the previous reply. Every timer is cleared on `stop`; every wait is bounded.
 * Each box announces itself to its phone when its connection comes back (off with
 * `announce: false`); the TVs reconnect with the app's jitter (or mqtt.js's flat 1 s).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { DEFAULT_TV_SECRET, TV_USERNAME_PREFIX, tvSecretFor } from '../../emulator/broker'
import { agentTopic, commandTopicOf, tvTopic } from '../../emulator/directory'
import { VirtualSetTopBox } from '../../emulator/settop'
import { createWebsocketFactory } from '../../src/platform/socket/taroWebSocket'
import { KEY_EVENT_SCREEN, KEY_EVENT_SYNC, remoteKey, type RemoteKey } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { TvLink, type LinkState } from '../../src/services/tv/link'
import { brokerAtScaleRecovery } from '../../src/services/tv/recovery'
import { mqttConnect } from '../../src/platform/mqtt/node'
import { realClock, type Clock, type JarvisCredentials, type MqttConnect, type TvLinkApi } from '../../src/services/tv/types'
import { broker as brokerConfig } from '../../src/config'
import { wsConnectSocket } from '../../__tests__/tv/helpers/wsSocketTask'
import { benchMac, benchPhone, benchUid, type WorkerCommand, type WorkerMessage, type WorkerReport, type WorkerStart } from './messages'

const COMMAND_EVERY_MS = 60_000
const BURST_EVERY_MS = 300_000
const BURST_KEYS = 5
/** A pair that is not online this long after its start counts as failed in the ramp. */
const START_TIMEOUT_MS = 60_000
/** Phones leaving "online" this long after a mark count as hit by the fault. */
const MARK_WINDOW_MS = 10_000

interface Sent {
  t: number
  kind: 'sync' | 'command'
  measured: boolean
}

interface Pair {
  i: number
  mac: string
  tvTopic: string
  /** The phone user's way into the TV (what queryAgentTopic answers; the box's replies come from it). */
  agentTopic: string
  /** Every phone topic jarvisLogin handed this pair's phone (a new one per fresh login). */
  phoneTopics: Set<string>
  box: VirtualSetTopBox
  tv: MqttClient | null
  link: TvLink | null
  state: LinkState
  error: string | null
  pending: Map<number, Sent>
  nextCommandAt: number
  nextBurstAt: number
  burstLeft: number
  burstSeq: number | null
  keyFlip: boolean
  onlineAt: number | null
  /** After a mark: when the phone left online, and when it was back. */
  leftAt: number | null
  backAt: number | null
  /** Commands in flight at the mark. */
  inFlight: number[]
  /** After the mark: the first CONNACK and SUBACK of the phone and of the TV (where the time went). */
  phoneConnackAt: number | null
  phoneSubackAt: number | null
  tvConnackAt: number | null
  tvSubackAt: number | null
  /** The TV's latest SUBACK (its connection is usable again), and when its "TV returns" reconnect began. */
  lastTvSubackAt: number | null
  tvReturnStart: number | null
  /** "TV returns": the phone showed its TV offline while the TV was away; when it showed it online again. */
  sawTvAway: boolean
  returnOnlineAt: number | null
  /**
   * Persistent sessions: bumped when an attempt after a drop fails to get the TV subscribed again (its
   * session's queue may live on a node that died: RabbitMQ 3.10 refuses it until that node is back),
   * so the TV starts a new session under a new client id.
   */
  tvIdGeneration: number
}

const lag = monitorEventLoopDelay({ resolution: 10 })
lag.enable()

let pairs: Pair[] = []
let measuring = false
let markAt: number | null = null
/** "TV returns": when every TV dropped its connection (null: not in this run). */
let tvDropAt: number | null = null
let tvReturnTimer: ReturnType<typeof setTimeout> | null = null
let announce = true
let tvReconnect: 'jitter' | 'flat' = 'jitter'
let tvIds: 'fixed' | 'per-connection' = 'fixed'
let tvSession: 'persistent' | 'clean' = 'persistent'
let phoneSession: 'persistent' | 'clean' = 'persistent'
let tvConnectionCount = 0
/** The TV's MQTT client id: `tv-{MAC}`, or with a suffix new for each connection (see tvClient). */
const tvClientId = (pair: Pair) =>
  tvSession === 'persistent'
    ? `tv-${pair.mac}${pair.tvIdGeneration ? `-${pair.tvIdGeneration}` : ''}`
    : tvIds === 'fixed'
      ? `tv-${pair.mac}`
      : `tv-${pair.mac}-${process.pid.toString(36)}${(++tvConnectionCount).toString(36)}`
/** What the clients reported after the mark ('error' events), by message. */
const clientErrors: Record<string, number> = {}
let stopping = false
let brokerUrl = ''
let ticker: ReturnType<typeof setInterval> | null = null
let progress: ReturnType<typeof setInterval> | null = null
const connects: number[] = []
const syncRtts: number[] = []
const commandRtts: number[] = []
let commandsRefused = 0
const breaches: string[] = []
const offlineTransitions: Record<string, number> = {}
const inFlightTold: Record<string, number> = {}
/** ACL probes tried, and refused by the broker (the rest are breaches). */
const probes = { tried: 0, refused: 0 }

const send = (m: WorkerMessage) => process.send?.(m)

function breach(what: string): void {
  if (breaches.length < 50) breaches.push(what)
}

function noteError(who: 'phone' | 'tv', e: Error): void {
  if (markAt === null && tvDropAt === null) return
  const key = `${who}: ${String(e?.message ?? e).slice(0, 80)}`
  clientErrors[key] = (clientErrors[key] ?? 0) + 1
}

/** The sync interval's first tick at a random phase of its period; everything else is real time. */
const spreadClock: Clock = {
  ...realClock,
  setInterval(fn, msArg) {
    const handle: { first: ReturnType<typeof setTimeout> | null; every: ReturnType<typeof setInterval> | null } = { first: null, every: null }
    handle.first = setTimeout(() => {
      handle.first = null
      fn()
      handle.every = setInterval(fn, msArg)
    }, Math.random() * msArg)
    return handle
  },
  clearInterval(h) {
    const handle = h as { first: ReturnType<typeof setTimeout> | null; every: ReturnType<typeof setInterval> | null } | null
    if (!handle) return
    if (handle.first) clearTimeout(handle.first)
    if (handle.every) clearInterval(handle.every)
  },
}

function parse(payload: string | Uint8Array): { sequenceId: number; keyEvent?: string; from?: string; type?: number } | null {
  try {
    const env = JSON.parse(typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8')) as {
      sequenceId?: unknown
      actionData?: { type?: number; content?: unknown; from?: { topic?: string } }
    }
    const content = typeof env.actionData?.content === 'object' && env.actionData.content !== null ? (env.actionData.content as { keyEvent?: unknown }) : {}
    return {
      sequenceId: Number(env.sequenceId),
      keyEvent: typeof content.keyEvent === 'string' ? content.keyEvent : undefined,
      from: env.actionData?.from?.topic,
      type: env.actionData?.type,
    }
  } catch {
    return null
  }
}

/** mqtt.js's connect as the link loads it, with the bench's eyes on it: CONNACKs, sends, and what arrives. */
function watchedConnect(pair: Pair): MqttConnect {
  return (url, opts) => {
    const client = mqttConnect(url, opts)
    client.on('connect', () => {
      const now = Date.now()
      connects.push(now)
      if (markAt !== null && pair.phoneConnackAt === null) pair.phoneConnackAt = now
    })
    client.on('error', (e: Error) => noteError('phone', e))
    const subscribe = client.subscribe.bind(client)
    client.subscribe = (topic, o, cb) =>
      subscribe(topic, o, (err, granted) => {
        if (!err && markAt !== null && pair.phoneSubackAt === null) pair.phoneSubackAt = Date.now()
        cb(err, granted)
      })
    client.on('message', (topic: string, payload: Uint8Array) => {
      const env = parse(payload)
      if (!pair.phoneTopics.has(topic) || (env && env.from !== pair.agentTopic)) breach(`phone ${pair.i} heard ${env?.from ?? 'junk'} on ${topic}`)
    })
    const publish = client.publish.bind(client)
    client.publish = (topic, payload, o, cb) => {
      const env = parse(payload)
      if (env && env.keyEvent !== KEY_EVENT_SCREEN) {
        pair.pending.set(env.sequenceId, { t: Date.now(), kind: env.keyEvent === KEY_EVENT_SYNC ? 'sync' : 'command', measured: measuring })
      }
      return publish(topic, payload, o, cb)
    }
    return client
  }
}

function api(stackUrl: string, pair: Pair): TvLinkApi {
  return {
    async jarvisLogin(input) {
      const res = await fetch(`${stackUrl}/bench/jarvisLogin`, { method: 'POST', body: JSON.stringify({ uid: input.uid, phone: input.phone }) })
      if (!res.ok) return null
      const creds = (await res.json()) as JarvisCredentials
      pair.phoneTopics.add(creds.clientTopic[0])
      return creds
    },
    async queryAgentTopic(macs) {
      const res = await fetch(`${stackUrl}/bench/queryAgentTopic?mac=${encodeURIComponent(macs[0] ?? '')}&uid=${encodeURIComponent(benchUid(pair.i))}`)
      if (!res.ok) return null
      return ((await res.json()) as { topic: string }).topic
    },
  }
}

/** The TVs' reconnect period for the k-th retry: mqtt.js's flat 1 s, or the app's jitter (src/services/tv/recovery.ts). */
function tvPeriod(k: number): number {
  if (tvReconnect === 'flat') return brokerConfig.reconnectPeriodMs
  return brokerAtScaleRecovery.reconnectPeriod(k, Math.random)
}

/**
 * The TV's own connection: it subscribes its topic on every CONNACK (mqtt.js's resubscribe off, so
 * the SUBACK is seen) and, subscribed again, announces itself to its phone. Resolves on
 * the first SUBACK. Its session (`--tv-session`):
 * - persistent (the default): clean session off under the stable id `tv-{MAC}`; when the CONNACK says
 *   the session is present, its queue and binding survived and the TV does not subscribe again. On
 *   RabbitMQ 3.10 every subscribe of a clean session is a queue declare + bind (and its disconnect a
 *   delete), each a Mnesia transaction; a reconnect without them is about 4 times cheaper
 *   (bench/scale/subscribeProbe.ts).
 * - clean: a clean session under `tv-{MAC}`, or with a new suffix per connection (`--tv-ids
 *   per-connection`): under one id a reconnect takes over the old session, and the old connection's
 *   clean-up can delete the queue the new one has just declared (`queue.bind ... not_found`).
 */
function tvClient(url: string, pair: Pair): Promise<MqttClient> {
  const client = connect(url, {
    clientId: tvClientId(pair),
    username: `${TV_USERNAME_PREFIX}${pair.mac}`,
    password: tvSecretFor(DEFAULT_TV_SECRET, pair.mac),
    protocolVersion: 4,
    clean: tvSession === 'clean',
    keepalive: 60,
    reconnectPeriod: tvPeriod(0),
    resubscribe: false,
    connectTimeout: 30_000,
    forceNativeWebSocket: true,
    createWebsocket: (u: string, protocols: string[]) => new WebSocket(u, protocols),
  })
  pair.tv = client
  let attempts = 0
  /** Attempts since the TV was last subscribed (its session usable). */
  let failedSinceReady = 0
  client.on('error', (e: Error) => noteError('tv', e))
  // the sender is the user level of the topic the command came in on
  client.on('message', (topic, payload) => pair.box.handle(payload, commandTopicOf(topic)?.uid))
  client.on('close', () => {
    attempts += 1
    failedSinceReady += 1
    // the drop, then an attempt that failed too: a new session under a new id (see tvIdGeneration)
    if (tvSession === 'persistent' && failedSinceReady >= 2) {
      pair.tvIdGeneration += 1
      failedSinceReady = 0
    }
    client.options.reconnectPeriod = tvPeriod(attempts)
    // mqtt.js builds each CONNECT from its options: the next connection under a new id
    client.options.clientId = tvClientId(pair)
  })
  return new Promise((resolve, reject) => {
    let first = true
    // a TV that never gets in is closed (it would keep knocking) and counted as failed
    const fail = (why: string) => {
      client.end(true)
      if (pair.tv === client) pair.tv = null
      reject(new Error(`TV ${pair.i}: ${why}`))
    }
    const timer = setTimeout(() => fail(`not subscribed in ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS)
    client.on('connect', (connack: { sessionPresent?: boolean }) => {
      const at = Date.now()
      connects.push(at)
      if (markAt !== null && pair.tvConnackAt === null) pair.tvConnackAt = at
      const subscribed = (err: Error | null | undefined, granted: Array<{ qos: number }> | undefined) => {
        const ok = !err && !!granted?.every((g) => g.qos === 0 || g.qos === 1)
        if (first) {
          first = false
          clearTimeout(timer)
          if (!ok) return fail('subscribe refused')
          resolve(client)
        }
        if (!ok || stopping) return
        const now = Date.now()
        attempts = 0
        failedSinceReady = 0
        client.options.reconnectPeriod = tvPeriod(0)
        pair.lastTvSubackAt = now
        if (markAt !== null && pair.tvSubackAt === null) pair.tvSubackAt = now
        if (announce) pair.box.announce()
      }
      // a persistent session that survived keeps its subscription: nothing to subscribe again
      if (tvSession === 'persistent' && connack.sessionPresent) subscribed(null, [{ qos: 1 }])
      // its topic and each user's way in below it
      else client.subscribe(`${pair.tvTopic}/#`, { qos: 1 }, (err, granted) => subscribed(err, granted))
    })
  })
}

function onState(pair: Pair, state: LinkState, error: string | null): void {
  const was = pair.state
  pair.state = state
  pair.error = error
  const now = Date.now()
  if (state === 'online') {
    pair.onlineAt ??= now
    if (pair.leftAt !== null && pair.backAt === null) pair.backAt = now
    if (pair.sawTvAway && pair.returnOnlineAt === null && tvDropAt !== null && (pair.lastTvSubackAt ?? 0) > tvDropAt) pair.returnOnlineAt = now
    return
  }
  if (was !== 'online') return
  // "TV returns": the phone showed its TV offline while the TV was away
  if (tvDropAt !== null && now >= tvDropAt && (pair.lastTvSubackAt ?? 0) <= tvDropAt) pair.sawTvAway = true
  pair.burstLeft = 0
  if (measuring) offlineTransitions[error ?? state] = (offlineTransitions[error ?? state] ?? 0) + 1
  if (markAt !== null && now - markAt <= MARK_WINDOW_MS && pair.leftAt === null) {
    pair.leftAt = now
    if (pair.inFlight.length) inFlightTold[error ?? state] = (inFlightTold[error ?? state] ?? 0) + pair.inFlight.length
  }
}

function onReply(pair: Pair, sequenceId: string | undefined): void {
  if (sequenceId === undefined) return
  const id = Number(sequenceId)
  const sent = pair.pending.get(id)
  if (!sent) return
  pair.pending.delete(id)
  if (sent.measured) (sent.kind === 'sync' ? syncRtts : commandRtts).push(Date.now() - sent.t)
  if (pair.burstSeq === id) {
    pair.burstSeq = null
    pair.burstLeft -= 1
    if (pair.burstLeft > 0) sendKey(pair, true)
  }
}

function sendKey(pair: Pair, burst: boolean): void {
  if (!pair.link || stopping) return
  pair.keyFlip = !pair.keyFlip
  const key: RemoteKey = pair.keyFlip ? 'volumeUp' : 'volumeDown'
  const sent = pair.link.sendKey(key)
  if (!sent.ok) {
    if (measuring) commandsRefused += 1
    pair.burstLeft = 0
    return
  }
  if (burst) pair.burstSeq = sent.sequenceId
}

async function startPair(pair: Pair, start: WorkerStart): Promise<boolean> {
  try {
    await tvClient(start.brokerUrl, pair)
  } catch {
    return false
  }
  const connectFn = watchedConnect(pair)
  const link = new TvLink(
    {
      api: api(start.stackUrl, pair),
      loadMqtt: async () => connectFn,
      url: start.brokerUrl,
      createWebsocket: createWebsocketFactory(wsConnectSocket()),
      clock: spreadClock,
      session: phoneSession,
      // --reconnect flat: SPEC 9's 1 s without the jitter (the "before" of the storm figures)
      ...(start.reconnect === 'flat' ? { random: () => 0 } : {}),
    },
    {
      state: (s, e) => onState(pair, s, e),
      mode: (_m, sequenceId) => onReply(pair, sequenceId),
      message: () => undefined,
    },
  )
  pair.link = link
  link.setTarget(
    { uid: benchUid(pair.i), mac: pair.mac, deviceName: `电视 ${pair.i}`, abilityString: 'bench' },
    { uid: benchUid(pair.i), phone: benchPhone(pair.i), nickName: `用户${pair.i}` },
  )
  const t0 = Date.now()
  while (pair.onlineAt === null && Date.now() - t0 < START_TIMEOUT_MS && !stopping) await new Promise((r) => setTimeout(r, 20))
  return pair.onlineAt !== null
}

/** Try the ACL as an intruder with real credentials: another phone's topic, another user's TV. */
async function probe(start: WorkerStart): Promise<void> {
  if (pairs.length < 2) return
  const [me, victim] = pairs
  const login = await api(start.stackUrl, { ...me, phoneTopics: new Set() }).jarvisLogin({ uid: benchUid(me.i), phone: benchPhone(me.i), abilityString: '' })
  const login2 = await api(start.stackUrl, { ...me, phoneTopics: new Set() }).jarvisLogin({ uid: benchUid(me.i), phone: benchPhone(me.i), abilityString: '' })
  if (!login || !login2) return breach('probe: jarvisLogin failed')
  const open = (creds: JarvisCredentials) =>
    connect(start.brokerUrl, {
      clientId: creds.cid,
      username: creds.appKey,
      password: creds.sign,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      forceNativeWebSocket: true,
      createWebsocket: (u: string, protocols: string[]) => new WebSocket(u, protocols),
    })
  const victimTopic = [...victim.phoneTopics][0]
  // 1. subscribe to another phone's topic: refused (SUBACK 128, or the connection closed as RabbitMQ 3.10
  //    does), never granted
  const sub = open(login)
  sub.on('error', () => undefined)
  await new Promise<void>((resolve) => {
    let done = false
    // null: no answer at all in 5 s (tried, neither refused nor granted: printed as such)
    const settle = (granted: boolean | null) => {
      if (done) return
      done = true
      probes.tried += 1
      if (granted) breach(`probe: subscribed to ${victimTopic}`)
      else if (granted === false) probes.refused += 1
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(() => settle(null), 5_000)
    sub.once('connect', () => {
      sub.once('close', () => settle(false))
      sub.subscribe(victimTopic, { qos: 1 }, (err, granted) => settle(!err && !!granted?.some((g) => g.qos === 0 || g.qos === 1)))
    })
  })
  sub.end(true)
  // 2. publish a key to another user's TV: the broker drops it (the box counts it as refused if it arrives)
  const pub = open(login2)
  pub.on('error', () => undefined)
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000)
    pub.once('connect', () => {
      const cmd = remoteKey('volumeUp')
      const env = buildEnvelope({
        sequenceId: Date.now(),
        jarvisId: login2.cid,
        bananaId: victim.mac,
        type: cmd.type,
        content: cmd.content('1'),
        from: { nickname: 'intruder', topic: login2.clientTopic[0], uid: benchUid(me.i) },
        to: [{ jid: victim.mac, mac: victim.mac, nickname: '', topic: victim.agentTopic, uid: benchUid(victim.i) }],
      })
      // as the victim's user (the level that names the sender is the victim's)
      pub.publish(victim.agentTopic, JSON.stringify(env), { qos: 0 })
      setTimeout(() => {
        clearTimeout(timer)
        resolve()
      }, 1_000)
    })
    pub.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  pub.end(true)
  // the TV's box counts a command from a stranger as refused: checked in report()
  await new Promise((r) => setTimeout(r, 500))
  probes.tried += 1
  if (victim.box.refused === 0) probes.refused += 1
}

function tick(): void {
  const now = Date.now()
  for (const pair of pairs) {
    if (pair.onlineAt === null) continue
    if (now >= pair.nextCommandAt) {
      pair.nextCommandAt += COMMAND_EVERY_MS
      if (pair.burstLeft === 0) sendKey(pair, false)
    }
    if (now >= pair.nextBurstAt) {
      pair.nextBurstAt += BURST_EVERY_MS
      if (pair.burstLeft === 0) {
        pair.burstLeft = BURST_KEYS
        sendKey(pair, true)
      }
    }
  }
}

async function run(start: WorkerStart): Promise<void> {
  pairs = []
  announce = start.announce
  tvReconnect = start.tvReconnect
  tvIds = start.tvIds
  tvSession = start.tvSession
  phoneSession = start.phoneSession
  for (let i = start.from; i < start.to; i++) {
    const mac = benchMac(i)
    const pair: Pair = {
      i,
      mac,
      tvTopic: tvTopic(mac),
      agentTopic: agentTopic(mac, benchUid(i)),
      phoneTopics: new Set(),
      box: null as unknown as VirtualSetTopBox,
      tv: null,
      link: null,
      state: 'idle',
      error: null,
      pending: new Map(),
      nextCommandAt: 0,
      nextBurstAt: 0,
      burstLeft: 0,
      burstSeq: null,
      keyFlip: false,
      onlineAt: null,
      leftAt: null,
      backAt: null,
      inFlight: [],
      phoneConnackAt: null,
      phoneSubackAt: null,
      tvConnackAt: null,
      tvSubackAt: null,
      lastTvSubackAt: null,
      tvReturnStart: null,
      sawTvAway: false,
      returnOnlineAt: null,
      tvIdGeneration: 0,
    }
    pair.box = new VirtualSetTopBox(
      { mac, name: `电视 ${i}`, topic: pair.tvTopic },
      () => ({ childLock: false, globalLock: false }),
      (topic, payload) => {
        if (pair.tv?.connected) pair.tv.publish(topic, payload, { qos: 1 })
      },
      undefined,
      // Only this pair's phone may reach this TV: anything else that arrives is an ACL breach.
      (topic, sender) => sender === benchUid(i) && pair.phoneTopics.has(topic),
      undefined,
      // the family's phones to announce to (this pair's phone; the box checks each again);
      // each is this pair's user's
      { familyTopics: () => [...pair.phoneTopics], userOfTopic: (topic) => (pair.phoneTopics.has(topic) ? benchUid(i) : undefined) },
    )
    pairs.push(pair)
  }
  progress = setInterval(() => send({ kind: 'progress', online: pairs.filter((p) => p.state === 'online').length, pairs: pairs.length }), 1_000)
  let next = 0
  let failed = 0
  const runner = async () => {
    while (next < pairs.length && !stopping) {
      const pair = pairs[next++]
      if (!(await startPair(pair, start))) failed += 1
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, start.concurrency) }, runner))
  const onlines = pairs.map((p) => p.onlineAt ?? 0)
  send({ kind: 'ramped', firstConnect: Math.min(...connects), lastConnect: Math.max(...connects), lastOnline: Math.max(...onlines), failed })
  const now = Date.now()
  for (const pair of pairs) {
    pair.nextCommandAt = now + Math.random() * COMMAND_EVERY_MS
    pair.nextBurstAt = now + Math.random() * BURST_EVERY_MS
  }
  ticker = setInterval(tick, 50)
  if (start.probe) await probe(start)
}

function report(): WorkerReport {
  let syncUnanswered = 0
  let commandUnanswered = 0
  let duplicates = 0
  let inFlightResent = 0
  const recoveries: Array<number | null> = []
  const since = (t: number | null) => (t === null || markAt === null ? null : t - markAt)
  const phoneConnack: Array<number | null> = []
  const phoneSuback: Array<number | null> = []
  const tvConnack: Array<number | null> = []
  const tvSuback: Array<number | null> = []
  const notBack: Record<string, number> = {}
  const now = Date.now()
  for (const pair of pairs) {
    for (const sent of pair.pending.values()) {
      // still waiting past the 800 ms: unanswered (sent in the window, and not in the last second)
      if (!sent.measured || now - sent.t < 1_000) continue
      if (sent.kind === 'sync') syncUnanswered += 1
      else commandUnanswered += 1
    }
    duplicates += pair.box.duplicates
    if (pair.box.refused > 0) breach(`TV ${pair.i} received ${pair.box.refused} command(s) from a phone not of its user`)
    for (const id of pair.inFlight) if (pair.box.received.filter((e) => e.sequenceId === id).length > 1) inFlightResent += 1
    if (pair.leftAt !== null && markAt !== null) {
      recoveries.push(pair.backAt === null ? null : pair.backAt - markAt)
      phoneConnack.push(since(pair.phoneConnackAt))
      phoneSuback.push(since(pair.phoneSubackAt))
      if (pair.backAt === null) {
        const key = `${pair.state}${pair.error ? `: ${pair.error}` : ''}${pair.phoneSubackAt === null ? (pair.phoneConnackAt === null ? ' (no CONNACK since)' : ' (CONNACK, no SUBACK since)') : ''}`
        notBack[key] = (notBack[key] ?? 0) + 1
      }
    }
    if (markAt !== null) {
      tvConnack.push(since(pair.tvConnackAt))
      tvSuback.push(since(pair.tvSubackAt))
    }
  }
  const returned = tvDropAt === null ? [] : pairs
  const tvReturn =
    tvDropAt === null
      ? null
      : {
          times: returned.filter((p) => p.sawTvAway).map((p) => (p.returnOnlineAt === null || p.lastTvSubackAt === null ? null : p.returnOnlineAt - p.lastTvSubackAt)),
          unnoticed: returned.filter((p) => !p.sawTvAway).length,
          reconnectMs: returned.map((p) => (p.tvReturnStart === null || p.lastTvSubackAt === null || p.lastTvSubackAt < p.tvReturnStart ? null : p.lastTvSubackAt - p.tvReturnStart)),
          announced: returned.reduce((a, p) => a + p.box.announced, 0),
        }
  const lagNs = { p99: lag.percentile(99), max: lag.max }
  return {
    kind: 'report',
    syncRtts,
    syncUnanswered,
    commandRtts,
    commandUnanswered,
    commandsRefused,
    connects,
    lagP99: lagNs.p99 / 1e6,
    lagMax: lagNs.max / 1e6,
    duplicates,
    breaches,
    recoveries,
    phoneConnack,
    phoneSuback,
    tvConnack,
    tvSuback,
    notBack,
    clientErrors,
    tvReturn,
    inFlightTold,
    inFlightResent,
    probes,
    offlineTransitions,
    online: pairs.filter((p) => p.state === 'online').length,
    pairs: pairs.length,
  }
}

function stop(): void {
  stopping = true
  if (ticker) clearInterval(ticker)
  if (progress) clearInterval(progress)
  if (tvReturnTimer) clearTimeout(tvReturnTimer)
  for (const pair of pairs) {
    pair.link?.dispose()
    pair.tv?.end(true)
  }
  setTimeout(() => process.exit(0), 1_000).unref()
}

process.on('message', (m: WorkerCommand) => {
  if (m.kind === 'start') {
    brokerUrl = m.brokerUrl
    run(m).catch((e: unknown) => {
      console.error(`bench worker: ${String(e)}`)
      process.exit(1)
    })
  } else if (m.kind === 'window') {
    measuring = true
    syncRtts.length = 0
    commandRtts.length = 0
    commandsRefused = 0
    for (const k of Object.keys(offlineTransitions)) delete offlineTransitions[k]
    lag.reset()
  } else if (m.kind === 'mark') {
    markAt = m.at
    for (const pair of pairs) {
      pair.leftAt = null
      pair.backAt = null
      pair.inFlight = [...pair.pending.entries()].filter(([, s]) => s.kind === 'command' && m.at - s.t < 800).map(([id]) => id)
    }
  } else if (m.kind === 'tv-drop') {
    // "TV returns": every TV goes away (its connection closed) and comes back goneMs later, all at once
    tvDropAt = m.at
    markAt = null
    for (const pair of pairs) {
      pair.tv?.end(true)
      pair.tv = null
    }
    tvReturnTimer = setTimeout(() => {
      tvReturnTimer = null
      for (const pair of pairs) {
        if (stopping) return
        pair.tvReturnStart = Date.now()
        tvClient(brokerUrl, pair).catch(() => undefined)
      }
    }, m.goneMs)
  } else if (m.kind === 'report') {
    send(report())
  } else if (m.kind === 'stop') {
    stop()
  }
})
process.on('disconnect', stop)
