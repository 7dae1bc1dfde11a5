/**
 * Constants of SPEC sections 3 and 9, in one place. Numbers here are requirements: change them only
 * when the specification changes. Environment-dependent values live in ./env.
 */
import { nsFlags } from '../protocol/contract/nsFlags'
export { env } from './env'

/** SPEC 3: configuration values. Channel ids are the operator's; these are the local stack's. */
export const versionSdk = '5.0.0'
export const serviceChannelId = 'tvc-service'
export const ucsSourceChannelId = 'tvc-ucs'
export const childChannelId = 'tvc-child'
/** SPEC 3/9: date-like version string. */
export const version = '20250610'
/** SPEC 3: the three desktop ids (normal, child, elder desktops of the local stack). */
export const deskTopId: readonly [string, string, string] = ['1001', '1002', '1003']
/** SPEC 3: epw object, all fields initially empty. */
export const initialEpw = Object.freeze({ rid: '', tk: '', pd: '', st: '' })
export type Epw = { rid: string; tk: string; pd: string; st: string }

/** SPEC 3: default navigation title. */
export const defaultTitle = '手机高清电视助手'

/** Version of the user agreement and privacy terms: a new version asks for consent again. */
export const termsVersion = '2026-11'

/** SPEC 9: network. */
export const timeouts = Object.freeze({
  /** Request timeout of every gateway call. */
  requestMs: 18_000,
  /** Default network timeouts (request, socket, upload, download). */
  networkMs: 60_000,
  /** Async page loading delay and timeout; chunk load timeout. */
  asyncPageDelayMs: 200,
  asyncPageTimeoutMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  /** SPEC 5: the native-bridge call waits this long for a phone number. */
  bridgeReplyMs: 300,
})

/** SPEC 4/9: broker settings. */
export const broker = Object.freeze({
  protocolVersion: 4 as const,
  connectTimeoutMs: 30_000,
  reconnectPeriodMs: 1_000,
  /**
   * A deliberate deviation from SPEC 9's flat 1 s reconnect (docs/operator.md "Broker at scale"): a
   * lost connection's k-th retry waits 1 s plus a random 0..min(this, 1 s x 2^k). With a flat 1 s,
   * every phone of a dropped load balancer came back in the same second and none got through.
   */
  reconnectJitterMaxMs: 30_000,
  qos: 1 as const,
  /**
   * A choice SPEC 9 leaves open (docs/operator.md "Broker at scale"): the phone's MQTT session is
   * persistent (clean session off) under jarvisLogin's client id, which is new with every login. A
   * reconnect of the same login finds its session (CONNACK session present) and does not subscribe
   * again: on RabbitMQ 3.10 that saves a queue delete at the drop and a declare + bind at the return,
   * the work a reconnect storm waited on. The broker bounds what a session keeps: messages 800 ms
   * (what SPEC 4 still calls an answer), a session left alone 5 minutes (docs/broker-at-scale.md).
   */
  session: 'persistent' as 'persistent' | 'clean',
})

/** SPEC 4/9: TV link timers and counters. */
export const tvTimers = Object.freeze({
  syncIntervalMs: 30_000,
  offlineAfterMs: 800,
  reconnectDebounceMs: 800,
  /** The client is torn down and reconnected when the error counter reaches one of these. */
  reconnectAtErrorCounts: Object.freeze([2, 5]) as readonly number[],
  /**
   * After a fault inside the MQTT client (an exception, or no SUBACK within the connect timeout) the
   * link shows the error and reconnects after the SPEC 4 debounce, doubling per fault up to this cap.
   */
  faultRetryMaxMs: 30_000,
  /**
   * A deliberate deviation from SPEC 9's 30 s sync cadence (docs/operator.md "Broker at scale"): after
   * a sync goes unanswered while the phone's own link is up, the link asks again after each of these
   * delays in turn (while the TV stays silent), then only at the 30 s cadence. A TV that stays away
   * costs these five syncs; one that returns is seen within a step instead of up to 30 s later.
   */
  resyncBackoffMs: Object.freeze([1_000, 2_000, 4_000, 8_000, 16_000]) as readonly number[],
  /**
   * The first sync after the link gets ready (a connect or a reconnect) that goes unanswered
   * within this long of it is sent once more before the TV is called offline: after a broker incident
   * the phone is often back a moment before its TV.
   */
  firstSyncGraceMs: 2_000,
})

/** SPEC 3/4: message types (the TV wire format lives in src/protocol). */
export { CHILD_VERSION, tvMessage } from '../protocol/tv/messages'

/** SPEC 9: toast durations. */
export const toast = Object.freeze({ longMs: 3_500, shortMs: 2_500 })

/**
 * 长辈版 (the age-friendly version): its confirmations stay on screen until dismissed, or at least
 * this long (SPEC 9's 2.5/3.5 s toasts are too short to read for many older users; MIIT's 适老化
 * rules allow no time limit that is not essential).
 */
export const elderUi = Object.freeze({ noticeMs: 8_000 })

/** SPEC 7/9: task classes, as sent. */
export const taskClasses = Object.freeze([6, 99, 96, 98, 97]) as readonly number[]
export const taskClassParam = taskClasses.join(',')

/** SPEC 9: title bar geometry (px); the status bar offset comes from the device. */
export const titleBar = Object.freeze({ top: 12, height: 30 })

/** SPEC 5/9: search (the ns.json flags, defined once with the contract). */
export const search = nsFlags

/** SPEC 2/9: page transition and UI timers. */
export const ui = Object.freeze({
  pageTransitionMs: 250,
  timers: Object.freeze({ tick: 10, short: 100, settle: 310 }),
})

/** SPEC 3: log record channel. */
export const logChannel = '1'


/** SPEC 7 activity calls: `source` and `channel` sent with task calls; user-group label codes. */
export const activityCall = Object.freeze({ source: 'H5', channel: 'H5' as const, ugsLabelCodes: '' })
/** The points activity of the local stack (prizes, participation). */
export const pointsActivityId = 'act-points-2025'
