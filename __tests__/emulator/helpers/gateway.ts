/** Starts the gateway emulator in-process on a free port with a fresh data dir, plus a real client. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO, startGateway, type GatewayOptions, type RunningGateway } from '../../../emulator/gateway'
import { createApi } from '../../../src/services/api'
import { simCode } from '../../../src/protocol/identity'
import { isGatewayError } from '../../../src/services/http/types'
import { createFetchTransport, createGatewayClient, type GatewayClientOptions, type Transport } from '../../../src/services/http'
import { aesCbcScheme } from '../../../src/protocol/codec'
import { devProvenPhone } from '../../../src/platform/bridge/dev'

/** The gateway's result code of a call: '000' when it succeeded, its error code when it refused. */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (isGatewayError(e)) return e.code
    throw e
  }
  return '000'
}

export const TEST_APP_KEY = 'emulator-test-app-key'

let codeSeq = 0
/** A fresh simulated wx.login code of WeChat user `name`, exchanged: openId, unionId and its wxTicket. */
export function provenIdentity(api: ReturnType<typeof createApi>, name: string) {
  return api.userCenter.getOpenIdUnionId({ code: simCode(name, Date.now(), `proof${String(++codeSeq).padStart(5, '0')}`) })
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tvc-gateway-'))
}

export async function startTestGateway(opts: GatewayOptions = {}): Promise<RunningGateway & { dataDir: string }> {
  const dataDir = opts.dataDir ?? tempDataDir()
  const gw = await startGateway({ port: 0, appKey: TEST_APP_KEY, ...opts, dataDir })
  return Object.assign(gw, { dataDir })
}

/**
 * A gateway for the whole test file: started before its tests, closed and its data folder removed
 * after them. Returns the running gateway (read it inside tests, not at module level).
 */
export function sharedTestGateway(opts: GatewayOptions = {}): () => RunningGateway & { dataDir: string } {
  let gw: (RunningGateway & { dataDir: string }) | null = null
  beforeAll(async () => {
    gw = await startTestGateway(opts)
  })
  afterAll(async () => {
    if (!gw) return
    await gw.close()
    fs.rmSync(gw.dataDir, { recursive: true, force: true })
  })
  return () => {
    if (!gw) throw new Error('the test gateway is not started yet (use it inside a test)')
    return gw
  }
}

export interface Exchange {
  path: string
  token: string
  status: number
  text: string
  /** Secret of the session when the request was sent ('' before login). */
  secret: string
}

/** A real client (fetch transport) over the gateway, recording every exchange. */
export function realClient(url: string, extra: Partial<GatewayClientOptions> = {}) {
  const session = { token: '', secret: '' }
  const toasts: string[] = []
  const exchanges: Exchange[] = []
  let sessionEnds = 0
  const fetchTransport = createFetchTransport()
  const transport: Transport = async (req) => {
    const secret = session.secret
    const res = await fetchTransport(req)
    exchanges.push({ path: new URL(req.url).pathname.slice(1), token: req.headers['UCS-TOKEN'] ?? '', status: res.status, text: res.text, secret })
    return res
  }
  const client = createGatewayClient({
    baseUrl: url,
    transport,
    session: { token: () => session.token, secret: () => session.secret, replaceToken: (from, to) => session.token === from && ((session.token = to), true) },
    notify: (m) => toasts.push(m),
    onSessionEnd: () => {
      sessionEnds++
      session.token = ''
      session.secret = ''
    },
    appKey: TEST_APP_KEY,
    appId: 'test-app',
    loadScheme: async () => aesCbcScheme,
    ...extra,
  })
  const api = createApi(client)
  return {
    client,
    api,
    session,
    toasts,
    exchanges,
    sessionEnds: () => sessionEnds,
    async login(phone = '13800000000') {
      // the bridge's proof of the number, as the dev bridge makes it (the gateway takes no bare phone)
      const r = await api.userCenter.mobileLogin(devProvenPhone(phone))
      session.token = r.token
      session.secret = r.secret
      return r.user
    },
  }
}

/** The demo family's owner and member, each a client logged in to the gateway at `url`. */
export async function demoFamily(url: string): Promise<{ owner: ReturnType<typeof realClient>; member: ReturnType<typeof realClient> }> {
  const owner = realClient(url)
  const member = realClient(url)
  await owner.login(DEMO.phone)
  await member.login(DEMO.memberPhone)
  return { owner, member }
}
