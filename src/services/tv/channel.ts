import { broker } from '../../config'
import { errorText } from '../../lib/errorText'
import { tv } from '../../strings'
import { getCurrentScreenType, syncPlayState, type Command } from '../../protocol/tv/commands'
import { createSequence } from '../../protocol/tv/envelope'
import { parseInbound } from '../../protocol/tv/inbound'
import { IdCheck, type IdCheckMode } from './idCheck'
import { Liveness } from './liveness'
import { commandEnvelope } from './mqttClient'
import { ResyncSteps } from './recovery'
import type { Clock, JarvisCredentials, MqttClientLike, RecoveryPolicy, SendResult, TvDevice, TvLinkListener, TvUser } from './types'

export const NO_DEVICE: SendResult = Object.freeze({ ok: false, reason: 'noDevice', message: tv.noDevice })
export const OFFLINE: SendResult = Object.freeze({ ok: false, reason: 'offline', message: tv.offlineCannotSend })

/** Where a command goes: the ready connection and the two ends of it. */
export interface Route {
  client: MqttClientLike
  creds: JarvisCredentials
  device: TvDevice
  user: TvUser
  ownTopic: string
  tvTopic: string
}

/** What the channel needs of the link that owns the connection. */
export interface ChannelHost {
  /** 'noDevice' without a TV; null while the connection is not ready to send on. */
  route(): Route | 'noDevice' | null
  isReady(): boolean
  isOnline(): boolean
  /** SPEC 4: the error counter reached 2 or 5: tear down, reconnect after 800 ms. */
  reconnect(): void
  /** A fault inside the MQTT client. */
  fault(reason: string): void
  /** No reply: the TV is offline (SPEC 4's default states). */
  tvSilent(): void
  /** Every request has its reply: the TV is online. */
  tvAnswered(): void
}

/**
 * The conversation with the TV over a ready connection: each command published once at QoS 1 under
 * SPEC 4's id check (idCheck.ts), its reply awaited under SPEC 4's liveness (liveness.ts), and the
 * recovery policy's grace and re-sync steps (recovery.ts) when the TV goes silent.
 */
export class TvChannel {
  private readonly ids = new IdCheck()
  private readonly liveness: Liveness
  private readonly steps: ResyncSteps
  private readonly nextId: () => number
  /** When the link last got ready (SUBACK): a reply to a request sent before it is stale. */
  private readyAt = 0

  constructor(
    private readonly host: ChannelHost,
    private readonly listener: TvLinkListener,
    private readonly clock: Clock,
    policy: RecoveryPolicy,
  ) {
    this.nextId = createSequence(() => this.clock.now())
    this.steps = new ResyncSteps(policy, clock)
    this.liveness = new Liveness(clock, () => this.onSilence())
  }

  /** SPEC 4's error counter. */
  get errors(): number {
    return this.ids.errors
  }

  /** A new TV or user: the id check starts afresh. */
  reset(): void {
    this.ids.reset()
  }

  /** The connection got ready: sync now and every 30 s (SPEC 4). */
  linkReady(): void {
    this.readyAt = this.clock.now()
    this.steps.linkReady()
    this.syncNow()
    // publish() refuses while the link is not ready (the send guard)
    this.liveness.startCadence(() => this.publish(syncPlayState()))
  }

  /** Sync + screen type: the screen-type request rides with the sync and is not checked on its own. */
  syncNow(): SendResult {
    const sent = this.publish(syncPlayState())
    if (sent.ok) this.publish(getCurrentScreenType(), 'skip')
    return sent
  }

  send(cmd: Command): SendResult {
    return this.publish(cmd)
  }

  /** A message on the ready connection. */
  received(topic: string, payload: Uint8Array, topics: { ownTopic: string; tvTopic: string }): void {
    const inbound = parseInbound(topic, payload, topics)
    if (!inbound) return
    if (this.ids.sentBefore(inbound.sequenceId, this.readyAt) && !this.liveness.awaits(inbound.sequenceId)) {
      // A reply to a request of an earlier connection, kept for this persistent session while the
      // phone was away: what the TV was then, not now. It neither brings the TV online nor counts as
      // an answer (the error counter), and its state is not shown.
      return
    }
    this.ids.received(inbound.sequenceId)
    const wasAwaited = this.liveness.answered(inbound.sequenceId)
    if (!wasAwaited && this.host.isReady() && !this.host.isOnline() && this.liveness.waiting > 0) {
      // The TV speaks on its own while it counts as away (the stack's box announcing its return): it
      // is back, and what was sent while it was away will not be answered.
      this.liveness.clearPending()
    }
    if (inbound.kind === 'mode') this.listener.mode(inbound.mode, inbound.sequenceId)
    else this.listener.message(inbound.message)
    if (this.liveness.waiting === 0) {
      this.steps.tvAnswered()
      this.host.tvAnswered()
    }
  }

  /** The connection closed or the link stopped: no cadence, nothing awaited, no recovery step. */
  stop(): void {
    this.liveness.stop()
    this.steps.cancel()
  }

  /** Publish one command at QoS 1, once, under SPEC 4's id check (`idCheck`: see IdCheck.sent). */
  private publish(cmd: Command, idCheck: IdCheckMode = 'count'): SendResult {
    const route = this.host.route()
    if (route === 'noDevice') return NO_DEVICE
    if (!route) return OFFLINE
    // SPEC 4: compare the last sent id with the last received id before each send.
    if (idCheck === 'count' && this.ids.countBeforeSend()) {
      this.host.reconnect()
      return OFFLINE
    }
    const sequenceId = this.nextId()
    const envelope = commandEnvelope(cmd, sequenceId, route)
    const id = String(sequenceId)
    this.ids.sent(id, idCheck, this.clock.now())
    try {
      route.client.publish(route.tvTopic, JSON.stringify(envelope), { qos: broker.qos }, noop)
    } catch (e) {
      this.host.fault(tv.linkClientFault(errorText(e)))
      return OFFLINE
    }
    this.liveness.awaitReply(id)
    return { ok: true, sequenceId }
  }

  /** SPEC 4: no reply within 800 ms -> offline; the recovery policy may ask once more first. */
  private onSilence(): void {
    // the first sync since the link got ready, unanswered within the grace: just (re)connected, the TV
    // may be a moment behind, so ask once more first
    if (this.host.isReady() && this.steps.takeFirstRetry(this.clock.now() - this.readyAt)) {
      this.syncAgain()
      return
    }
    this.host.tvSilent()
    // the TV went silent while the phone's link is up: ask again on the policy's next step, unless it
    // is back already or a request (a cadence sync, a refresh) is out, whose silence schedules the next
    if (!this.host.isReady()) return
    this.steps.next(() => {
      if (this.host.isOnline() || this.liveness.waiting > 0) return
      this.syncAgain()
    })
  }

  /** A sync (+ screen type) standing in for an unanswered one: not a new send for the id check. */
  private syncAgain(): void {
    const sent = this.publish(syncPlayState(), 'replace')
    if (sent.ok) this.publish(getCurrentScreenType(), 'skip')
  }
}

function noop(): void {}
