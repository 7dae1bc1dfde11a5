/**
 * The gateway emulator: `startGateway(options)` serves every contract entry on 127.0.0.1 with the
 * app's own codec, expiring tokens, persisted state and failure scenarios. See emulator/gateway/README.md.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { appKeyFromEnv } from '../config'
import { createCodec, type Codec } from '../../src/protocol/codec'
import { normalizeMac } from '../../src/protocol/mac'
import type { BrokerDirectory } from '../directory'
import { DEFAULT_SEED, generateCatalogue, type Catalogue } from '../data/catalogue'
import { initialState, type DbState } from '../db/state'
import { openDb, type Db } from '../db/store'
import { loadAdminToken } from '../adminToken'
import { createPairing } from '../pairing'
import { simPhoneProofs, type PhoneProofs, type UsedProofStore } from './phoneProof'
import type { LogBatch } from './context'
import { createDirectory } from './directory'
import { createEvents, type GatewayEvents } from './events'
import { handlers } from './handlers'
import { createClock, type EmulatorClock } from './clock'
import { createScenarios, type Scenarios } from './scenarios'
import { createListener } from './server'
import { createTokens, type Tokens } from './tokens'
import { isFinished } from '../data/finished'
import { createSchedule, type Schedule } from './schedule'
import { createReminders, type Reminders } from './reminders'
import { localWechatSender, type WechatSender } from './wechat'

export interface GatewayOptions {
  /** Always a loopback address; default 127.0.0.1. */
  host?: string
  /** Default 8787; 0 picks a free port (tests). */
  port?: number
  /** Where state is persisted; default emulator/.data (git-ignored). */
  dataDir?: string
  /** Catalogue seed (same seed, same programs). */
  seed?: number
  /** Body key before login; default TARO_APP_APP_KEY or the local key (../config). */
  appKey?: string
  /** Token lifetime; default 30 minutes. Tests use a short one so the refresh path runs for real. */
  tokenTtlMs?: number
  /** How long after expiry a token can still be refreshed; default 7 days. */
  refreshWindowMs?: number
  /** Delay of the `slow` scenario; default 20 s (past the client's 18 s timeout), at most 30 s. */
  slowMs?: number
  /** Origins allowed by CORS; default the H5 dev server http://127.0.0.1:10086 (and localhost). */
  corsOrigins?: string[]
  /** Token the admin routes ask for; default EMULATOR_ADMIN_TOKEN or `{dataDir}/admin-token` (adminToken.ts). */
  adminToken?: string
  now?: () => number
  codec?: Codec
  /**
   * The verifier of phone proofs (./phoneProof.ts): an operator's gateway puts its own here; default
   * the local stack's simulated proofs, their single use kept in the state file.
   */
  phoneProofs?: (deps: { now: () => number; used: UsedProofStore }) => PhoneProofs
  /**
   * The WeChat subscribe message sender (./wechat.ts): an operator's gateway points it at the real
   * subscribeMessage.send (`wechatApiSender`); default the local stack's stand-in, whose outbox the admin
   * route GET /__emulator/wechat/subscribe-messages shows.
   */
  wechatSender?: WechatSender
  /**
   * Reminders that came due while the gateway was not running fire at start; with true they wait for
   * `reminders.run()` (the stack runs it once its set-top boxes listen, so their banners reach them).
   */
  deferReminders?: boolean
}

export interface RunningGateway {
  /** Base URL with a trailing slash, e.g. http://127.0.0.1:8787/ */
  url: string
  port: number
  directory: BrokerDirectory
  scenarios: Scenarios
  /** onLocksChanged(listener): set-top boxes learn lock changes. */
  events: GatewayEvents
  catalogue: Catalogue
  tokens: Tokens
  /** The emulator's clock (tests move it to tomorrow; see clock.ts). */
  clock: EmulatorClock
  /** What the admin routes ask for in the `x-emulator-admin-token` header. */
  adminToken: string
  /** Live view of the persisted state (read it; change it only through requests). */
  state(): DbState
  /** Log batches logApi received (newest last). */
  logs: LogBatch[]
  /** The live schedule with the admin's changes (tests move and remove programmes). */
  schedule: Schedule
  /** Programme reminders (tests run them and await their sends). */
  reminders: Reminders
  /** Set-top box hook: a program watched on a TV lands in the history of every member of its family. */
  recordWatch(mac: string, programId: string, episodeIndex?: number, positionSec?: number): void
  close(): Promise<void>
}

export const DEFAULT_GATEWAY_PORT = 8787
export const DEFAULT_DATA_DIR = path.join(__dirname, '..', '.data')
export const DEFAULT_CORS_ORIGINS = ['http://127.0.0.1:10086', 'http://localhost:10086']

/** CORS origins from the environment: GATEWAY_CORS_ORIGINS (comma-separated), else the H5 dev server on H5_PORT. */
export function corsOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.GATEWAY_CORS_ORIGINS) return env.GATEWAY_CORS_ORIGINS.split(',').map((s) => s.trim())
  if (env.H5_PORT) return [`http://127.0.0.1:${env.H5_PORT}`, `http://localhost:${env.H5_PORT}`]
  return DEFAULT_CORS_ORIGINS
}

