/**
 * The fault matrix's harness. Each case is one row: the fault, what should happen, what happened, and
 * pass/fail. Rows pass or fail on behaviour, never on timing; times are figures printed beside them.
 * Each row is a jest test (so a broken rule fails `npm run test:faults`) and is appended to
 * `.artifacts/faults/rows.jsonl`, which scripts/faults.mjs prints as the table.
 */
import fs from 'node:fs'
import { connect, type MqttClient } from 'mqtt'
import WebSocket from 'ws'
import { startStack, type Stack } from '../emulator/stack'
import { recordRow, type Outcome } from './rows'
import type { GatewayOptions } from '../emulator/gateway'
import { createApi, type Api } from '../src/services/api'
import { createFetchTransport, createGatewayClient } from '../src/services/http'
import { TransportError, type Transport } from '../src/services/http/types'
import { createWebsocketFactory } from '../src/platform/socket/taroWebSocket'
import { memoryStorage } from '../src/platform/memoryStorage'
import type { KeyValueStorage } from '../src/platform/storage'
import { loadMqttNow } from '../src/platform/mqtt/node'
import { locksOf } from '../src/features/locks/store/lockStore'
import type { TvLinkApi } from '../src/services/tv/types'
import { RootStore } from '../src/stores/app/root'
import { Session } from '../src/stores/app/session'
import { termsVersion } from '../src/config'
import { realClient, TEST_APP_KEY, tempDataDir } from '../__tests__/emulator/helpers/gateway'
import { wsConnectSocket } from '../__tests__/tv/helpers/wsSocketTask'
import { aesCbcScheme } from '../src/protocol/codec'
import { browserTvCode } from '../src/platform/tvCode/browser'
import { devProvenPhone } from '../src/platform/bridge/dev'

function tvLinkApi(api: Api): TvLinkApi {
  return {
    jarvisLogin: (input) => api.jarvis.jarvisLogin(input),
    queryAgentTopic: async (macs) => (await api.jarvis.queryAgentTopic(macs))?.[0]?.topic ?? null,
  }
}

export type { Outcome }

/** One row of the matrix: a jest test whose outcome is also written for the table. */
export function row(group: string, fault: string, expected: string, run: () => Promise<Outcome>, timeoutMs = 30_000): void {
  it(`${group}: ${fault}`, async () => {
    let outcome: Outcome
    try {
      outcome = await run()
    } catch (e) {
      outcome = { happened: `threw: ${e instanceof Error ? e.message : String(e)}`, pass: false }
    }
    recordRow(group, fault, expected, outcome)
    if (!outcome.pass) throw new Error(`${fault}: expected ${expected}; happened: ${outcome.happened}`)
  }, timeoutMs)
}

/** Polls `check` until true or `timeoutMs`; resolves the elapsed ms, or null when it never held. */
export async function within(check: () => boolean, timeoutMs = 5_000): Promise<number | null> {
  const t0 = Date.now()
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) return null
    await new Promise((r) => setTimeout(r, 5))
  }
  return Date.now() - t0
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A gateway call's answer as a row prints it: '000', or the refusal's code (or the error). */
export const answer = (p: Promise<unknown>) => p.then(() => '000', (e: { code?: string }) => String(e.code ?? e))

export type GatewayAccount = { client: ReturnType<typeof realClient>; uid: string }

/** A logged-in gateway client of `phone` (the bridge's proof, as the dev bridge makes it). */
export async function account(world: World, phone: string): Promise<GatewayAccount> {
  const client = realClient(world.stack.gatewayUrl)
  const user = await client.login(phone)
  return { client, uid: user.uid }
}

/** A phone running the app's real stores and request client against the local stack. */
export interface Phone {
  root: RootStore
  /** The phone's storage (pass it to world.phone again for a relaunch of the same phone). */
  storage: KeyValueStorage
  api: Api
  session: Session
  /** What the client told the user (toasts). */
  toasts: string[]
  /** Contract paths the phone called, in order. */
  calls: string[]
  /** The next answer to `path` is lost after the gateway sent it (the phone sees a time-out). */
  loseNextAnswerOf(path: string): void
}

