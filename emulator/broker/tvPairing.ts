/**
 * Pairing codes for a real set-top box (an external TV client, SETTOP=off): the local stack's
 * extension an operator's box uses to show the code and to give a fresh one when the person at the TV
 * asks for it (换一个配对码). On the broker's HTTP port, authenticated as the TV the way it connects
 * to the broker (HTTP Basic, username `tv:{MAC12}`, password that TV's own secret, policy.ts):
 *
 *   GET  /tv/pairing   the code the TV shows now:            {mac, code, qr}
 *   POST /tv/pairing   a fresh code, binding at once (during a wait after strangers' guesses too):
 *                      {mac, code, qr}; 429 after the TV's daily number of fresh codes (../pairing.ts)
 *
 * A TV asks only for its own codes; a phone's credentials, a wrong secret or none get 401. The in-process
 * virtual boxes use the admin route `/__emulator/settop/{MAC}/pairing` instead (tests press the button).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import { bindQrText } from '../../src/protocol/pairing'
import type { BrokerDirectory } from '../directory'
import { TV_USERNAME_PREFIX, tvSecretFor } from './policy'

export const TV_PAIRING_PATH = '/tv/pairing'

/** The TV (12 upper-case hex digits) whose Basic credentials the request carries, or null. */
function tvOfRequest(req: IncomingMessage, directory: BrokerDirectory, master: string): string | null {
  const m = /^Basic ([A-Za-z0-9+/=]{1,512})$/.exec(String(req.headers.authorization ?? ''))
  if (!m) return null
  const text = Buffer.from(m[1], 'base64').toString('utf8')
  // the username itself has a colon (`tv:{MAC12}`); the secret (hex) has none
  const colon = text.lastIndexOf(':')
  const user = colon < 0 ? '' : text.slice(0, colon)
  const mac = user.startsWith(TV_USERNAME_PREFIX) ? user.slice(TV_USERNAME_PREFIX.length).toUpperCase() : ''
  if (!/^[0-9A-F]{12}$/.test(mac) || !directory.allTvs().some((t) => t.mac === mac)) return null
  const given = Buffer.from(text.slice(colon + 1))
  const want = Buffer.from(tvSecretFor(master, mac))
  return given.length === want.length && timingSafeEqual(given, want) ? mac : null
}

export function tvPairingRoute(directory: BrokerDirectory, master: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== TV_PAIRING_PATH) return false
    if (req.method !== 'GET' && req.method !== 'POST') return send(res, 405, { error: 'use GET or POST' })
    const mac = tvOfRequest(req, directory, master)
    if (!mac) return send(res, 401, { error: 'a TV asks with its broker credentials (tv:{MAC12} and its secret)' })
    const code = req.method === 'POST' ? directory.freshPairingCode?.(mac) : directory.pairingCode?.(mac)
    if (code === null) return send(res, 429, { error: 'this TV gave its fresh codes for today' })
    if (!code) return send(res, 404, { error: 'this gateway asks for no pairing code' })
    return send(res, 200, { mac, code, qr: bindQrText(mac, code) })
  }
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
  return true
}
