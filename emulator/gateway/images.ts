/**
 * Uploaded images (issue 23): the type by the first bytes (PNG, JPEG, WebP; never the file name or
 * the declared type), and a copy without metadata (EXIF, XMP, text chunks, comments), so no location
 * or camera data leaves with an avatar. Anything that does not walk as its format is refused (null).
 */
import type { AvatarType } from '../../src/protocol/identity'

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export function sniffImage(b: Buffer): AvatarType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIG)) return 'image/png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** PNG chunks kept: what decoding needs (IHDR, PLTE, IDAT, IEND), transparency, colour rendering. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT'])

function stripPng(b: Buffer): Buffer | null {
  const out: Buffer[] = [PNG_SIG]
  let at = 8
  let ended = false
  while (at + 12 <= b.length) {
    const len = b.readUInt32BE(at)
    const type = b.toString('latin1', at + 4, at + 8)
    const end = at + 12 + len
    if (end > b.length || !/^[A-Za-z]{4}$/.test(type)) return null
    if (PNG_KEEP.has(type)) out.push(b.subarray(at, end))
    at = end
    if (type === 'IEND') {
      ended = true
      break
    }
  }
  return ended && out.length > 2 ? Buffer.concat(out) : null
}

/** JPEG: APP1..APP13, APP15 (EXIF, XMP, ICC, Photoshop/IPTC) and COM go; APP0 (JFIF) and APP14 (Adobe colour transform) stay. */
function stripJpeg(b: Buffer): Buffer | null {
  const out: Buffer[] = [b.subarray(0, 2)]
  let at = 2
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    if (marker === 0xd9) return Buffer.concat([...out, b.subarray(at, at + 2)])
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.push(b.subarray(at, at + 2))
      at += 2
      continue
    }
    const len = b.readUInt16BE(at + 2)
    const end = at + 2 + len
    if (len < 2 || end > b.length) return null
    if (marker === 0xda) {
      // start of scan: the entropy-coded data runs to EOI; it carries no metadata
      out.push(b.subarray(at))
      return Buffer.concat(out)
    }
    const metadata = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe
    if (!metadata) out.push(b.subarray(at, end))
    at = end
  }
  return null
}

/** WebP (RIFF): EXIF and XMP chunks go, and VP8X's flags for them are cleared. */
function stripWebp(b: Buffer): Buffer | null {
  const riffSize = b.readUInt32LE(4)
  if (riffSize + 8 > b.length || riffSize < 4) return null
  const chunks: Buffer[] = []
  let at = 12
  let image = false
  while (at + 8 <= riffSize + 8) {
    const type = b.toString('latin1', at, at + 4)
    const len = b.readUInt32LE(at + 4)
    const end = at + 8 + len + (len % 2)
    if (at + 8 + len > Math.min(b.length, riffSize + 8)) return null
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = Buffer.from(b.subarray(at, Math.min(end, b.length)))
      if (type === 'VP8X' && len >= 1) chunk[8] &= ~0x0c // EXIF (0x08) and XMP (0x04) flags
      chunks.push(chunk)
    }
    at = end
  }
  if (!image) return null
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(12)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length + 4, 4)
  head.write('WEBP', 8, 'latin1')
  return Buffer.concat([head, body])
}

/** The image's checked type and a copy without metadata; null when it is none of the three or broken. */
export function cleanImage(b: Buffer): { type: AvatarType; bytes: Buffer } | null {
  const type = sniffImage(b)
  if (!type) return null
  const bytes = type === 'image/png' ? stripPng(b) : type === 'image/jpeg' ? stripJpeg(b) : stripWebp(b)
  return bytes ? { type, bytes } : null
}

export const EXT_OF: Record<AvatarType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }
