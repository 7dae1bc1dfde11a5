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

/** No HTTP response at all: DNS, refused, reset, dropped, aborted, timed out. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly reason: 'network' | 'timeout' | 'aborted' = 'network',
  ) {
    super(message)
    this.name = 'TransportError'
  }
}

/** Session credentials, owned (and persisted) by the user store. */
export interface SessionPort {
  /** UCS-TOKEN ('' when logged out). */
  token(): string
  /** Body key after login ('' when logged out: the app key is used). */
  secret(): string
  /** Called with the new token after a successful refresh. */
  setToken(token: string): void
}

/** What kind of failure reached the caller (network failures never do: they become empty results). */
export type GatewayErrorKind =
  /** resultCode other than '000' (message: the server's resultMsg). */
  | 'server'
  /** HTTP status other than 200 (e.g. 5xx). */
  | 'http'
  /** Malformed JSON or data that does not decrypt. */
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

export function isGatewayError(e: unknown): e is GatewayError {
  return e instanceof GatewayError
}
