import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { startBroker, type RunningBroker } from '../../../emulator/broker'
import { MemoryDirectory } from '../../../emulator/broker/memoryDirectory'
import { aedesTransport, mqttTransport, perTvMqttTransport, startSetTops, type SetTops, type SettopTransport, type VirtualSetTopBox } from '../../../emulator/settop'
import { createWebsocketFactory } from '../../../src/platform/socket/taroWebSocket'
import { loadMqttNow } from '../../../src/platform/mqtt/node'
import type { Envelope } from '../../../src/protocol/tv/messages'
import type { JarvisCredentials, TvDevice, TvLinkApi, TvUser } from '../../../src/services/tv/types'
import { TvStore } from '../../../src/stores/app/tvStore'
import { externalAuthPort, externalMqttUrl, externalPassword, externalUser } from './env'
import { brokerAuthHandler, createBrokerPolicy, DEFAULT_TV_SECRET } from '../../../emulator/broker'
import { agentTopic, type VirtualTv } from '../../../emulator/directory'
import { TcpProxy } from './tcpProxy'
import { wsConnectSocket, type WsConnectLog } from './wsSocketTask'
import { browserTvCode } from '../../../src/platform/tvCode/browser'

/**
 * The TV link's world for integration tests: a broker (the embedded aedes one, or the external one
 * named by MQTT_URL, e.g. RabbitMQ Web-MQTT), virtual set-top boxes, a TCP relay on the phone's path,
 * a gateway stand-in for jarvisLogin/queryAgentTopic, and TvStores running real mqtt.js through the
 * app's socket adapter over a `ws`-backed SocketTask.
 */
export interface LinkStack {
  kind: 'aedes' | 'external'
  /** Whether the broker enforces the emulator's broker policy (aedes, or RabbitMQ with the HTTP auth backend). */
  policed: boolean
  directory: MemoryDirectory
  user: TvUser
  device: TvDevice
  tvTopic: string
  api: TvLinkApi & { lastCreds: JarvisCredentials | null; override: Partial<JarvisCredentials> | null; topicOverride: string | null }
  socketLog: WsConnectLog
  proxy: TcpProxy
  /** The broker's WebSocket URL as phones reach it (through the relay). */
  phoneUrl: string
  broker(): RunningBroker | null
  box(mac?: string): VirtualSetTopBox
  /** The stack's offline-TV switch (stack.setTvSilent): a TV that answers again announces itself. */
  setTvSilent(silent: boolean, mac?: string): void
  /** Every command the TV received (duplicates included), across broker restarts. */
  received(mac?: string): Envelope[]
  newStore(): TvStore
  /** A TV added to the directory now, its box connected (a broker with a connection per TV). */
  addTv(mac: string, name: string): Promise<VirtualTv>
  /** Publish as a third party (aedes: with no ACL in the way; external: as the stack's TV) (spoofing, junk). */
  inject(topic: string, payload: string): void
  /** Kill the embedded broker (and its set-top boxes) and start it again on the same port. */
  restartBroker(beforeStart?: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

function randomMac(): string {
  return randomBytes(6).toString('hex').toUpperCase()
}

export async function startLinkStack(): Promise<LinkStack> {
  const kind = externalMqttUrl ? 'external' : 'aedes'
  const directory = new MemoryDirectory()
  const uid = `u-${randomBytes(3).toString('hex')}`
  const user: TvUser = { uid, phone: '13800000001', nickName: '测试用户' }
  const mac = randomMac()
  const tv = directory.addTv(mac, '客厅电视')
  directory.bind(uid, mac)
  const device: TvDevice = { uid, mac: tv.mac, deviceName: tv.name, abilityString: 'ability', familyId: 'f-1' }
  // the user's own way into the TV (what the gateway's queryAgentTopic answers)
  const userTopic = agentTopic(tv.mac, uid)

  let broker: RunningBroker | null = null
  let settops: SetTops
  let transport: SettopTransport
  let targetPort: number
  let path: string
  const retired: VirtualSetTopBox[] = []
  let authServer: http.Server | null = null

  if (kind === 'aedes') {
    broker = await startBroker({ directory, wsPort: 0, tcpPort: 0 })
    transport = aedesTransport(broker.aedes)
    targetPort = broker.ports.ws
    path = '/mqtt'
  } else {
    const url = new URL(externalMqttUrl as string)
    if (externalAuthPort) {
      // RabbitMQ asks this server (its HTTP auth backend) about every phone and TV of this test.
      const handler = brokerAuthHandler(createBrokerPolicy(directory, DEFAULT_TV_SECRET))
      const server = http.createServer((req, res) => {
        if (!handler(req, res)) res.writeHead(404).end()
      })
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(externalAuthPort, '127.0.0.1', () => resolve())
      })
      authServer = server
      // Each box signs in as its TV (tv:{MAC} and that TV's secret), as a real box does: the broker
      // knows no other user.
      transport = perTvMqttTransport({ url: url.toString(), tvSecret: DEFAULT_TV_SECRET })
    } else {
      transport = await mqttTransport({
        url: url.toString(),
        username: externalUser,
        password: externalPassword,
        clientId: `settop-${randomBytes(4).toString('hex')}`,
      })
    }
    targetPort = Number(url.port)
    path = url.pathname
  }
  try {
    settops = await startSetTops({ directory, transport })
  } catch (e) {
    // a box that could not sign in: nothing of this stack may outlive the failed start
    await transport.close()
    authServer?.closeAllConnections()
    authServer?.close()
    throw e
  }
  const proxy = new TcpProxy(targetPort)
  await proxy.listen(0)
  const phoneUrl = `ws://127.0.0.1:${proxy.port}${path}`

