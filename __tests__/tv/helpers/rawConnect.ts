import { randomBytes } from 'node:crypto'
import { connect } from 'mqtt'
import WebSocket from 'ws'

/** How a broker answered one CONNECT. */
export type ConnectOutcome = { accepted: true } | { refused: number } | { hungUp: true } | { timedOut: true }

/**
 * One MQTT 3.1.1 CONNECT over WebSocket with the given credentials (none: no username or password
 * flag at all), no retry: what the broker answered. For the rule that nobody gets in with credentials
 * the gateway did not hand out (the default guest/guest, or none).
 */
export function rawConnect(url: string, creds: { username?: string; password?: string }, timeoutMs = 8_000): Promise<ConnectOutcome> {
  return new Promise((resolve) => {
    const client = connect(url, {
      clientId: `probe-${randomBytes(4).toString('hex')}`,
      ...creds,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
      forceNativeWebSocket: true,
      createWebsocket: (u: string, protocols: string[]) => new WebSocket(u, protocols),
    })
    let done = false
    const finish = (o: ConnectOutcome) => {
      if (done) return
      done = true
      clearTimeout(timer)
      client.end(true)
      resolve(o)
    }
    const timer = setTimeout(() => finish({ timedOut: true }), timeoutMs + 1_000)
    client.once('connect', () => finish({ accepted: true }))
    client.once('error', (e: Error & { code?: number }) => finish(typeof e.code === 'number' ? { refused: e.code } : { hungUp: true }))
    client.once('close', () => finish({ hungUp: true }))
  })
}
