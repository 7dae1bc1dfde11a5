/** @jest-environment node */
import fs from 'node:fs'
import { connect } from 'mqtt'
import WebSocket from 'ws'
import { DEFAULT_TV_SECRET, tvSecretFor } from '../../emulator/broker'
import { tvTopic } from '../../emulator/directory'
import { DEMO } from '../../emulator/gateway'
import { startStack, type Stack } from '../../emulator/stack'
import { createWebsocketFactory } from '../../src/platform/socket/taroWebSocket'
import { loadMqttNow } from '../../src/platform/mqtt/node'
import type { TvLinkApi } from '../../src/services/tv/types'
import { TvStore } from '../../src/stores/app/tvStore'
import { TEST_APP_KEY, realClient, tempDataDir } from '../emulator/helpers/gateway'
import { waitFor } from './helpers/wait'
import { wsConnectSocket } from './helpers/wsSocketTask'
import { adminHeaders } from '../../emulator/adminToken'
import { browserTvCode } from '../../src/platform/tvCode/browser'

const admin = (s: Stack) => adminHeaders(s.gateway.adminToken)

/**
 * The whole local stack: the gateway emulator hands out the broker credentials (jarvisLogin) and the
 * TV topic (queryAgentTopic) through the app's real api client; the app's TV store connects to the
 * embedded broker; the virtual set-top box answers; the admin switch makes it silent.
 */
jest.setTimeout(20_000)

let stack: Stack | null = null
let dataDir = ''
const stores: TvStore[] = []
afterEach(async () => {
  for (const s of stores.splice(0)) s.dispose()
  await stack?.close()
  stack = null
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function loggedIn(settop: boolean) {
  dataDir = tempDataDir()
  stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, settop, gateway: { appKey: TEST_APP_KEY } })
  const client = realClient(stack.gatewayUrl)
  const user = await client.login(DEMO.phone)
  const devices = await client.api.userCenter.queryBindDevice({ uid: user.uid })
  const api: TvLinkApi = {
    jarvisLogin: (args) => client.api.jarvis.jarvisLogin(args),
    queryAgentTopic: async (macs) => (await client.api.jarvis.queryAgentTopic(macs))?.[0]?.topic ?? null,
  }
  const store = new TvStore({
    ...browserTvCode(),
    api,
    loadMqtt: loadMqttNow,
    url: stack.mqttUrl,
    createWebsocket: createWebsocketFactory(wsConnectSocket()),
  })
  stores.push(store)
  return { stack, user, device: devices[0], store }
}

it('gateway credentials -> broker -> set-top box: online, keys round-trip, admin switch silences the TV', async () => {
  const { stack: s, user, device, store } = await loggedIn(true)
  store.setDevice(device, user)
  await waitFor(() => store.linkState === 'online', 'online via the gateway credentials')
  const v = store.tvMode.content.playState?.volume as number
  expect(store.sendKey('volumeUp').ok).toBe(true)
  await waitFor(() => store.tvMode.content.playState?.volume === v + 1, 'the key reply')

  const list = (await (await fetch(s.adminUrl, { headers: admin(s) })).json()) as Array<{ mac: string; received: number }>
  expect(list.find((b) => b.mac === device.mac)?.received).toBeGreaterThanOrEqual(3)

  const silent = await fetch(`${s.adminUrl}/${device.mac}/silent`, { method: 'POST', headers: admin(s) })
  expect(silent.status).toBe(200)
  store.resync()
  await waitFor(() => store.linkState === 'offline', 'offline after the admin switch')
  expect((await fetch(`${s.adminUrl}/${device.mac}/online`, { method: 'POST', headers: admin(s) })).status).toBe(200)
  store.resync()
  await waitFor(() => store.linkState === 'online', 'online again')
  expect((await fetch(`${s.adminUrl}/000000000000/silent`, { method: 'POST', headers: admin(s) })).status).toBe(404)

  expect(s.setTvSilent(device.mac, true)).toBe(true)
  store.resync()
  await waitFor(() => store.linkState === 'offline', 'offline after setTvSilent')
})

it('SETTOP=off: no boxes; an external TV client with TV credentials owns the TV topic', async () => {
  const { stack: s, user, device, store } = await loggedIn(false)
  expect(s.settops).toBeNull()
  expect((await fetch(s.adminUrl, { headers: admin(s) })).status).toBe(503)

  const topic = tvTopic(device.mac)
  const tvClient = connect(s.mqttUrl, {
    clientId: `tv-${device.mac}`,
    username: `tv:${device.mac}`,
    password: tvSecretFor(DEFAULT_TV_SECRET, device.mac),
    protocolVersion: 4,
    reconnectPeriod: 0,
    forceNativeWebSocket: true,
    createWebsocket: (url: string, protocols: string[]) => new WebSocket(url, protocols),
  })
  try {
    await new Promise<void>((resolve, reject) => {
      tvClient.once('connect', () => resolve())
      tvClient.once('error', reject)
    })
    // Another TV's topic is not this TV's to read.
    await expect(tvClient.subscribeAsync('tvc/tv/000000000000', { qos: 1 })).rejects.toThrow()
    // its topic and each user's way in below it (the level names the sender)
    await tvClient.subscribeAsync(`${topic}/#`, { qos: 1 })
    // The external TV answers like a set-top box would: echo the id, reply on the sender's topic, from
    // the topic the command came in on (the TV topic that phone knows).
    tvClient.on('message', (came, payload) => {
      const req = JSON.parse(payload.toString())
      const keyEvent = req.actionData.content.keyEvent
      const type = keyEvent === 'getCurrentScreenType' ? 32 : 87
      const content = type === 32 ? { code: 2 } : { lockCurrentStatus: 1, external: true }
      const from = req.actionData.from
      tvClient.publish(
        from.topic,
        JSON.stringify({
          sequenceId: req.sequenceId,
          ttsType: 0,
          tts: false,
          action: 'XMPP',
          JarvisID: device.mac,
          BananaID: device.mac,
          actionData: { type, content, from: { nickname: 'tv', topic: came, uid: '' }, persistent: 0, to: [{ jid: '', mac: '', nickname: from.nickname, topic: from.topic, uid: from.uid }] },
        }),
        { qos: 1 },
      )
    })
    store.setDevice(device, user)
    await waitFor(() => store.linkState === 'online', 'online with the external TV')
    expect(store.tvMode.content.external).toBe(true)
  } finally {
    await tvClient.endAsync(true)
  }
})
