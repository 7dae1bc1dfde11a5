/** The request client's seams: transport (platform), session (stores), notifier (UI toast). */

/** Aborting a request in flight (tiny, so it works where AbortSignal does not exist, e.g. WeChat). */
export interface AbortHook {
  onAbort(listener: () => void): void
}

export interface TransportRequest {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  /** Already serialised (JSON text or urlencoded form); absent for GET. */
  body?: string
  /** Upper bound the transport may apply itself; the client enforces its own timeout too. */
  timeoutMs: number
  abort: AbortHook
}

export interface TransportResponse {
  status: number
  /** Raw body text (the client parses JSON itself, to tell malformed JSON apart). */
  text: string
}

/** Sends one HTTP request. Rejects with TransportError when no HTTP response arrived. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>

/** No HTTP response at all: DNS, refused, reset, dropped, aborted, timed out; or nothing sent: the cipher's code did not load. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly reason: 'network' | 'timeout' | 'aborted' | 'cipher' = 'network',
  ) {
    super(message)
    this.name = 'TransportError'
  }
}

/** Session credentials, owned (and persisted) by the Session the composition root builds first. */
export interface SessionPort {
  /** UCS-TOKEN ('' when logged out). */
  token(): string
  /** Body key after login ('' when logged out: the app key is used). */
  secret(): string
  /**
   * A refresh that started from token `from` got token `to`. Applied only while the session still
   * holds `from`: a refresh started under one session never writes into another. Returns whether it
   * was applied.
   */
  replaceToken(from: string, to: string): boolean
}

/**
 * A call that got no HTTP response (SPEC 8: the client has shown the network toast and answered the
 * entry's empty result). The api layer raises it so the caller's own call says it was offline: a
 * load shows "offline" from its own result, never from what other requests did meanwhile.
 */
export class OfflineError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message)
    this.name = 'OfflineError'
  }
}

export function isOfflineError(e: unknown): e is OfflineError {
  return e instanceof OfflineError
}

/** What kind of failure reached the caller through the client (network failures come as Reply.offline). */
export type GatewayErrorKind =
  /** resultCode other than '000' (message: the server's resultMsg). */
  | 'server'
  /** HTTP status other than 200 (e.g. 5xx). */
  | 'http'
  /** Malformed JSON, data that does not decrypt, or a '000' answer that breaks the contract (code 'contract'). */
  | 'badResponse'
  /** 401/4011 after the one refresh + retry: the session was ended. */
  | 'sessionEnded'

export class GatewayError extends Error {
  constructor(
    readonly kind: GatewayErrorKind,
    /** resultCode, or the HTTP status as a string. */
    readonly code: string,
    message: string,
    readonly path: string,
  ) {
    super(message)
    this.name = 'GatewayError'
  }
}

/** A '000' answer whose data or envelope breaks the entry's contract schema: the problems say where. */
export class ContractError extends GatewayError {
  constructor(
    path: string,
    message: string,
    readonly problems: readonly string[],
  ) {
    super('badResponse', 'contract', message, path)
    this.name = 'ContractError'
  }
}

export function isGatewayError(e: unknown): e is GatewayError {
  return e instanceof GatewayError
}
