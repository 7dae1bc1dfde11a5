/**
 * The gateway's HTTP core: CORS, the admin routes, the generated assets, and every contract entry
 * (scenario -> token check -> decrypt + validate -> handler -> encrypt -> persist).
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { contractEntries, type DomainName } from '../../src/protocol/contract'
import type { Endpoint } from '../../src/protocol/contract/endpoint'
import { validate } from '../../src/protocol/contract/schema'
import { CodecError, type Codec } from '../../src/protocol/codec'
import type { Catalogue } from '../data/catalogue'
import type { EmulatorClock } from './clock'
import type { Db } from '../db/store'
import { DEMO } from '../db/state'
import { admitRequest } from '../origin'
import { assetFor } from './assets'
import { depthOf, MAX_DEPTH, overLimit, unknownFields } from './strict'
import { EmuError, fail, type AllHandlers, type Handler, type HandlerCtx, type LogBatch } from './context'
import type { GatewayEvents } from './events'
import { effectOf, isScenarioName, SCENARIO_HEADER, type ScenarioEffect, type Scenarios } from './scenarios'
import type { Tokens } from './tokens'
import type { Pairing } from '../pairing'
import type { PhoneProofs } from './phoneProof'
import type { Reminders } from './reminders'
import { ScheduleChangeError, type Schedule } from './schedule'
import { ADMIN_TOKEN_FILE, ADMIN_TOKEN_HEADER, hasAdminToken } from '../adminToken'
import { avatarUpload } from '../../src/protocol/identity'
import { handleAvatarUpload, serveUpload } from './upload'
import { userInfoOf } from './handlers/shared'
import { emulatorStrings } from '../strings'

export interface ServerDeps {
  db: Db
  cat: Catalogue
  tokens: Tokens
  scenarios: Scenarios
  events: GatewayEvents
  logs: LogBatch[]
  handlers: AllHandlers
  codec: Codec
  appKey: string
  corsOrigins: readonly string[]
  /** Every admin route but health asks for it (adminToken.ts). */
  adminToken: string
  pairing: Pairing
  phoneProofs: PhoneProofs
  slowMs: number
  now: () => number
  /** The switchable clock behind `now` (admin route /__emulator/clock). */
  clock: EmulatorClock
  /** Pending slow answers, cleared on close. */
  timers: Set<NodeJS.Timeout>
  schedule: Schedule
  reminders: Reminders
  /** The local WeChat stand-in's outbox (gateway/wechat.ts); absent when an operator's sender is set. */
  wechatOutbox?: () => unknown[]
}

interface Route {
  domain: DomainName
  name: string
  endpoint: Endpoint
  handler: Handler<Endpoint>
}

const MAX_BODY = 1 << 20
/**
 * Answers the `slow` scenario holds at once; more are answered 503 at once. A slow answer holds its
 * socket for `slowMs` (20 s by default, past the client's 18 s timeout): without a bound, requests
 * naming it would hold sockets without end.
 */
export const MAX_SLOW_PENDING = 8
const ALLOWED_HEADERS = ['Content-Type', 'requestId', 'UCS-TOKEN', 'appId', SCENARIO_HEADER].join(', ')

export class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return reject(new BodyTooLarge(`body over ${MAX_BODY} bytes`))
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) {
        chunks.length = 0
        reject(new BodyTooLarge(`body over ${MAX_BODY} bytes`))
      } else chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

function cipherOf(endpoint: Endpoint, url: URL, body: string): string | null {
  if (endpoint.body === 'query') return url.searchParams.get('data')
  if (endpoint.body === 'form') return new URLSearchParams(body).get('data')
  try {
    const parsed = JSON.parse(body) as { data?: unknown }
    return typeof parsed.data === 'string' ? parsed.data : null
  } catch {
    return null
  }
}

