/**
 * An in-memory gateway behind a Transport, for the client rule tests: it decodes each request with
 * the real codec (the key the client must have used) and answers what the test's script says.
 */
import { createCodec } from '../../../src/protocol/codec'

const defaultCodec = createCodec()
import type { Transport, TransportRequest } from '../../../src/services/http'

export const APP_KEY = 'test-app-key'
export const APP_ID = 'test-app-id'

export interface SeenRequest {
  url: string
  path: string
  method: string
  headers: Record<string, string>
  contentType: string
  /** How the payload travelled: 'json' | 'form' | 'query'. */
  bodyKind: 'json' | 'form' | 'query' | 'none'
  cipher: string
  raw: TransportRequest
}

export type Answer =
  | { resultCode: string; resultMsg?: string; data?: unknown; plainData?: unknown; extra?: Record<string, unknown> }
  | { status: number; text: string }
  | { networkError: true }
  | { never: true }

/** `keys` maps a token to its secret (the key its requests must be encrypted with). */
export function createFakeGateway(script: (req: SeenRequest, payload: unknown, key: string) => Answer | Promise<Answer>, keys: Record<string, string> = {}) {
  const seen: SeenRequest[] = []
  const transport: Transport = async (raw) => {
    const u = new URL(raw.url)
    const contentType = raw.headers['Content-Type'] ?? ''
    let cipher = ''
    let bodyKind: SeenRequest['bodyKind'] = 'none'
    if (raw.method === 'GET') {
      cipher = u.searchParams.get('data') ?? ''
      bodyKind = 'query'
    } else if (contentType.startsWith('application/json')) {
      cipher = (JSON.parse(raw.body ?? '{}') as { data: string }).data
      bodyKind = 'json'
    } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
      cipher = new URLSearchParams(raw.body ?? '').get('data') ?? ''
      bodyKind = 'form'
    }
    const token = raw.headers['UCS-TOKEN'] ?? ''
    const key = token ? (keys[token] ?? 'unknown-token-key') : APP_KEY
    const req: SeenRequest = { url: raw.url, path: u.pathname.slice(1), method: raw.method, headers: raw.headers, contentType, bodyKind, cipher, raw }
    seen.push(req)
    const payload = defaultCodec.decode(cipher, key)
    const answer = await script(req, payload, key)
    if ('never' in answer) return new Promise(() => undefined)
    if ('networkError' in answer) throw new TypeError('fetch failed')
    if ('status' in answer) return { status: answer.status, text: answer.text }
    const data = 'plainData' in answer ? answer.plainData : answer.data === undefined ? null : defaultCodec.encode(answer.data, key)
    return { status: 200, text: JSON.stringify({ resultCode: answer.resultCode, resultMsg: answer.resultMsg ?? '', data, ...answer.extra }) }
  }
  return { transport, seen }
}

/** A mutable session port. */
export function createSession(token = '', secret = '') {
  const s = {
    token,
    secret,
    port: {
      token: () => s.token,
      secret: () => s.secret,
      replaceToken: (from: string, to: string) => {
        if (s.token !== from) return false
        s.token = to
        return true
      },
    },
  }
  return s
}
