/**
 * The local admin token: the admin routes of the local stack (`/__emulator/*` on the gateway except
 * health, the set-top switches on the broker's HTTP port) move the clock, force failures and silence
 * TVs, so only someone who can read the data folder may call them. The token comes from
 * EMULATOR_ADMIN_TOKEN, else from `{dataDir}/admin-token` (created once, readable by its owner only),
 * and travels in the `x-emulator-admin-token` header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { IncomingMessage } from 'node:http'

export const ADMIN_TOKEN_HEADER = 'x-emulator-admin-token'
export const ADMIN_TOKEN_FILE = 'admin-token'
const TOKEN_RE = /^[0-9a-f]{32,128}$/

/** The data folder's admin token, created on first use. */
export function loadAdminToken(dataDir: string, fromEnv: string | undefined = process.env.EMULATOR_ADMIN_TOKEN): string {
  if (fromEnv) {
    if (!TOKEN_RE.test(fromEnv)) throw new Error('EMULATOR_ADMIN_TOKEN must be 32 to 128 lowercase hex digits')
    return fromEnv
  }
  const file = path.join(dataDir, ADMIN_TOKEN_FILE)
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    const kept = fs.readFileSync(file, 'utf8').trim()
    if (TOKEN_RE.test(kept)) return kept
    throw new Error(`${file} does not hold an admin token (32 to 128 lowercase hex digits); delete it to get a new one`)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const token = randomBytes(16).toString('hex')
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' })
  return token
}

/** Whether the request carries the admin token (compared in constant time). */
export function hasAdminToken(req: IncomingMessage, token: string): boolean {
  const sent = req.headers[ADMIN_TOKEN_HEADER]
  if (typeof sent !== 'string') return false
  const a = Buffer.from(sent)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Headers for a caller of the admin routes (tests, scripts). */
export function adminHeaders(token: string): Record<string, string> {
  return { [ADMIN_TOKEN_HEADER]: token }
}
