/**
 * WeChat identity and profile rules the phone and the gateway share.
 *
 * Simulated WeChat codes (local stack only): WeChat's wx.login gives a one-time code that the
 * operator's server exchanges (code2Session) for the openId. The local stack plays code2Session with
 * codes of the form `sim:{name}:{issuedAtMs}-{random}`: `name` (1-32 of a-z, A-Z, 0-9, _ and -) is the
 * simulated WeChat user, whose openId is `wx-open-{name}` (unionId `wx-union-{name}`); `issuedAtMs`
 * is when the simulated WeChat issued it (epoch ms; a code is valid for WX_CODE_TTL_MS), `random` 6-32
 * letters and digits. Each code is accepted once. Any simulated WeChat (the start-up check's realm,
 * tests, a developer's script) can play many users this way.
 */

/** A wx.login code is valid this long after it was issued (WeChat: 5 minutes). */
export const WX_CODE_TTL_MS = 5 * 60_000
/** A code "issued" further in the future than this (clock skew) is not one WeChat issued. */
export const WX_CODE_SKEW_MS = 60_000
/** The proof of a code exchange (wxTicket) is valid this long, and once. */
export const WX_TICKET_TTL_MS = 5 * 60_000

const SIM_CODE = /^sim:([A-Za-z0-9_-]{1,32}):(\d{13})-([A-Za-z0-9]{6,32})$/

export interface SimCode {
  name: string
  issuedAt: number
}

/** The parts of a simulated code, or null when it is not of the form. */
export function parseSimCode(code: string): SimCode | null {
  const m = SIM_CODE.exec(code)
  return m ? { name: m[1], issuedAt: Number(m[2]) } : null
}

/** A simulated code for WeChat user `name` (the random part from the caller). */
export function simCode(name: string, issuedAt: number, random: string): string {
  return `sim:${name}:${issuedAt}-${random}`
}

/**
 * Phone proofs (a local-stack extension of mobileLogin, beside SPEC 7's `phone`): the gateway logs a
 * phone in only with a proof it verified itself, that the number came from the operator app's bridge
 * or from WeChat's getPhoneNumber (emulator/gateway/phoneProof.ts, the one seam an operator replaces).
 * Each proof is accepted once, for PHONE_PROOF_TTL_MS. The local stack plays the bridge with proofs of
 * the form `sim-phone:{phone}:{issuedAtMs}-{random}` (`phone` 11 digits, `issuedAtMs` epoch ms,
 * `random` 6-32 letters and digits), like the simulated WeChat codes above: the dev bridge, tests and
 * scripts make them with `simPhoneProof`; the gateway's getSecretPhone answers one too.
 */
export const PHONE_PROOF_TTL_MS = 5 * 60_000
/** A proof "issued" further in the future than this (clock skew) is not one the bridge issued. */
export const PHONE_PROOF_SKEW_MS = 60_000
const SIM_PHONE_PROOF = /^sim-phone:(1\d{10}):(\d{13})-([A-Za-z0-9]{6,32})$/

/** The parts of a simulated phone proof, or null when it is not of the form. */
export function parseSimPhoneProof(proof: string): { phone: string; issuedAt: number } | null {
  const m = SIM_PHONE_PROOF.exec(proof)
  return m ? { phone: m[1], issuedAt: Number(m[2]) } : null
}

/** A simulated phone proof for `phone` (the random part from the caller: 6-32 letters and digits). */
export function simPhoneProof(phone: string, issuedAt: number, random: string): string {
  return `sim-phone:${phone}:${issuedAt}-${random}`
}

/** A phone number and the proof that it came from the bridge (or WeChat), as mobileLogin takes them. */
export interface ProvenPhone {
  phone: string
  phoneProof: string
}

export function simIdentity(name: string): { openId: string; unionId: string } {
  return { openId: `wx-open-${name}`, unionId: `wx-union-${name}` }
}

/** Nicknames: 1 to NICKNAME_MAX characters after trimming, no control characters. */
export const NICKNAME_MAX = 20

/** The nickname as it is saved (trimmed), or the reason it is refused. */
export function checkNickName(raw: string): { ok: true; value: string } | { ok: false; reason: 'empty' | 'long' | 'control' } {
  const value = raw.trim()
  if (!value) return { ok: false, reason: 'empty' }
  // C0, DEL, C1, and the invisible format characters that reorder or hide text
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(value)) return { ok: false, reason: 'control' }
  if ([...value].length > NICKNAME_MAX) return { ok: false, reason: 'long' }
  return { ok: true, value }
}

/**
 * The avatar upload (local-stack extension; multipart/form-data, not the encrypted JSON body):
 * POST with the UCS-TOKEN header, fields `uid` and `file` (at most 512 KB; PNG, JPEG or WebP by its
 * first bytes). The gateway strips EXIF and other metadata, stores the image, sets it as the user's
 * faceImg and answers {resultCode, resultMsg, data: userInfo} (plain JSON). The image is served with
 * its checked type and X-Content-Type-Options: nosniff. Refusals: 1001 (no file, or not an image of
 * those types), 3005 (over 512 KB), 1004 (another user's uid), 401 (no valid session).
 */
export const avatarUpload = Object.freeze({
  path: 'v5.0/user/upload/avatar',
  /** The file part's field name (wx.uploadFile `name`). */
  field: 'file',
  /** The other form field: whose avatar (must be the session's user). */
  uidField: 'uid',
  maxBytes: 512 * 1024,
  /** Types accepted, recognised by the file's first bytes (never by its name or declared type). */
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
})
export type AvatarType = (typeof avatarUpload.types)[number]
