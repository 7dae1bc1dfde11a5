import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SetTops, VirtualSetTopBox } from './index'
import { ADMIN_TOKEN_HEADER, hasAdminToken } from '../adminToken'
import { bindQrText } from '../../src/protocol/pairing'

/**
 * Admin routes on the broker's HTTP port (127.0.0.1 only), for e2e tests and manual play:
 *   GET  /__emulator/settop                 every set-top box created so far, with its play state,
 *                                           its search field (`search`: focused, text, submitted) and
 *                                           the programme reminder banner while it shows (`reminder`:
 *                                           programId, channel, title, startsAt, ..., its text)
 *   POST /__emulator/settop/{MAC}/silent    the TV stops answering (offline TV)
 *   POST /__emulator/settop/{MAC}/online    the TV answers again   (DELETE .../silent does the same)
 *   GET  /__emulator/settop/{MAC}/pairing   what the TV's screen shows for pairing: {mac, code, qr}
 *   POST /__emulator/settop/{MAC}/pairing   the person at the TV asks for a fresh code (换一个配对码):
 *                                           {mac, code, qr}, binding at once (../pairing.ts); 429 after
 *                                           the TV's daily number of fresh codes
 * 404 for a TV the directory does not know; 503 when the boxes are off (SETTOP=off); 401 without the
 * local admin token (../adminToken.ts).
 */
export const SETTOP_ADMIN_PATH = '/__emulator/settop'

export function settopAdmin(
  settops: SetTops | null,
  adminToken: string,
  pairingCode?: (mac: string) => string | undefined,
  freshPairingCode?: (mac: string) => string | null | undefined,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== SETTOP_ADMIN_PATH && !url.pathname.startsWith(`${SETTOP_ADMIN_PATH}/`)) return false
    if (!hasAdminToken(req, adminToken)) return send(res, 401, { error: `admin routes need the ${ADMIN_TOKEN_HEADER} header` })
    if (!settops) return send(res, 503, { error: 'set-top boxes are off (SETTOP=off)' })
    if (req.method === 'GET' && url.pathname === SETTOP_ADMIN_PATH) {
      return send(
        res,
        200,
        settops.boxes().map((b) => ({
          mac: b.tv.mac,
          topic: b.tv.topic,
          silent: b.silent,
          state: b.state,
          // the TV's search field (手机输入), so the e2e reads what was typed
          search: b.searchField.snapshot(),
          // the program it plays (episode, position on the stack's clock), or null
          playback: b.playback(),
          // minors' mode (the type 87 field) and what the box shows (a stop's message, the rest reminder)
          minors: b.minorsView(),
          message: b.screenMessage(),
          // the programme reminder banner while it shows (30 s), with its text
          reminder: reminderOf(b),
          received: b.received.length,
          duplicates: b.duplicates,
        })),
      )
    }
    const pairing = /^\/__emulator\/settop\/([^/]+)\/pairing$/.exec(url.pathname)
    if (pairing && (req.method === 'GET' || req.method === 'POST')) {
      const box = settops.box(decodeURIComponent(pairing[1]))
      if (!box) return send(res, 404, { error: `unknown TV ${pairing[1]}` })
      const ask = req.method === 'POST' ? freshPairingCode : pairingCode
      if (!ask) return send(res, 404, { error: 'this gateway asks for no pairing code' })
      const code = ask(box.tv.mac)
      if (code === null) return send(res, 429, { error: 'this TV gave its fresh codes for today; its code binds again after the wait' })
      if (!code) return send(res, 404, { error: 'this gateway asks for no pairing code' })
      return send(res, 200, { mac: box.tv.mac, code, qr: bindQrText(box.tv.mac, code) })
    }
    const m = /^\/__emulator\/settop\/([^/]+)\/(silent|online)$/.exec(url.pathname)
    if (!m) return send(res, 404, { error: 'not found' })
    const [, mac, what] = m
    let silent: boolean
    if (req.method === 'POST') silent = what === 'silent'
    else if (req.method === 'DELETE' && what === 'silent') silent = false
    else return send(res, 405, { error: 'method not allowed' })
    if (!settops.setSilent(decodeURIComponent(mac), silent)) return send(res, 404, { error: `unknown TV ${mac}` })
    return send(res, 200, { mac: decodeURIComponent(mac), silent })
  }
}

function reminderOf(b: VirtualSetTopBox) {
  const r = b.reminderShown()
  return r ? { programId: r.programId, channel: r.channel, channelId: r.channelId, title: r.title, startsAt: r.startsAt, phase: r.phase, late: r.late, blocked: r.blocked, text: b.reminderText() } : null
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
  return true
}
