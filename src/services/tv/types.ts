import type { TvMessage, TvMode } from '../../protocol/tv/messages'
import type { CreateWebsocket } from './socketPort'

/** Broker session info from jarvisLogin (SPEC 3). */
export interface JarvisCredentials {
  /** MQTT client id. */
  cid: string
  /** MQTT username. */
  appKey: string
  /** MQTT password. */
  sign: string
  /** clientTopic[0] is this phone's own topic. */
  clientTopic: string[]
}

/**
 * The two gateway calls the TV link needs (SPEC 7). The gateway client's api object satisfies it;
 * a failed call resolves to null/undefined (SPEC 8: "an empty result is returned") or rejects.
 */
export interface TvLinkApi {
  /** jarvisLogin: uid, phone (the api sends mac = phone + '_app' and a random deviceCode), abilityString. */
  jarvisLogin(input: { uid: string; phone: string; abilityString: string }): Promise<JarvisCredentials | null | undefined>
  /** queryAgentTopic: lowercase macs; resolves to data[0].topic. */
  queryAgentTopic(macs: string[]): Promise<string | null | undefined>
}

/** The bound TV the link talks to (SPEC 3 Device, the fields the link reads). */
export interface TvDevice {
  uid: string
  mac: string
  deviceName: string
  abilityString?: string
  familyId?: string
}

/** The logged-in phone user (SPEC 3 User info, the fields the link reads). */
export interface TvUser {
  uid: string
  phone: string
  nickName: string
}

export interface MqttConnectOptions {
  clientId: string
  username: string
  password: string
  protocolVersion: 4
  connectTimeout: number
  reconnectPeriod: number
  clean: boolean
  resubscribe: boolean
  reconnectOnConnackError: boolean
  keepalive: number
  /**
   * 'native': keepalive on plain setTimeout. mqtt.js's 'auto' picks Worker timers built from a Blob
   * whenever it sees a `window` with a `document`, which Taro's weapp window has and WeChat lacks.
   */
  timerVariant: 'native'
  forceNativeWebSocket?: boolean
  createWebsocket?: CreateWebsocket
}

export interface MqttGranted {
  topic: string
  qos: number
}

/** The slice of mqtt.js's MqttClient the link uses (a fake in the state-machine tests). */
export interface MqttClientLike {
  connected: boolean
  /** mqtt.js reads options.reconnectPeriod each time it schedules a reconnect (after a 'close'). */
  options?: { reconnectPeriod?: number; clientId?: string; username?: string; password?: string }
  /** mqtt.js: in-flight QoS>0 packets by message id (purged on close: never replayed). */
  outgoing?: Record<number, unknown>
  on(event: 'connect', cb: (connack?: { sessionPresent?: boolean }) => void): unknown
  on(event: 'close' | 'offline' | 'reconnect', cb: () => void): unknown
  on(event: 'message', cb: (topic: string, payload: Uint8Array) => void): unknown
  on(event: 'error', cb: (err: Error & { code?: number | string }) => void): unknown
  subscribe(
    topic: string,
    opts: { qos: 0 | 1 },
    cb: (err: Error | null | undefined, granted?: MqttGranted[]) => void,
  ): unknown
  publish(topic: string, payload: string, opts: { qos: 0 | 1 }, cb?: (err?: Error) => void): unknown
  end(force?: boolean): unknown
  removeOutgoingMessage?(messageId: number): unknown
}

export type MqttConnect = (url: string, opts: MqttConnectOptions) => MqttClientLike

/** Loads mqtt.js when the link first needs it (a lazy chunk on H5); rejects when it cannot load. */
export type MqttLoader = () => Promise<MqttConnect>

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/** Real timers, looked up at call time (so jest fake timers apply when installed). */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
}

/**
 * How the TV link recovers after an incident: the parts where it deliberately goes beyond SPEC 4 and
 * SPEC 9 (docs/operator.md "Broker at scale" says why each was measured to be needed). One object, given to the
 * link (TvLinkDeps.recovery), so the deviations are found, read and tested in one place.
 */
export interface RecoveryPolicy {
  /**
   * The first sync after the link gets ready that goes unanswered within this long of it is sent once
   * more before the TV is called offline: after a broker incident the phone is often back a moment
   * before its TV. 0: no grace.
   */
  readonly firstSyncGraceMs: number
  /**
   * After an unanswered request while the phone's link is up, ask again after each of these delays in
   * turn (while the TV stays silent), then only at SPEC 9's 30 s cadence. Empty: the cadence alone.
   */
  readonly resyncBackoffMs: readonly number[]
  /** mqtt.js's reconnect period for the k-th retry since the link was last ready (`random` in [0, 1)). */
  reconnectPeriod(retry: number, random: () => number): number
  /** The delay before reconnecting after the n-th consecutive fault inside the client (n from 0). */
  faultRetryDelay(faults: number): number
}

export interface TvLinkDeps {
  api: TvLinkApi
  /** mqtt.js's connect, loaded on the first connection (platform seam: src/platform/mqtt). */
  loadMqtt: MqttLoader
  /** Broker websocket URL (env.mqttUrl). */
  url: string
  /** The platform socket (mqtt.js createWebsocket); forceNativeWebSocket is set on every connect. */
  createWebsocket?: CreateWebsocket
  clock?: Clock
  /** A number in [0, 1) for the reconnect jitter (default Math.random; tests pass their own). */
  random?: () => number
  /** The MQTT session kind (default broker.session): the bench compares both. */
  session?: 'clean' | 'persistent'
  /** How the link recovers after an incident (default brokerAtScaleRecovery, services/tv/recovery.ts). */
  recovery?: RecoveryPolicy
}

/**
 * 'offline' is the TV's state (it did not answer, or the link could not be set up and waits for the
 * user); 'reconnecting' is the phone's own link being down and coming back by itself: the
 * TV is not called offline for it.
 */
export type LinkState = 'idle' | 'connecting' | 'online' | 'offline' | 'reconnecting'

export interface TvLinkListener {
  state(state: LinkState, error: string | null): void
  /** A type 87 (with the sequenceId it carried: a reply echoes its command's) or a default state. */
  mode(mode: TvMode, sequenceId?: string): void
  message(message: TvMessage): void
}

export type SendResult =
  | { ok: true; sequenceId: number }
  | { ok: false; reason: 'noDevice' | 'offline' | 'locked' | 'minors'; message: string }
