/**
 * Uploaded images: the type by the first bytes (PNG, JPEG, WebP; never the file name or
 * the declared type), and a copy without metadata (EXIF, XMP, text chunks, comments), so no location
 * or camera data leaves with an avatar. Anything that does not walk as its format is refused (null).
 * The copy ends where the image ends (nothing after IEND, EOI or the RIFF size is kept), the
 * JPEG walk continues after each scan (metadata between or after scans goes too), and the pixel
 * dimensions are read from the header (IHDR, SOF, VP8X/VP8/VP8L) so an upload can be refused before any
 * phone decodes it.
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

/** The pixel size of an image as its header declares it. */
export interface Dimensions {
  width: number
  height: number
}

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
  // IHDR first (PNG 11.2.2), everything after IEND dropped
  return ended && out.length > 2 && b.toString('latin1', 12, 16) === 'IHDR' ? Buffer.concat(out) : null
}

function pngSize(b: Buffer): Dimensions {
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the frame's size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** The end of a scan's entropy-coded data: the next marker (0xFF not followed by 0x00 or a restart marker). */
function scanEnd(b: Buffer, from: number): number {
  for (let i = from; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) continue
    const next = b[i + 1]
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) return i
  }
  return -1
}

/**
 * JPEG: APP1..APP13, APP15 (EXIF, XMP, ICC, Photoshop/IPTC) and COM go; APP0 (JFIF) and APP14 (Adobe
 * colour transform) stay. After each scan the walk goes on (a progressive JPEG's later
 * tables and scans stay, metadata between them goes), it ends at EOI (nothing after it is kept), and
 * the frame header's size is read.
 */
function stripJpeg(b: Buffer): { bytes: Buffer; size: Dimensions } | null {
  const out: Buffer[] = [b.subarray(0, 2)]
  let size: Dimensions | null = null
  let at = 2
  while (at + 2 <= b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    if (marker === 0xd9) return size ? { bytes: Buffer.concat([...out, b.subarray(at, at + 2)]), size } : null
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.push(b.subarray(at, at + 2))
      at += 2
      continue
    }
    if (at + 4 > b.length) return null
    const len = b.readUInt16BE(at + 2)
    const end = at + 2 + len
    if (len < 2 || end > b.length) return null
    if (SOF.has(marker)) {
      if (len < 7) return null
      size = { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) }
    }
    if (marker === 0xda) {
      // start of scan: its entropy-coded data carries no metadata and runs to the next marker
      if (!size) return null
      const next = scanEnd(b, end)
      if (next < 0) return null
      out.push(b.subarray(at, next))
      at = next
      continue
    }
    const metadata = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe
    if (!metadata) out.push(b.subarray(at, end))
    at = end
  }
  return null
}

/** The canvas size of a WebP from its first chunk: VP8X's canvas, a VP8 key frame's or a VP8L header's size. */
function webpSize(type: string, data: Buffer): Dimensions | null {
  if (type === 'VP8X' && data.length >= 10) return { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1 }
  if (type === 'VP8 ' && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a) {
    return { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff }
  }
  if (type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = data.readUInt32LE(1)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  return null
}

/** WebP (RIFF): EXIF and XMP chunks go, and VP8X's flags for them are cleared; nothing past the RIFF size is kept. */
function stripWebp(b: Buffer): { bytes: Buffer; size: Dimensions } | null {
  const riffSize = b.readUInt32LE(4)
  if (riffSize + 8 > b.length || riffSize < 4) return null
  const chunks: Buffer[] = []
  let size: Dimensions | null = null
  let at = 12
  let image = false
  while (at + 8 <= riffSize + 8) {
    const type = b.toString('latin1', at, at + 4)
    const len = b.readUInt32LE(at + 4)
    const end = at + 8 + len + (len % 2)
    if (at + 8 + len > Math.min(b.length, riffSize + 8)) return null
    if (at === 12) size = webpSize(type, b.subarray(at + 8, at + 8 + len))
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = Buffer.from(b.subarray(at, Math.min(end, b.length)))
      if (type === 'VP8X' && len >= 1) chunk[8] &= ~0x0c // EXIF (0x08) and XMP (0x04) flags
      chunks.push(chunk)
    }
    at = end
  }
  if (!image || !size) return null
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(12)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length + 4, 4)
  head.write('WEBP', 8, 'latin1')
  return { bytes: Buffer.concat([head, body]), size }
}

/**
 * The image's checked type, its declared pixel size and a copy without metadata that ends where the
 * image ends; null when it is none of the three or broken.
 */
export function cleanImage(b: Buffer): { type: AvatarType; bytes: Buffer; size: Dimensions } | null {
  const type = sniffImage(b)
  if (!type) return null
  if (type === 'image/png') {
    const bytes = stripPng(b)
    return bytes ? { type, bytes, size: pngSize(bytes) } : null
  }
  const walked = type === 'image/jpeg' ? stripJpeg(b) : stripWebp(b)
  return walked ? { type, ...walked } : null
}

export const EXT_OF: Record<AvatarType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }
