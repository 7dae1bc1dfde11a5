import { errorText } from '../../lib/errorText'
import { tv } from '../../strings'
import { settle } from './mqttClient'
import type { JarvisCredentials, MqttConnect, MqttLoader, TvDevice, TvLinkApi, TvUser } from './types'

/**
 * The phone's broker session (broker.session, docs/operator.md "Broker at scale"; SPEC 9 leaves the kind
 * open): the credentials jarvisLogin gives, and under a persistent session which client id's session
 * holds the own topic's subscription. A CONNACK with session present under that id needs no
 * subscribe; any other id (a fresh login) subscribes.
 */
export class BrokerSession {
  /** The client id whose session holds the own topic's subscription (a SUBACK was seen under it). */
  private heldBy: string | null = null
  /** A jarvisLogin for new broker credentials is out (renewAfterHangUp). */
  private renewing = false

  constructor(
    private readonly api: TvLinkApi,
    private readonly loadMqtt: MqttLoader,
    readonly kind: 'persistent' | 'clean',
  ) {}

  /**
   * What a connect needs (SPEC 4): jarvisLogin -> queryAgentTopic -> mqtt.js loaded (once: `loaded`
   * is the connect function of an earlier start). Null as soon as `current()` says a newer start or a
   * stop took over (it stops at its next step); { error } with the user's message when a step failed.
   */
  async setUp(
    target: { device: TvDevice; user: TvUser },
    loaded: MqttConnect | null,
    current: () => boolean,
  ): Promise<{ creds: JarvisCredentials; topic: string; connect: MqttConnect } | { error: string } | null> {
    const creds = await this.login(target)
    if (!current()) return null
    if (!creds) return { error: tv.linkLoginFailed }
    const topic = await settle(this.api.queryAgentTopic([target.device.mac.toLowerCase()]))
    if (!current()) return null
    if (!topic) return { error: tv.linkTopicMissing }
    const connect =
      loaded ??
      (await this.loadMqtt().catch((e: unknown) => {
        // The user sees the plain message; the reason goes to the developer console.
        console.warn('[tv-link] mqtt.js could not be loaded:', errorText(e))
        return null
      }))
    if (!current()) return null
    return connect ? { creds, topic, connect } : { error: tv.linkLoadFailed }
  }

  /** jarvisLogin for the target's user: usable broker credentials (a client id and an own topic), or null. */
  async login(target: { device: TvDevice; user: TvUser }): Promise<JarvisCredentials | null> {
    const creds = await settle(
      this.api.jarvisLogin({
        uid: target.user.uid,
        phone: target.user.phone,
        abilityString: target.device.abilityString ?? '',
      }),
    )
    return creds && creds.cid && Array.isArray(creds.clientTopic) && creds.clientTopic[0] ? creds : null
  }

  /** The own topic's SUBACK came on a connection under this client id. */
  subscribedUnder(cid: string | null): void {
    this.heldBy = this.kind === 'persistent' ? cid : null
  }

  /** The CONNACK says the session is present, and it is the one holding the subscription. */
  keepsSubscription(sessionPresent: boolean, cid: string | undefined): boolean {
    return sessionPresent && this.heldBy !== null && this.heldBy === cid
  }

  /**
   * A persistent session's connection dropped and a reconnect under its client id was hung up on (the
   * 2nd close since ready; its socket had opened, no CONNACK came). RabbitMQ 3.10 hangs up on every
   * CONNECT of a session whose queue lived on a node that died, until that node is back (a connection
   * that never opened, the balancer restarting or no network, says nothing of the session). So new
   * broker credentials are fetched meanwhile: if jarvisLogin answers, `use` gets them for mqtt.js's
   * next attempt (a new client id: a new session, which subscribes); if it does not (the phone's
   * network is down), mqtt.js goes on retrying as before. The user sees nothing of it.
   */
  renewAfterHangUp(
    creds: JarvisCredentials | null,
    target: { device: TvDevice; user: TvUser },
    retries: number,
    use: (fresh: JarvisCredentials) => void,
  ): void {
    if (this.kind !== 'persistent' || this.renewing || !creds || creds.cid !== this.heldBy || retries < 2) return
    this.renewing = true
    void this.login(target).then((fresh) => {
      this.renewing = false
      if (fresh) use(fresh)
    })
  }
}