export async function startGateway(options: GatewayOptions = {}): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1'
  if (!/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(host)) throw new Error(`gateway listens on loopback only, not ${host}`)
  const clock = createClock(options.now ?? Date.now)
  const now = clock.now
  let listener: http.RequestListener = (_req, res) => {
    res.writeHead(503)
    res.end()
  }
  const server = http.createServer((req, res) => listener(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_GATEWAY_PORT, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`

  const cat = generateCatalogue(url, options.seed ?? DEFAULT_SEED)
  let db: Db
  let adminToken: string
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR
  try {
    db = openDb(dataDir, () => initialState(cat, now()), {
      now: now(),
      dailyTaskIds: new Set(cat.taskTemplates.filter((t) => t.daily).map((t) => t.id)),
      episodeDurations: (programId) => cat.programById.get(programId)?.episodes.map((e) => e.durationSec),
    })
    try {
      adminToken = options.adminToken ?? loadAdminToken(dataDir)
    } catch (e) {
      db.close()
      throw e
    }
  } catch (e) {
    // a state file this emulator cannot read: stop, never overwrite it
    await new Promise<void>((resolve) => server.close(() => resolve()))
    throw e
  }
  // the guesses at pairing codes are kept with the bindings, so a restart forgives none of them
  const pairing = createPairing(adminToken, now, {
    get: (mac) => db.state.pairing[mac],
    put: (mac, guesses) => {
      db.state.pairing[mac] = guesses
      db.touch()
    },
  })
  const usedProofs: UsedProofStore = {
    has: (proof) => Object.prototype.hasOwnProperty.call(db.state.phoneProofs, proof),
    add(proof, until, t) {
      for (const [p, u] of Object.entries(db.state.phoneProofs)) if (u < t) delete db.state.phoneProofs[p]
      db.state.phoneProofs[proof] = until
      db.touch()
    },
  }
  // a proof's age is measured on the wall clock the bridge stamped it with, not on the emulator's
  // switchable clock (a test that moved the server day forward still logs in with a fresh proof)
  const phoneProofs = (options.phoneProofs ?? ((d) => simPhoneProofs(d.now, d.used)))({ now: Date.now, used: usedProofs })
  const tokens = createTokens(db, {
    ttlMs: options.tokenTtlMs ?? 30 * 60_000,
    refreshWindowMs: options.refreshWindowMs ?? 7 * 86_400_000,
    now,
  })
  const scenarios = createScenarios()
  const events = createEvents()
  const logs: LogBatch[] = []
  const timers = new Set<NodeJS.Timeout>()
  const schedule = createSchedule(db, cat.channels, now)
  const local = options.wechatSender ? null : localWechatSender(() => db.state, () => db.touch(), now)
  const reminders = createReminders({
    db,
    cat,
    schedule,
    now,
    sender: options.wechatSender ?? (local as WechatSender),
    showOnTv: (mac, reminder) => events.emitReminder(mac, reminder),
    onClockMoved: clock.onMove,
  })
  if (!options.deferReminders) setImmediate(() => reminders.run())
  listener = createListener({
    db,
    cat,
    tokens,
    scenarios,
    events,
    logs,
    handlers,
    codec: options.codec ?? createCodec(),
    appKey: options.appKey ?? appKeyFromEnv(),
    corsOrigins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
    // the slow scenario never holds a socket longer than 30 s (and MAX_SLOW_PENDING at a time, server.ts)
    slowMs: Math.min(options.slowMs ?? 20_000, 30_000),
    now,
    clock,
    timers,
    adminToken,
    pairing,
    phoneProofs,
    schedule,
    reminders,
    wechatOutbox: local ? () => local.outbox() : undefined,
  })

  return {
    url,
    port,
    directory: createDirectory(db, cat, now, events, pairing, clock.onMove, schedule),
    scenarios,
    events,
    catalogue: cat,
    tokens,
    clock,
    adminToken,
    state: () => db.state,
    logs,
    schedule,
    reminders,
    recordWatch(mac, programId, episodeIndex = 1, positionSec = 0) {
      const m = normalizeMac(mac)
      const fam = Object.values(db.state.families).find((f) => f.mac === m)
      if (!fam || !cat.programById.has(programId)) return
      for (const uid of fam.members) {
        const list = (db.state.history[uid] ??= []).filter((h) => h.programId !== programId)
        const durations = cat.programById.get(programId)?.episodes.map((e) => e.durationSec) ?? []
        list.push({ programId, episodeIndex, positionSec, watchedAt: now(), mac: m, finished: isFinished(durations, episodeIndex, positionSec) })
        db.state.history[uid] = list
      }
      db.touch()
      db.flush()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t)
        timers.clear()
        reminders.close()
        db.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export { simPhoneProofs, type PhoneProofs } from './phoneProof'
export { SCENARIO_HEADER, SCENARIO_NAMES, type ScenarioName, type Scenarios } from './scenarios'
export { DEMO } from '../db/state'
