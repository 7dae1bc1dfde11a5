/**
 * Shape of one contract entry. The wire format every entry shares (written once, here):
 *
 * Request
 *   headers  requestId: unique per request (a retry gets a new one)
 *            UCS-TOKEN: the session token ('' before login)
 *            appId:     only on `service: 'valueAdded'` entries
 *   payload  JSON of the request fields, encrypted by the codec with the key: the configured app key
 *            before login (no token), the `secret` mobileLogin returned after login.
 *            body 'json'  -> POST, Content-Type application/json, body {"data":"<cipher>"}
 *            body 'form'  -> POST, Content-Type application/x-www-form-urlencoded, body data=<cipher>
 *            body 'query' -> GET, query string ?data=<cipher>
 * Response (HTTP 200, application/json)
 *   { resultCode: string, resultMsg: string, data: <cipher string | plain value>, ...envelope }
 *   resultCode '000' = success. `data` is decrypted (same key as the request) only when it is a
 *   string longer than 10 characters; otherwise it is used as it is. Envelope fields (token, secret)
 *   are plain top-level fields.
 *   '401' / '4011': the token expired / is no longer valid: the client refreshes it once (refreshToken
 *   entry) and retries once. Other codes: see ERROR_CODES.
 */
import type { Infer, ObjS, Schema, Shape } from './schema'

export type BodyKind = 'json' | 'form' | 'query'
export type Domain =
  | 'userCenter'
  | 'jarvis'
  | 'desktop'
  | 'epg'
  | 'search'
  | 'live'
  | 'box'
  | 'other'
  | 'activity'
  | 'valueAdded'

// pure: nothing at run time reads the table (its keys type ErrorCode), so the app build drops it
export const ERROR_CODES = /* @__PURE__ */ Object.freeze({
  '000': 'success',
  '401': 'token expired: refresh once and retry once',
  '4011': 'token invalid (e.g. signed in elsewhere): refresh once and retry once',
  '1001': 'missing or invalid parameter',
  '1002': 'request payload could not be decrypted',
  '1003': 'not found',
  '1004': 'not allowed (e.g. the TV is not bound to this user)',
  '1005': 'the TV has an owner: the pairing code it shows is needed (missing, wrong or expired)',
  '2001': 'not enough points',
  '2002': 'already done (signed in today, task already received, ...)',
  '2003': 'out of stock',
  '2004': 'wrong lock password (the lock info says how many tries are left)',
  '2005': 'too many wrong lock passwords: wait (the lock info says how long, retryAfterSec)',
  '2006': 'invitation expired, used or unknown',
  '2007': "the TV's lock password is needed: its minors' mode or a lock is on (unbinding the TV ends them)",
  // programme reminders (../reminders.ts)
  '2008': 'too many upcoming reminders (50 per user)',
  '2009': 'the programme has already ended',
  '2010': 'a child may not watch the programme (child mode)',
  // WeChat identity (../identity.ts): wx.login code malformed or forged / used / expired; no valid wxTicket
  // from a code exchange (an openId alone gives nothing); an upload over its size limit
  '3001': 'bad code',
  '3002': 'code used',
  '3003': 'code expired',
  '3004': 'identity not proven',
  '3005': 'too large',
  '9999': 'server error',
})
export type ErrorCode = keyof typeof ERROR_CODES
/** Codes every token-authenticated entry may answer. */
export const AUTH_ERRORS: readonly ErrorCode[] = ['401', '4011']

export interface Endpoint<
  Req extends ObjS<Shape> = ObjS<Shape>,
  Res extends Schema = Schema,
  Env extends ObjS<Shape> | undefined = ObjS<Shape> | undefined,
> {
  readonly domain: Domain
  /** Gateway path relative to the configured gateway {host}. */
  readonly path: string
  readonly method: 'GET' | 'POST'
  readonly body: BodyKind
  /** 'valueAdded' adds the appId header. */
  readonly service: 'gateway' | 'valueAdded'
  /** 'token': needs a valid UCS-TOKEN (answers 401/4011 otherwise). 'none': callable before login. */
  readonly auth: 'none' | 'token'
  readonly request: Req
  /** Schema of the decrypted `data`. */
  readonly response: Res
  /** Extra plain top-level response fields (e.g. token, secret). */
  readonly envelope?: Env
  readonly errors: readonly ErrorCode[]
  /**
   * 'spec': method/payload given by SPEC 7; 'defined': SPEC shows only the path, fields are ours;
   * 'extension': a local-stack extension of the contract (no SPEC path at all).
   */
  readonly origin: 'spec' | 'defined' | 'extension'
  readonly doc: string
}

export type ReqOf<E> = E extends Endpoint<infer R, Schema, ObjS<Shape> | undefined> ? Infer<R> : never
export type ResOf<E> = E extends Endpoint<ObjS<Shape>, infer R, ObjS<Shape> | undefined> ? Infer<R> : never
export type EnvOf<E> = E extends Endpoint<ObjS<Shape>, Schema, infer V> ? (V extends ObjS<Shape> ? Infer<V> : object) : never

type Spec<Req extends ObjS<Shape>, Res extends Schema, Env extends ObjS<Shape> | undefined> = Omit<
  Endpoint<Req, Res, Env>,
  'method' | 'service' | 'auth' | 'errors' | 'body'
> &
  Partial<Pick<Endpoint<Req, Res, Env>, 'service' | 'auth' | 'errors' | 'body'>>

/**
 * Defines an entry; defaults: JSON body (POST), gateway service, token auth. `errors` lists the
 * entry's own codes; 401/4011 (token entries), 1001 and 9999 are added to every entry.
 */
export function endpoint<Req extends ObjS<Shape>, Res extends Schema, Env extends ObjS<Shape> | undefined = undefined>(
  spec: Spec<Req, Res, Env>,
): Endpoint<Req, Res, Env> {
  const body = spec.body ?? 'json'
  const auth = spec.auth ?? 'token'
  return {
    ...spec,
    body,
    method: body === 'query' ? 'GET' : 'POST',
    service: spec.service ?? 'gateway',
    auth,
    errors: [...(auth === 'token' ? AUTH_ERRORS : []), '1001', '9999', ...(spec.errors ?? [])],
  }
}