export interface World {
  stack: Stack
  /** The gateway's data folder (its state file). */
  dataDir: string
  /**
   * A phone signed in by the login card's path; with `relaunch` (and the storage of an earlier phone),
   * the app's launch instead (start(): a saved session is kept, no new login).
   */
  phone(number?: string, opts?: { timeoutMs?: number; storage?: KeyValueStorage; relaunch?: boolean }): Promise<Phone>
  close(): Promise<void>
}

export async function startWorld(gateway: Partial<GatewayOptions> = {}): Promise<World> {
  const dataDir = tempDataDir()
  const stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, gateway: { appKey: TEST_APP_KEY, ...gateway } })
  const roots: RootStore[] = []
  return {
    stack,
    dataDir,
    async phone(number = '13800000000', opts = {}) {
      const storage = opts.storage ?? memoryStorage({ 'tvc.consent': { version: termsVersion, acceptedAt: 1 } })
      const session = new Session(storage)
      const toasts: string[] = []
      const calls: string[] = []
      const fetchTransport = createFetchTransport()
      let lose: string | null = null
      const transport: Transport = async (req) => {
        const path = new URL(req.url).pathname.slice(1)
        calls.push(path)
        const res = await fetchTransport(req)
        if (path === lose) {
          lose = null
          throw new TransportError('the answer was lost', 'timeout')
        }
        return res
      }
      const client = createGatewayClient({
        baseUrl: stack.gatewayUrl,
        transport,
        session,
        notify: (m) => toasts.push(m),
        onSessionEnd: () => session.end(),
        appKey: TEST_APP_KEY,
        appId: 'tvc-local-app',
        loadScheme: async () => aesCbcScheme,
        ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      })
      const api = createApi(client)
      const root = new RootStore({
        api,
        storage,
        session,
        getPhone: async () => devProvenPhone(number),
        tvLinkDeps: { ...browserTvCode(), api: tvLinkApi(api), loadMqtt: loadMqttNow, url: stack.mqttUrl, createWebsocket: createWebsocketFactory(wsConnectSocket()) },
        tracking: () => ({ pageView: () => undefined, click: () => undefined, expose: () => undefined }),
      })
      roots.push(root)
      if (opts.relaunch) await root.start()
      else {
        const signedIn = await root.signIn()
        if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.message}`)
      }
      return { root, storage, api, session, toasts, calls, loseNextAnswerOf: (path) => void (lose = path) }
    },
    async close() {
      for (const r of roots) r.dispose()
      await stack.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A raw MQTT phone's connection with jarvisLogin's credentials, over WebSocket like the app's link
 * (mqtt.js caches its transport table per JS context on the first connect), subscribed to its own
 * topic: every envelope it receives, parsed, in `replies`; `closed()` once the broker closed it.
 */
export async function connectRawPhone(
  mqttUrl: string,
  creds: { cid: string; appKey: string; sign: string; clientTopic: string[] },
): Promise<{ c: MqttClient; replies: Array<Record<string, any>>; closed: () => boolean }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const c: MqttClient = connect(mqttUrl, {
    clientId: creds.cid,
    username: creds.appKey,
    password: creds.sign,
    reconnectPeriod: 0,
    forceNativeWebSocket: true,
    createWebsocket: (url: string, protocols: string[]) => new WebSocket(url, protocols),
  })
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve())
    c.once('error', reject)
  })
  const replies: Array<Record<string, any>> = [] // eslint-disable-line @typescript-eslint/no-explicit-any
  await c.subscribeAsync(creds.clientTopic[0], { qos: 1 })
  c.on('message', (_t, p) => replies.push(JSON.parse(p.toString())))
  let closed = false
  c.on('close', () => (closed = true))
  return { c, replies, closed: () => closed }
}

/**
 * A world whose demo phone has turned the living-room TV's child lock on (password 1234) and seen the
 * TV report child mode; `close` lets the loads the mode change started land before the stack goes.
 */
export async function startChildWorld(): Promise<{ world: World; child: Phone; close: () => Promise<void> }> {
  const world = await startWorld()
  const child = await world.phone()
  const locks = locksOf(child.root)
  await locks.load()
  const on = await locks.set('childLock', true, '1234')
  if (!on.ok) throw new Error(`child lock not set: ${on.message}`)
  if ((await within(() => child.root.childMode, 10_000)) === null) throw new Error('the TV never reported child mode')
  return {
    world,
    child,
    close: async () => {
      await child.root.showHome()
      await sleep(300)
      await world.close()
    },
  }
}
