import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createNetServer, type AddressInfo, type Server } from 'node:net'
import type { Aedes } from 'aedes'
import { WebSocketServer, createWebSocketStream } from 'ws'
import type { BrokerDirectory } from '../directory'
import { DEFAULT_TV_SECRET, installAuth, type BrokerScenario } from './auth'
import { createAedes } from './loadAedes'
import { boundSessions, type SessionBounds } from './sessions'
import { brokerAuthHandler } from './httpAuth'
import { createBrokerPolicy } from './policy'
import { limitPackets, MAX_PACKET_BYTES } from './packetLimit'
import { admitRequest, hostAllowed, originAllowed } from '../origin'

export { DEFAULT_TV_SECRET, TV_USERNAME_PREFIX, tvSecretFor, type BrokerScenario } from './auth'
export { BROKER_AUTH_PATH, brokerAuthHandler } from './httpAuth'
export { createBrokerPolicy } from './policy'
export { MAX_PACKET_BYTES } from './packetLimit'

/** Extra HTTP routes on the broker's websocket port (e.g. the set-top admin); true when handled. */
export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => boolean

export interface StartBrokerOptions {
  directory: BrokerDirectory
  /** Always a loopback address: default 127.0.0.1. */
  host?: string
  /** MQTT over WebSocket at ws://host:wsPort/mqtt; 0 picks a free port. Default 8883. */
  wsPort?: number
  /** Plain MQTT over TCP (noDelay); 0 picks a free port. Default 1883. */
  tcpPort?: number
  /** Password of external TV clients (username tv:{MAC12}). */
  tvSecret?: string
  httpHandler?: HttpHandler
  /**
   * Browser origins allowed to open the MQTT WebSocket (the H5 app's); '*' allows any. A request
   * without an Origin header (weapp, Node) is always allowed. Default: the H5 dev server.
   */
  allowedOrigins?: readonly string[]
  /** The largest MQTT packet a client may send (default MAX_PACKET_BYTES, 16 KiB); a bigger one ends the connection. */
  maxPacketBytes?: number
  /** A persistent session whose client stays away this long is removed (default SESSION_TTL_MS, 5 min). */
  sessionTtlMs?: number
}

export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:10086', 'http://localhost:10086']


export interface RunningBroker {
  aedes: Aedes
  ports: { ws: number; tcp: number }
  urls: { ws: string; tcp: string }
  /** Switches for tests, read on every CONNECT. */
  scenario: BrokerScenario
  /** The bounds on persistent sessions (emulator/broker/sessions.ts). */
  sessions: SessionBounds
  close(): Promise<void>
}

/** The embedded aedes broker of the local stack. */
export async function startBroker(options: StartBrokerOptions): Promise<RunningBroker> {
  const host = options.host ?? '127.0.0.1'
  const aedes = await createAedes()
  const scenario: BrokerScenario = { refuseConnections: 0 }
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS
  const tvSecret = options.tvSecret ?? DEFAULT_TV_SECRET
  installAuth(aedes, options.directory, { tvSecret, scenario })
  // persistent sessions (the phones') bounded as the production policy bounds them
  const sessions = boundSessions(aedes, options.sessionTtlMs)
  // revoked broker sessions (logout, removal, unbinding): their open connections close now
  const offRevoked =
    options.directory.onSessionsRevoked?.((cids) => {
      const clients = (aedes as unknown as { clients: Record<string, { close(): void } | undefined> }).clients as Record<string, { close(): void } | undefined>
      for (const cid of cids) if (Object.prototype.hasOwnProperty.call(clients, cid)) clients[cid]?.close()
      sessions.forget(cids)
    }) ?? (() => undefined)
  const brokerAuth = brokerAuthHandler(createBrokerPolicy(options.directory, tvSecret))

  // no packet over the limit reaches aedes (its parser would buffer up to 256 MB of it)
  const maxPacket = options.maxPacketBytes ?? MAX_PACKET_BYTES
  const refusedPacket = () => console.warn(`broker: a client sent an MQTT packet over ${maxPacket} bytes: connection closed`)
  // TCP: without noDelay, Nagle + delayed ACK make every round trip ~88 ms.
  const tcp = createNetServer({ noDelay: true }, (socket) => aedes.handle(limitPackets(socket, maxPacket, refusedPacket)))
  const http = createHttpServer((req, res) => {
    try {
      if (!admitRequest(req, res, allowedOrigins)) return
      if (brokerAuth(req, res)) return
      if (options.httpHandler?.(req, res)) return
    } catch (e) {
      // e.g. `GET //` (an URL that does not parse): a plain 400, never an exception out of the listener
      console.error(`broker http: ${String(e)}`)
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain', connection: 'close' })
      return void res.end('Bad Request')
    }
    res.writeHead(426, { 'content-type': 'text/plain' })
    res.end('MQTT over WebSocket at /mqtt')
  })
  const wss = new WebSocketServer({
    server: http,
    path: '/mqtt',
    // Any web page could otherwise open the broker from the user's browser (cross-site WebSocket).
    verifyClient: (info: { req: IncomingMessage }, cb: (ok: boolean, code?: number, message?: string) => void) =>
      hostAllowed(info.req.headers.host) && originAllowed(info.req.headers.origin, allowedOrigins)
        ? cb(true)
        : cb(false, 403, 'origin not allowed'),
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false),
    // a WebSocket message carries one MQTT packet (mqtt.js): the packet limit plus its fixed header (ws default: 100 MiB)
    maxPayload: maxPacket + 5,
  })
  wss.on('connection', (socket, req) => {
    aedes.handle(limitPackets(createWebSocketStream(socket), maxPacket, refusedPacket), req)
  })

  try {
    await listen(tcp, options.tcpPort ?? 1883, host)
    await listen(http, options.wsPort ?? 8883, host)
  } catch (e) {
    tcp.close()
    http.close()
    sessions.close()
    await new Promise<void>((resolve) => aedes.close(() => resolve()))
    throw e
  }
  const ports = { ws: (http.address() as AddressInfo).port, tcp: (tcp.address() as AddressInfo).port }

  let closed: Promise<void> | null = null
  return {
    aedes,
    ports,
    urls: { ws: `ws://${host}:${ports.ws}/mqtt`, tcp: `mqtt://${host}:${ports.tcp}` },
    scenario,
    sessions,
    close() {
      closed ??= (async () => {
        offRevoked()
        sessions.close()
        for (const c of wss.clients) c.terminate()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await new Promise<void>((resolve) => aedes.close(() => resolve()))
        http.closeAllConnections()
        await Promise.all([closeServer(tcp), closeServer(http)])
      })()
      return closed
    },
  }
}

function listen(server: Server | ReturnType<typeof createHttpServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

function closeServer(server: Server | ReturnType<typeof createHttpServer>): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}
