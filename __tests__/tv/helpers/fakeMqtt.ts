import { EventEmitter } from 'node:events'
import type { Envelope } from '../../../src/protocol/tv/messages'
import type {
  JarvisCredentials,
  MqttClientLike,
  MqttConnectOptions,
  MqttGranted,
  TvDevice,
  TvLinkApi,
  TvUser,
} from '../../../src/services/tv/types'

export const USER: TvUser = { uid: 'u-1', phone: '13800000001', nickName: '小明' }
export const DEVICE: TvDevice = { uid: 'u-1', mac: 'AABBCCDDEEFF', deviceName: '客厅电视', abilityString: 'ab-1', familyId: 'f-1' }
export const TV_TOPIC = 'tvc/tv/AABBCCDDEEFF'
export const OWN_TOPIC = 'tvc/phone/cid-1'
export const CREDS: JarvisCredentials = { cid: 'cid-1', appKey: 'key-1', sign: 'sign-1', clientTopic: [OWN_TOPIC] }

export interface Published {
  topic: string
  qos: number
  envelope: Envelope<Record<string, unknown>>
}

/** A stand-in for mqtt.js's MqttClient: the test plays the broker (CONNACK, SUBACK, messages, drops). */
export class FakeClient extends EventEmitter implements MqttClientLike {
  connected = false
  ended = false
  outgoing: Record<number, unknown> = {}
  removed: number[] = []
  subscriptions: Array<{ topic: string; qos: number; cb: (err: Error | null | undefined, granted?: MqttGranted[]) => void }> = []
  published: Published[] = []
  private nextMessageId = 1

  constructor(readonly url: string, readonly opts: MqttConnectOptions) {
    super()
  }

  /** mqtt.js's options object: its reconnectPeriod is read whenever a reconnect is scheduled. */
  get options(): MqttConnectOptions {
    return this.opts
  }

  subscribe(topic: string, opts: { qos: 0 | 1 }, cb: (err: Error | null | undefined, granted?: MqttGranted[]) => void): this {
    this.subscriptions.push({ topic, qos: opts.qos, cb })
    return this
  }

  publish(topic: string, payload: string, opts: { qos: 0 | 1 }): this {
    this.published.push({ topic, qos: opts.qos, envelope: JSON.parse(payload) })
    this.outgoing[this.nextMessageId++] = { volatile: false }
    return this
  }

  /** The `force` flag of the last end() (mqtt.js: close now, without waiting for in-flight packets). */
  endForced: boolean | undefined = undefined

  end(force?: boolean): this {
    this.endForced = force
    this.ended = true
    this.connected = false
    return this
  }

  removeOutgoingMessage(id: number): this {
    delete this.outgoing[id]
    this.removed.push(id)
    return this
  }

  // ---- the test's side -------------------------------------------------------------------------

  /** CONNACK accepted; `sessionPresent`: the broker kept this client id's session. */
  connack(sessionPresent = false): void {
    this.connected = true
    this.emit('connect', { cmd: 'connack', returnCode: 0, sessionPresent })
  }

  suback(qos = 1): void {
    const sub = this.subscriptions[this.subscriptions.length - 1]
    sub.cb(qos === 128 ? new Error('Subscribe error') : null, [{ topic: sub.topic, qos }])
  }

  /** Connection lost: mqtt.js emits 'close' (and reconnects by itself later). */
  drop(): void {
    this.connected = false
    this.emit('close')
  }

  deliver(topic: string, payload: string | Uint8Array): void {
    this.emit('message', topic, typeof payload === 'string' ? Buffer.from(payload) : payload)
  }

  last(): Published {
    return this.published[this.published.length - 1]
  }
}

export function fakeConnect(): { connect: (url: string, opts: MqttConnectOptions) => FakeClient; clients: FakeClient[] } {
  const clients: FakeClient[] = []
  return {
    clients,
    connect: (url, opts) => {
      const c = new FakeClient(url, opts)
      clients.push(c)
      return c
    },
  }
}

export interface FakeApi {
  calls: { jarvisLogin: Array<Parameters<TvLinkApi['jarvisLogin']>[0]>; queryAgentTopic: string[][] }
  creds: JarvisCredentials | null
  topic: string | null
  jarvisLogin: jest.Mock<Promise<JarvisCredentials | null>, Parameters<TvLinkApi['jarvisLogin']>>
  queryAgentTopic: jest.Mock<Promise<string | null>, [string[]]>
}

export function fakeApi(creds: JarvisCredentials = CREDS, topic: string = TV_TOPIC): FakeApi {
  const api: FakeApi = {
    calls: { jarvisLogin: [], queryAgentTopic: [] },
    creds,
    topic,
    jarvisLogin: jest.fn(async (input: Parameters<TvLinkApi['jarvisLogin']>[0]) => {
      api.calls.jarvisLogin.push(input)
      return api.creds
    }),
    queryAgentTopic: jest.fn(async (macs: string[]) => {
      api.calls.queryAgentTopic.push(macs)
      return api.topic
    }),
  }
  return api
}

/** The TV's answer to a published command (sequenceId echoed, from the TV topic, to the phone). */
export function replyTo(
  request: Published,
  type: number,
  content: Record<string, unknown>,
  overrides: { fromTopic?: string; toTopic?: string; sequenceId?: number } = {},
): string {
  const from = request.envelope.actionData.from
  return JSON.stringify({
    sequenceId: overrides.sequenceId ?? request.envelope.sequenceId,
    ttsType: 0,
    tts: false,
    action: 'XMPP',
    JarvisID: 'AABBCCDDEEFF',
    BananaID: 'AABBCCDDEEFF',
    actionData: {
      type,
      content,
      from: { nickname: '客厅电视', topic: overrides.fromTopic ?? TV_TOPIC, uid: '' },
      persistent: 0,
      to: [{ jid: 'cid-1', mac: '', nickname: from.nickname, topic: overrides.toTopic ?? from.topic, uid: from.uid }],
    },
  })
}

/** Let pending promise callbacks (jarvisLogin, queryAgentTopic) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

/**
 * Selects the TV and plays broker and TV until the link is online (connack, suback, the replies to
 * the sync and the screen-type request). Resolves the fake client it is online on.
 */
export async function goOnline(h: { link: { setTarget(d: TvDevice, u: TvUser): void; snapshot(): { state: string } }; client(): FakeClient }): Promise<FakeClient> {
  h.link.setTarget(DEVICE, USER)
  await flush()
  const c = h.client()
  c.connack()
  c.suback()
  const [sync, screen] = c.published
  c.deliver(OWN_TOPIC, replyTo(sync, 87, { lockCurrentStatus: 1 }))
  c.deliver(OWN_TOPIC, replyTo(screen, 32, { code: 2 }))
  if (h.link.snapshot().state !== 'online') throw new Error(`the link is ${h.link.snapshot().state}, not online`)
  return c
}
