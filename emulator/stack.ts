/**
 * The local stack: gateway emulator + embedded MQTT broker + virtual set-top boxes, wired through the
 * gateway's BrokerDirectory (jarvisLogin credentials, bound TVs, locks).
 *
 *   const stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir })
 *   stack.gatewayUrl   http://127.0.0.1:8787/
 *   stack.mqttUrl      ws://127.0.0.1:8883/mqtt      (the app's TARO_APP_MQTT_URL)
 *   stack.mqttTcpUrl   mqtt://127.0.0.1:1883
 *   stack.setTvSilent(mac, true)                     a TV stops answering (offline), false: answers again
 *   stack.adminUrl     http://127.0.0.1:8883/__emulator/settop  (the same switch over HTTP)
 *   await stack.close()
 * `settop: false` (or SETTOP=off) starts no set-top boxes, so an external TV client can own the TV
 * topics (username tv:{MAC12}, password the TV secret; emulator/settop/README.md).
 */
import { startBroker, type RunningBroker } from './broker'
import { DEFAULT_CORS_ORIGINS, startGateway, type GatewayOptions, type RunningGateway } from './gateway'
import { aedesTransport, startSetTops, type SetTops } from './settop'
import { SETTOP_ADMIN_PATH, settopAdmin } from './settop/admin'
import { tvPairingRoute } from './broker/tvPairing'
import { DEFAULT_TV_SECRET } from './broker'

export interface StackOptions {
  /** Loopback only; default 127.0.0.1. */
  host?: string
  /** Default 8787; 0 picks a free port. */
  gatewayPort?: number
  /** MQTT over WebSocket (and the set-top admin routes); default 8883; 0 picks a free port. */
  wsPort?: number
  /** MQTT over TCP; default 1883; 0 picks a free port. */
  tcpPort?: number
  /** Gateway state directory; default emulator/.data. */
  dataDir?: string
  /** Virtual set-top boxes; default on unless SETTOP=off. */
  settop?: boolean
  /** Password of external TV clients. */
  tvSecret?: string
  /** Anything else for the gateway (seed, token TTL, CORS origins, ...). */
  gateway?: Omit<GatewayOptions, 'host' | 'port' | 'dataDir'>
}

export interface Stack {
  gatewayUrl: string
  mqttUrl: string
  mqttTcpUrl: string
  adminUrl: string
  gateway: RunningGateway
  broker: RunningBroker
  settops: SetTops | null
  /** The offline-TV switch: true -> the TV's box stops answering. False when the TV is unknown. */
  setTvSilent(mac: string, silent: boolean): boolean
  close(): Promise<void>
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const host = options.host ?? '127.0.0.1'
  const wantSettop = options.settop ?? process.env.SETTOP !== 'off'
  const gateway = await startGateway({ ...options.gateway, host, port: options.gatewayPort, dataDir: options.dataDir, deferReminders: true })
  let settops: SetTops | null = null
  let broker: RunningBroker
  try {
    broker = await startBroker({
      directory: gateway.directory,
      host,
      wsPort: options.wsPort,
      tcpPort: options.tcpPort,
      tvSecret: options.tvSecret,
      allowedOrigins: options.gateway?.corsOrigins ?? DEFAULT_CORS_ORIGINS,
      httpHandler: (req, res) =>
        tvPairingRoute(gateway.directory, options.tvSecret ?? DEFAULT_TV_SECRET)(req, res) ||
        settopAdmin(
          settops,
          gateway.adminToken,
          (mac) => gateway.directory.pairingCode?.(mac),
          (mac) => gateway.directory.freshPairingCode?.(mac),
        )(req, res),
    })
  } catch (e) {
    await gateway.close()
    throw e
  }
  if (wantSettop) settops = await startSetTops({ directory: gateway.directory, transport: aedesTransport(broker.aedes) })
  // reminders that came due while the stack was down fire now, their banners reaching the boxes
  gateway.reminders.run()

  let closing: Promise<void> | null = null
  return {
    gatewayUrl: gateway.url,
    mqttUrl: broker.urls.ws,
    mqttTcpUrl: broker.urls.tcp,
    adminUrl: `http://${host}:${broker.ports.ws}${SETTOP_ADMIN_PATH}`,
    gateway,
    broker,
    settops,
    setTvSilent: (mac, silent) => settops?.setSilent(mac, silent) ?? false,
    close() {
      closing ??= (async () => {
        await settops?.close()
        await broker.close()
        await gateway.close()
      })()
      return closing
    },
  }
}