  const api: LinkStack['api'] = {
    lastCreds: null,
    override: null,
    topicOverride: null,
    async jarvisLogin(input) {
      // The session is the directory's in every case: the set-top boxes answer only phones of the TV's
      // family. On an external broker without the HTTP auth backend the phone signs in as its guest.
      const s = directory.login(input.uid, input.phone)
      const creds: JarvisCredentials =
        kind === 'aedes'
          ? { cid: s.cid, appKey: s.appKey, sign: s.sign, clientTopic: s.clientTopic }
          : authServer
            ? { cid: s.cid, appKey: s.appKey, sign: s.sign, clientTopic: s.clientTopic }
            : { cid: s.cid, appKey: externalUser, sign: externalPassword, clientTopic: s.clientTopic }
      api.lastCreds = { ...creds, ...api.override }
      return api.lastCreds
    },
    async queryAgentTopic(macs) {
      if (api.topicOverride) return api.topicOverride
      const known = directory.allTvs().find((t) => t.mac.toLowerCase() === macs[0])
      return known ? agentTopic(known.mac, uid) : null
    },
  }

  const socketLog: WsConnectLog = { options: [], opened: 0, closed: 0 }
  const stores: TvStore[] = []
  const box = (m = mac): VirtualSetTopBox => {
    const b = settops.box(m)
    if (!b) throw new Error(`no TV ${m}`)
    return b
  }

  return {
    kind,
    policed: kind === 'aedes' || authServer !== null,
    directory,
    user,
    device,
    tvTopic: userTopic,
    api,
    socketLog,
    proxy,
    phoneUrl,
    broker: () => broker,
    box,
    setTvSilent(silent, m = mac) {
      if (!settops.setSilent(m, silent)) throw new Error(`no TV ${m}`)
    },
    received: (m = mac) => [
      ...retired.filter((b) => b.tv.mac === m).flatMap((b) => b.received),
      ...box(m).received,
    ],
    newStore() {
      const store = new TvStore({
        ...browserTvCode(),
        api,
        loadMqtt: loadMqttNow,
        url: phoneUrl,
        createWebsocket: createWebsocketFactory(wsConnectSocket(socketLog)),
      })
      stores.push(store)
      return store
    },
    async addTv(m, name) {
      const added = directory.addTv(m, name)
      await settops.attach(added.mac)
      return added
    },
    inject(topic, payload) {
      if (broker) {
        broker.aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          () => undefined,
        )
      } else {
        // as the stack's TV (on a policed broker the only publisher that may reach a phone of its family)
        transport.publish(topic, payload, mac)
      }
    },
    async restartBroker(beforeStart) {
      if (!broker) throw new Error('only the embedded broker can be restarted here')
      retired.push(...settops.boxes())
      await settops.close()
      await broker.close()
      await beforeStart?.()
      broker = await startBroker({ directory, wsPort: targetPort, tcpPort: 0 })
      transport = aedesTransport(broker.aedes)
      settops = await startSetTops({ directory, transport })
    },
    async close() {
      for (const s of stores) s.dispose()
      await proxy.kill()
      await settops.close()
      await broker?.close()
      if (authServer) {
        const server = authServer
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    },
  }
}
