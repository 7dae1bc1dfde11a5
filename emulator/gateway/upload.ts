/**
 * The avatar upload (local-stack extension `avatarUpload` in src/protocol/identity.ts):
 * multipart/form-data with the session's UCS-TOKEN, at most 512 KB, the type by its first bytes,
 * metadata stripped; and the stored images served back with their checked type and nosniff.
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { avatarUpload } from '../../src/protocol/identity'
import type { Db } from '../db/store'
import type { UserRec } from '../db/state'
import { emulatorStrings } from '../strings'
import { cleanImage, EXT_OF } from './images'
import type { Tokens } from './tokens'

export interface UploadDeps {
  db: Db
  tokens: Tokens
  now: () => number
  /** The user's info as the contract answers it (absolute faceImg). */
  userInfo: (u: UserRec) => unknown
}

/** An avatar is at most this many pixels wide and high (decoded RGBA: 16 MiB at most). */
export const AVATAR_MAX_SIDE = 2048

/** Room for the multipart framing and the uid field around the file. */
const FRAMING_BYTES = 16 * 1024

class TooLarge extends Error {}

function readBuffer(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > max) return reject(new TooLarge())
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > max) {
        chunks.length = 0
        reject(new TooLarge())
      } else chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export interface Part {
  name: string
  filename?: string
  body: Buffer
}

/** The parts of a multipart/form-data body (RFC 7578); null when it is not one. */
export function parseMultipart(body: Buffer, contentType: string): Part[] | null {
  const m = /^multipart\/form-data;.*\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  if (!m) return null
  const delimiter = Buffer.from(`--${m[1] ?? m[2]}`)
  const parts: Part[] = []
  let at = body.indexOf(delimiter)
  if (at < 0) return null
  for (let guard = 0; guard < 16; guard++) {
    at += delimiter.length
    if (body.toString('latin1', at, at + 2) === '--') return parts
    if (body.toString('latin1', at, at + 2) !== '\r\n') return null
    const headerEnd = body.indexOf('\r\n\r\n', at + 2)
    if (headerEnd < 0) return null
    const headers = body.toString('utf8', at + 2, headerEnd)
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4)
    if (next < 0) return null
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? ''
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1]
    if (name === undefined) return null
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1]
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), body: body.subarray(headerEnd + 4, next) })
    at = next + 2
  }
  return null
}

function answer(res: ServerResponse, resultCode: string, resultMsg: string, data: unknown = null): void {
  const text = JSON.stringify({ resultCode, resultMsg, data })
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/** POST {avatarUpload.path}. */
export async function handleAvatarUpload(req: IncomingMessage, res: ServerResponse, deps: UploadDeps): Promise<void> {
  const found = deps.tokens.lookup(String(req.headers['ucs-token'] ?? ''))
  if (!found) return answer(res, '401', '请先登录')
  if (found.status !== 'valid') return answer(res, '401', '登录已过期')
  let body: Buffer
  try {
    body = await readBuffer(req, avatarUpload.maxBytes + FRAMING_BYTES)
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e
    req.resume()
    return answer(res, '3005', emulatorStrings.avatarTooLarge(avatarUpload.maxBytes / 1024))
  }
  const parts = parseMultipart(body, String(req.headers['content-type'] ?? ''))
  const file = parts?.find((p) => p.name === avatarUpload.field && p.filename !== undefined)
  if (!parts || !file || file.body.length === 0) return answer(res, '1001', emulatorStrings.avatarMissing)
  const uid = parts.find((p) => p.name === avatarUpload.uidField)?.body.toString('utf8') ?? found.rec.uid
  if (uid !== found.rec.uid) return answer(res, '1004', '无权修改其他用户的头像')
  if (file.body.length > avatarUpload.maxBytes) return answer(res, '3005', emulatorStrings.avatarTooLarge(avatarUpload.maxBytes / 1024))
  const clean = cleanImage(file.body)
  if (!clean) return answer(res, '1001', emulatorStrings.avatarType)
  // every family phone decodes it: no more pixels than an avatar needs, whatever the bytes
  const { width, height } = clean.size
  if (width < 1 || height < 1 || width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE) return answer(res, '1001', emulatorStrings.avatarPixels(AVATAR_MAX_SIDE))
  const user = deps.db.state.users[uid]
  if (!user) return answer(res, '1003', '用户不存在')
  // the id names this user's picture (the same bytes from two users are two records), so one
  // user's next upload never removes another's
  const id = createHash('sha256').update(`${uid}\n`).update(clean.bytes).digest('hex').slice(0, 32)
  const uploads = deps.db.state.uploads
  // one avatar per user: the one it replaces goes
  for (const [other, rec] of Object.entries(uploads)) if (rec.uid === uid && other !== id) delete uploads[other]
  uploads[id] = { uid, type: clean.type, data: clean.bytes.toString('base64'), createdAt: deps.now() }
  user.faceImg = `uploads/${id}.${EXT_OF[clean.type]}`
  deps.db.touch()
  deps.db.flush()
  answer(res, '000', '成功', deps.userInfo(user))
}

/** GET /uploads/{id}.{ext}: the stored image with its checked type; null when there is none. */
export function serveUpload(db: Db, pathname: string, res: ServerResponse): boolean {
  const m = /^\/uploads\/([0-9a-f]{32})\.(png|jpg|webp)$/.exec(pathname)
  const rec = m && Object.prototype.hasOwnProperty.call(db.state.uploads, m[1]) ? db.state.uploads[m[1]] : undefined
  if (!m || !rec || EXT_OF[rec.type] !== m[2]) return false
  const bytes = Buffer.from(rec.data, 'base64')
  res.writeHead(200, {
    'Content-Type': rec.type,
    'Content-Length': bytes.length,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
  res.end(bytes)
  return true
}
