/** Wire format of one request and one response (see src/protocol/contract/endpoint.ts). */
import { net } from '../../strings'
import { shouldDecrypt, type Codec } from '../../protocol/codecCore'
import type { Endpoint } from '../../protocol/contract/endpoint'
import { GatewayError } from './types'

export const HEADER_REQUEST_ID = 'requestId'
export const HEADER_TOKEN = 'UCS-TOKEN'
export const HEADER_APP_ID = 'appId'
export const AUTH_FAILURE_CODES: readonly string[] = ['401', '4011']

export interface WireRequest {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
}

export interface RequestParts {
  baseUrl: string
  endpoint: Endpoint
  cipher: string
  requestId: string
  token: string
  appId: string
}

export function buildRequest(p: RequestParts): WireRequest {
  const headers: Record<string, string> = { [HEADER_REQUEST_ID]: p.requestId, [HEADER_TOKEN]: p.token }
  if (p.endpoint.service === 'valueAdded') headers[HEADER_APP_ID] = p.appId
  const url = `${p.baseUrl}${p.endpoint.path}`
  switch (p.endpoint.body) {
    case 'query':
      return { url: `${url}?data=${encodeURIComponent(p.cipher)}`, method: 'GET', headers }
    case 'form':
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      return { url, method: 'POST', headers, body: `data=${encodeURIComponent(p.cipher)}` }
    case 'json':
      headers['Content-Type'] = 'application/json'
      return { url, method: 'POST', headers, body: JSON.stringify({ data: p.cipher }) }
  }
}

export interface ParsedResponse {
  resultCode: string
  resultMsg: string
  data: unknown
  /** Top-level fields other than resultCode, resultMsg and data (token, secret, ...). */
  extras: Record<string, unknown>
}

/** Parses and decrypts; 401 (HTTP or resultCode) comes back as resultCode '401' for the caller. */
export function parseResponse(status: number, text: string, key: string, codec: Codec, path: string): ParsedResponse {
  if (status === 401) return { resultCode: '401', resultMsg: '', data: null, extras: {} }
  if (status < 200 || status >= 300) throw new GatewayError('http', String(status), net.serverError, path)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new GatewayError('badResponse', 'json', net.badResponse, path)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new GatewayError('badResponse', 'json', net.badResponse, path)
  }
  const { resultCode, resultMsg, data, ...extras } = body as Record<string, unknown>
  const code = typeof resultCode === 'string' ? resultCode : String(resultCode ?? '')
  const msg = typeof resultMsg === 'string' ? resultMsg : ''
  if (code !== '000') return { resultCode: code, resultMsg: msg, data: null, extras }
  let decoded: unknown = data
  if (shouldDecrypt(data)) {
    try {
      decoded = codec.decode(data, key)
    } catch {
      throw new GatewayError('badResponse', 'decrypt', net.badResponse, path)
    }
  }
  return { resultCode: code, resultMsg: msg, data: decoded, extras }
}