export function createListener(deps: ServerDeps): RequestListener {
  const routes = new Map<string, Route>()
  for (const e of contractEntries()) {
    const domainHandlers = deps.handlers[e.domain] as unknown as Record<string, Handler<Endpoint>>
    routes.set(`/${e.endpoint.path}`, { domain: e.domain, name: e.name, endpoint: e.endpoint, handler: domainHandlers[e.name] })
  }

  function cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin
    if (origin && (deps.corsOrigins.includes(origin) || deps.corsOrigins.includes('*'))) {
      res.setHeader('Access-Control-Allow-Origin', origin)
      res.setHeader('Vary', 'Origin')
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
      res.setHeader('Access-Control-Max-Age', '600')
    }
  }

  async function admin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = `${req.method} ${url.pathname}`
    if (route === 'GET /__emulator/health') return sendJson(res, 200, { ok: true, url: deps.cat.baseUrl, demo: DEMO })
    if (!hasAdminToken(req, deps.adminToken)) return sendJson(res, 401, { error: `admin routes need the ${ADMIN_TOKEN_HEADER} header (the token is in the data folder's ${ADMIN_TOKEN_FILE} file)` })
    if (route === 'GET /__emulator/scenario') return sendJson(res, 200, { active: deps.scenarios.list() })
    if (route === 'DELETE /__emulator/scenario') {
      deps.scenarios.clear()
      return sendJson(res, 200, { active: [] })
    }
    if (route === 'POST /__emulator/scenario') {
      let body: { name?: unknown; times?: unknown; path?: unknown }
      try {
        body = JSON.parse(await readBody(req)) as typeof body
      } catch {
        return sendJson(res, 400, { error: 'JSON body {name, times?, path?} expected' })
      }
      if (body.name === 'none') deps.scenarios.clear()
      else if (isScenarioName(body.name)) {
        deps.scenarios.set(body.name, {
          times: typeof body.times === 'number' ? body.times : undefined,
          path: typeof body.path === 'string' ? body.path : undefined,
        })
      } else return sendJson(res, 400, { error: `unknown scenario ${String(body.name)}` })
      return sendJson(res, 200, { active: deps.scenarios.list() })
    }
    if (route === 'POST /__emulator/tokens/expire') {
      deps.tokens.expireAll()
      deps.db.flush()
      return sendJson(res, 200, { ok: true })
    }
    if (route === 'GET /__emulator/clock') return sendJson(res, 200, { now: deps.clock.now(), offsetMs: deps.clock.offsetMs })
    if (route === 'DELETE /__emulator/clock') {
      deps.clock.reset()
      return sendJson(res, 200, { now: deps.clock.now(), offsetMs: 0 })
    }
    if (route === 'POST /__emulator/clock') {
      let body: { advanceDays?: unknown; offsetMs?: unknown }
      try {
        body = JSON.parse(await readBody(req)) as typeof body
      } catch {
        return sendJson(res, 400, { error: 'JSON body {advanceDays} or {offsetMs} expected' })
      }
      try {
        if (typeof body.advanceDays === 'number') deps.clock.advanceDays(body.advanceDays)
        else if (typeof body.offsetMs === 'number') deps.clock.set(body.offsetMs)
        else return sendJson(res, 400, { error: 'JSON body {advanceDays} or {offsetMs} expected' })
      } catch (e) {
        return sendJson(res, 400, { error: (e as Error).message })
      }
      return sendJson(res, 200, { now: deps.clock.now(), offsetMs: deps.clock.offsetMs })
    }
    if (route === 'GET /__emulator/logs') return sendJson(res, 200, { batches: deps.logs })
    if (route === 'GET /__emulator/wechat/subscribe-messages') {
      if (!deps.wechatOutbox) return sendJson(res, 404, { error: "an operator's WeChat sender is set: no local outbox" })
      // what the local WeChat stand-in sent (errcode 0) and what it refused (43101, 47003, ...), oldest first
      const all = deps.wechatOutbox() as Array<{ errcode: number }>
      return sendJson(res, 200, { messages: all.filter((m) => m.errcode === 0), refused: all.filter((m) => m.errcode !== 0) })
    }
    if (route === 'GET /__emulator/schedule') return sendJson(res, 200, { changes: deps.schedule.changes() })
    if (route === 'DELETE /__emulator/schedule') {
      deps.schedule.clear()
      return sendJson(res, 200, { changes: [] })
    }
    if (route === 'POST /__emulator/schedule') {
      // a programme moved ({psId, shiftMin}) or taken off ({psId, remove: true}); reminders follow at once
      let body: { psId?: unknown; shiftMin?: unknown; remove?: unknown }
      try {
        body = JSON.parse(await readBody(req)) as typeof body
      } catch {
        return sendJson(res, 400, { error: 'JSON body {psId, shiftMin} or {psId, remove: true} expected' })
      }
      if (typeof body.psId !== 'string' || body.psId.length > 64) return sendJson(res, 400, { error: 'psId expected' })
      try {
        if (body.remove === true) deps.schedule.remove(body.psId)
        else if (typeof body.shiftMin === 'number') deps.schedule.move(body.psId, Math.round(body.shiftMin * 60_000))
        else return sendJson(res, 400, { error: 'JSON body {psId, shiftMin} or {psId, remove: true} expected' })
      } catch (e) {
        if (e instanceof ScheduleChangeError) return sendJson(res, 400, { error: e.message })
        throw e
      }
      return sendJson(res, 200, { changes: deps.schedule.changes(), programme: deps.schedule.find(body.psId)?.programme ?? null })
    }
    return sendJson(res, 404, { error: 'unknown admin route' })
  }

  async function contractCall(req: IncomingMessage, res: ServerResponse, url: URL, route: Route, effect: ScenarioEffect): Promise<void> {
    const { endpoint } = route
    if (effect.raw) {
      res.writeHead(effect.raw.status, { 'Content-Type': effect.raw.contentType })
      return void res.end(effect.raw.body)
    }
    if (req.method !== endpoint.method) return sendJson(res, 405, { resultCode: '1001', resultMsg: `use ${endpoint.method}`, data: null })
    const answer = (resultCode: string, resultMsg: string) => sendJson(res, 200, { resultCode, resultMsg, data: null })

    const token = String(req.headers['ucs-token'] ?? '')
    const found = token ? deps.tokens.lookup(token) : null
    if (token && !found) return answer('4011', '登录状态无效，请重新登录')
    if (effect.refuse) return answer(effect.refuse.resultCode, effect.refuse.resultMsg)
    const isRefresh = route.domain === 'userCenter' && route.name === 'refreshToken'
    if (endpoint.auth === 'token') {
      if (!found) return answer('401', '请先登录')
      // a token a refresh replaced (within its grace) is taken by a refresh only, like an expired one
      if (found.status === 'stale' || ((found.status === 'expired' || found.status === 'replaced') && !isRefresh)) return answer('401', '登录已过期')
    }
    const key = found ? found.rec.secret : deps.appKey

    let payload: unknown
    const cipher = cipherOf(endpoint, url, await readBody(req))
    if (cipher === null) return answer('1001', '缺少加密参数 data')
    try {
      payload = deps.codec.decode(cipher, key)
    } catch (e) {
      if (e instanceof CodecError) return answer('1002', '请求参数解密失败')
      throw e
    }
    if (depthOf(payload) > MAX_DEPTH) return answer('1001', `参数错误：嵌套超过 ${MAX_DEPTH} 层`)
    // every string, list and field name of a request is bounded (the contract's `max`, else the default)
    const over = overLimit(endpoint.request, payload)
    if (over) return answer('1001', `参数过长：${over}`)
    const unknown = unknownFields(endpoint.request, payload)
    if (unknown.length > 0) return answer('1001', `参数错误：未知字段 ${unknown.slice(0, 3).join(', ')}`)
    const problems = validate(endpoint.request, payload)
    if (problems.length > 0) return answer('1001', `参数错误：${problems.slice(0, 3).join('; ')}`)

    const envelope: Record<string, string> = {}
    const session = found?.rec ?? null
    const ctx: HandlerCtx = {
      db: deps.db,
      cat: deps.cat,
      tokens: deps.tokens,
      events: deps.events,
      logs: deps.logs,
      now: deps.now,
      pairing: deps.pairing,
      phoneProofs: deps.phoneProofs,
      schedule: deps.schedule,
      reminders: deps.reminders,
      session,
      user(uid) {
        if (endpoint.auth === 'token' && session && session.uid !== uid) fail('1004', '无权访问其他用户的数据')
        return deps.db.state.users[uid] ?? fail('1003', '用户不存在')
      },
      setEnvelope: (fields) => Object.assign(envelope, fields),
    }
    let data: unknown
    try {
      data = await route.handler(payload as never, ctx)
    } catch (e) {
      deps.db.flush()
      if (e instanceof EmuError) return answer(e.code, e.message)
      throw e
    }
    deps.db.flush()
    const wire = effect.garble ? randomBytes(40).toString('base64') : deps.codec.encode(data, key)
    sendJson(res, 200, { resultCode: '000', resultMsg: '成功', data: wire, ...envelope })
  }

  return (req, res) => {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://gateway.local')
    } catch {
      // e.g. `GET //`: no such URL (this once threw out of the listener and ended the process)
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
      return void res.end('Bad Request')
    }
    cors(req, res)
    if (!admitRequest(req, res, deps.corsOrigins)) return
    const run = async (): Promise<void> => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204)
        return void res.end()
      }
      if (url.pathname.startsWith('/__emulator/')) return admin(req, res, url)
      // the avatar upload (multipart, not an encrypted contract body) and the stored avatars
      if (url.pathname === `/${avatarUpload.path}`) {
        if (req.method !== 'POST') return sendJson(res, 405, { resultCode: '1001', resultMsg: 'use POST', data: null })
        return handleAvatarUpload(req, res, {
          db: deps.db,
          tokens: deps.tokens,
          now: deps.now,
          userInfo: (u) => userInfoOf({ cat: deps.cat }, u),
        })
      }
      if (req.method === 'GET' && serveUpload(deps.db, url.pathname, res)) return
      const route = routes.get(url.pathname)
      if (!route) {
        const asset = req.method === 'GET' ? assetFor(deps.cat, url.pathname) : null
        if (!asset) return sendJson(res, 404, { error: 'not found' })
        res.writeHead(200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600' })
        return void res.end(asset.body)
      }
      const header = req.headers[SCENARIO_HEADER]
      // a failure forced per request is the admin's tool like the session scenarios: without the admin
      // token the header is refused (anyone reaching the gateway could otherwise make it drop, garble
      // or hold any request)
      if (header !== undefined && !hasAdminToken(req, deps.adminToken)) {
        return sendJson(res, 401, { error: `the ${SCENARIO_HEADER} header needs the ${ADMIN_TOKEN_HEADER} header (the token is in the data folder's ${ADMIN_TOKEN_FILE} file)` })
      }
      const effect = effectOf(deps.scenarios.take(route.endpoint.path, Array.isArray(header) ? header[0] : header))
      if (effect.drop) return void req.socket.destroy()
      if (effect.delay && deps.timers.size >= MAX_SLOW_PENDING) {
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
        return void res.end('Service Unavailable')
      }
      if (effect.delay) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            deps.timers.delete(t)
            resolve()
          }, deps.slowMs)
          deps.timers.add(t)
        })
        if (req.socket.destroyed) return
      }
      return contractCall(req, res, url, route, effect)
    }
    run().catch((e: unknown) => {
      if (e instanceof BodyTooLarge) {
        if (!res.headersSent) res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
        res.end('Payload Too Large')
        req.resume()
        return
      }
      // the caller learns that it failed, never the internal error text (paths, library messages)
      console.error(`gateway: ${req.method} ${url.pathname} failed:`, e)
      if (!res.headersSent) sendJson(res, 200, { resultCode: '9999', resultMsg: emulatorStrings.serverError, data: null })
    })
  }
}
