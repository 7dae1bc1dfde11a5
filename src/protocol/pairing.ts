/**
 * Pairing a phone with a TV (local-stack extension of mc/user/bindDevice): binding any TV, owned or
 * not, proves presence at it with the 8-digit code it shows, and a QR code that carries the TV's mac
 * and that code. The app always sends the code as bindDevice's optional `pairCode`; a gateway that
 * does not ask for one ignores it. The person at the TV can always ask it for a fresh code
 * (换一个配对码), which binds at once (emulator/pairing.ts).
 * 8 digits, so that the guesses a TV takes from all accounts together
 * (emulator/pairing.ts) find its code with a chance below 1 in 100,000 a day.
 *
 *   QR text: tvc://bind?mac=AC3B7F0E1001&code=12345678
 */
export const PAIR_CODE_DIGITS = 8
export const PAIR_CODE_RE = /^\d{8}$/
const QR_PREFIX = 'tvc://bind?'

/** The text of the TV's pairing QR code. */
export function bindQrText(mac: string, code: string): string {
  return `${QR_PREFIX}mac=${encodeURIComponent(mac)}&code=${encodeURIComponent(code)}`
}

/**
 * What a scanned text says: the TV's mac (12 hex digits, any separators) and, when present, its
 * pairing code. A bare mac is accepted too (a label on the box). Null for anything else.
 */
export function parseBindQr(text: string): { mac: string; code?: string } | null {
  const raw = text.trim()
  const macOf = (v: string | null) => {
    const hex = (v ?? '').replace(/[^0-9a-fA-F]/g, '')
    return hex.length === 12 && /^[0-9A-Fa-f:.\- ]+$/.test(v ?? '') ? hex.toUpperCase() : null
  }
  if (raw.startsWith(QR_PREFIX)) {
    const params = new URLSearchParams(raw.slice(QR_PREFIX.length))
    const mac = macOf(params.get('mac'))
    if (!mac) return null
    const code = params.get('code')
    return code && PAIR_CODE_RE.test(code) ? { mac, code } : { mac }
  }
  const mac = macOf(raw)
  return mac ? { mac } : null
}
