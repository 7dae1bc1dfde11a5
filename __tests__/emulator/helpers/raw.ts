/**
 * Raw clients for the abuse cases (__tests__/emulator/abuse.test.ts and the fault matrix): requests
 * the app would never send, with any Host or Origin, any body, any MQTT CONNECT.
 */
import http from 'node:http'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { aesCbcScheme } from '../../../src/protocol/codec'
import type { Endpoint } from '../../../src/protocol/contract/endpoint'
import { TEST_APP_KEY } from './gateway'

/** Connects once (no reconnect) and resolves with the CONNACK outcome; `opened` gets the client. */
export function tryConnect(url: string, opts: IClientOptions, opened?: MqttClient[]): Promise<{ ok: boolean; code?: number; message?: string }> {
  return new Promise((resolve) => {
    const c = connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts })
    opened?.push(c)
    const done = (r: { ok: boolean; code?: number; message?: string }) => {
      if (!opened) c.end(true)
      resolve(r)
    }
    c.once('connect', () => done({ ok: true }))
    c.once('error', (e: Error & { code?: number }) => done({ ok: false, code: e.code, message: e.message }))
    c.once('close', () => done({ ok: false }))
  })
}

/** An encrypted contract call with any plaintext body (unknown fields, deep nesting). */
export async function rawCall(base: string, endpoint: Endpoint, plaintext: string, session: { token: string; secret: string }) {
  const cipher = aesCbcScheme().encrypt(plaintext, session.secret || TEST_APP_KEY)
  const res = await fetch(new URL(endpoint.path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'UCS-TOKEN': session.token },
    body: JSON.stringify({ data: cipher }),
  })
  const text = await res.text()
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { resultCode: string; resultMsg: string }) : null }
}

/** A raw HTTP request with any Host/Origin header (fetch forbids setting Host); resolves the status. */
export function rawHttp(url: string, headers: Record<string, string>, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}
