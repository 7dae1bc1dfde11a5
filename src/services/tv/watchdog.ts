import { broker } from '../../config'
import type { Clock } from './types'

/**
 * The link's own connect timeout (SPEC 9: 30 s), so that it never hangs in "connecting": armed when
 * an attempt begins (or a connection is lost), cleared at the SUBACK and whenever the client is closed;
 * firing means the connection never got ready.
 */
export class ConnectWatchdog {
  private timer: unknown = null
  /** Re-armed at a CONNACK since the last attempt began or the link was last ready. */
  private extended = false

  constructor(
    private readonly clock: Clock,
    private readonly fire: () => void,
  ) {}

  /** A connect attempt begins. */
  attemptBegins(): void {
    this.extended = false
    this.arm()
  }

  /**
   * The broker took the connection: the SUBACK gets the connect timeout of its own, once per attempt
   * (a connection that keeps dropping after its CONNACK does not push it further). Under a reconnect
   * storm a broker answers late, and a link that gave up on an accepted connection would throw away
   * the broker's work and queue up again.
   */
  connackCame(): void {
    if (this.timer !== null && this.extended) return
    this.extended = true
    this.arm()
  }

  /** The connection got ready (SUBACK). */
  ready(): void {
    this.clear()
    this.extended = false
  }

  /** The connection was lost: mqtt.js reconnects by itself; should it never get ready, this fires. */
  lost(): void {
    if (this.timer === null) this.arm()
  }

  clear(): void {
    this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private arm(): void {
    this.clear()
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      this.fire()
    }, broker.connectTimeoutMs)
  }
}
