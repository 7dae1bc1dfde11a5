/**
 * The one gateway request client (SPEC 5, 7, 8). Every call builds its own request from its
 * arguments; the client instance keeps only its injected dependencies, the shared refresh and a
 * requestId counter, never the current URL or body.
 *
 *   - headers requestId (new per request), UCS-TOKEN, appId on value-added entries
 *   - body encrypted with the app key before login, the session secret after; the IV from a secure
 *     source (SecureRandom), never Math.random: without one the call fails with SecureRandomError
 *   - timeout (18 s), enforced here with setTimeout so it holds on every transport
 *   - resultCode '000' = success; data decrypted only when a string longer than 10 characters
 *   - 401/4011 -> one shared refresh, one retry; 401 again, or the refresh refused (401/4011 on the
 *     refresh call) -> onSessionEnd(), GatewayError sessionEnded. A refresh that fails otherwise
 *     (5xx, malformed, another code, no token, no answer) keeps the session and reports that failure
 *   - no HTTP response (network, timeout) -> toast net.networkError, empty result of the entry's shape
 *   - other codes -> GatewayError with the server's message
 */
import { timeouts } from '../../config'
import { net } from '../../strings'
import { jsonCodec, type Codec, type RandomBytes, type SchemeFactory } from '../../protocol/codecCore'
import type { Endpoint, EnvOf, ReqOf, ResOf } from '../../protocol/contract/endpoint'
import { emptyValue, validate } from '../../protocol/contract/schema'
import { userCenter } from '../../protocol/contract/userCenter'
import { AUTH_FAILURE_CODES, buildRequest, parseResponse, type ParsedResponse } from './envelope'
import { createRefresher } from './refresh'
import { createRequestIdFactory } from './requestId'
import { webCryptoRandom, type SecureRandom } from './secureRandom'
import { ContractError, GatewayError, TransportError, type SessionPort, type Transport, type TransportResponse } from './types'

export interface GatewayClientOptions {
  /** Gateway {host}, with a trailing slash. */
  baseUrl: string
  transport: Transport
  session: SessionPort
  /** Shows a toast (network failures). */
  notify: (message: string) => void
  /** Called once when a session cannot be kept (401 after refresh + retry). */
  onSessionEnd: () => void
  /** Body key before login. */
  appKey: string
  /** appId header of value-added entries. */
  appId: string
  /**
   * Secure random bytes for the IVs (the platform seam: a pool over wx.getRandomValues on weapp);
   * default Web Crypto. A request waits for its bytes; without a source it fails with SecureRandomError.
   */
  random?: SecureRandom
  /**
   * The body cipher, one of the two (nothing here imports crypto-js, so a platform can load it later):
   * - `loadScheme`: loads the scheme's code on the first request (the app: src/platform/crypto; weapp
   *   fetches it from an async subpackage). Loaded once; a failed load fails that request like a
   *   network failure (toast net.cipherLoadError, the offline reply) and the next request tries again.
   * - `codec`: a ready codec (tests, benchmarks).
   */
  loadScheme?: () => Promise<SchemeFactory>
  codec?: Codec
  timeoutMs?: number
  newRequestId?: () => string
}

export interface Reply<E> {
  data: ResOf<E>
  /** Plain top-level fields of the entry's envelope (token, secret). */
  envelope: Partial<EnvOf<E>>
  /** true: no HTTP response (the toast was shown); data is the empty value of the entry's shape. */
  offline: boolean
}

/** Reply on the erased entry type (for generic helpers). */
export interface RawReply {
  data: unknown
  envelope: Record<string, unknown>
  offline: boolean
}

export interface SendOptions {
  /** No toast on network failure (background calls such as the log upload). */
  silent?: boolean
  /**
   * Send under these credentials instead of the session's: a session the phone just got and
   * has not begun yet (createUser links the WeChat identity under the phone login's session). No
   * refresh and no session end on 401/4011: the call fails with sessionEnded.
   */
  as?: Credentials
}

export interface GatewayClient {
  send<E extends Endpoint>(endpoint: E, payload: ReqOf<E>, options?: SendOptions): Promise<Reply<E>>
  /** Same as send, untyped: for generic helpers that cannot instantiate the entry types. */
  sendRaw(endpoint: Endpoint, payload: unknown, options?: SendOptions): Promise<RawReply>
  /**
   * Refreshes the token now through the same shared refresh the 401 path uses (session.replaceToken
   * is called). Resolves the new token, or '' when it could not be refreshed (toast on network failure).
   */
  refreshSession(): Promise<string>
}

export interface Credentials {
  token: string
  secret: string
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const random = options.random ?? webCryptoRandom((globalThis as { crypto?: Parameters<typeof webCryptoRandom>[0] }).crypto, net.noSecureRandom)
  const codecOf = codecSource(options, random.take)
  const timeoutMs = options.timeoutMs ?? timeouts.requestMs
  const newRequestId = options.newRequestId ?? createRequestIdFactory()
  const { session } = options
  let endedToken: string | null = null

  function keyOf(cred: Credentials): string {
    return cred.token && cred.secret ? cred.secret : options.appKey
  }

  function withTimeout(send: (abortListeners: Array<() => void>) => Promise<TransportResponse>): Promise<TransportResponse> {
    const abortListeners: Array<() => void> = []
    return new Promise<TransportResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        abortListeners.forEach((l) => l())
        // Stryker disable next-line StringLiteral: a TransportError's text and reason never leave the client (it becomes the network toast)
        reject(new TransportError(`timed out after ${timeoutMs} ms`, 'timeout'))
      }, timeoutMs)
      send(abortListeners).then(
        (res) => {
          clearTimeout(timer)
          resolve(res)
        },
        (err: unknown) => {
          clearTimeout(timer)
          reject(err instanceof TransportError ? err : new TransportError(String(err)))
        },
      )
    })
  }

  /** One HTTP exchange with a snapshot of the credentials. */
  async function exchange(endpoint: Endpoint, payload: unknown, cred: Credentials): Promise<ParsedResponse> {
    const key = keyOf(cred)
    const codec = await codecOf()
    // The IV's bytes are set aside first, so the synchronous encode below always finds them.
    await random.ready(codec.scheme.randomBytesPerMessage)
    const wire = buildRequest({
      baseUrl: options.baseUrl,
      endpoint,
      cipher: codec.encode(payload, key),
      requestId: newRequestId(),
      token: cred.token,
      appId: options.appId,
    })
    const res = await withTimeout((abortListeners) =>
      options.transport({ ...wire, timeoutMs, abort: { onAbort: (l) => abortListeners.push(l) } }),
    )
    return parseResponse(res.status, res.text, key, codec, endpoint.path)
  }

  const refresh = createRefresher(session, async (expired) => {
    const { path } = userCenter.refreshToken
    const res = await exchange(userCenter.refreshToken, {}, expired)
    if (AUTH_FAILURE_CODES.includes(res.resultCode)) return null
    if (res.resultCode !== '000') throw new GatewayError('server', res.resultCode, res.resultMsg || net.serverError, path)
    const token = res.extras.token
    if (typeof token !== 'string' || token === '') throw new GatewayError('badResponse', 'token', net.badResponse, path)
    return token
  })

  /** Ends the session the call was made under, unless a newer one has replaced it meanwhile. */
  function endSession(token: string, path: string): GatewayError {
    if (token !== '' && endedToken !== token && session.token() === token) {
      endedToken = token
      options.onSessionEnd()
    }
    return new GatewayError('sessionEnded', '401', net.sessionExpired, path)
  }

  async function attempt(endpoint: Endpoint, payload: unknown, mayRetry: boolean, as?: Credentials): Promise<ParsedResponse> {
    const cred = as ?? { token: session.token(), secret: session.secret() }
    const res = await exchange(endpoint, payload, cred)
    if (AUTH_FAILURE_CODES.includes(res.resultCode)) {
      // credentials of a session not begun: nothing to refresh or end here
      if (as) throw new GatewayError('sessionEnded', res.resultCode, net.sessionExpired, endpoint.path)
      if (!mayRetry || cred.token === '') throw endSession(cred.token, endpoint.path)
      // A refresh that failed otherwise than by a refusal rejects here: the session stays.
      if (!(await refresh(cred))) throw endSession(cred.token, endpoint.path)
      return attempt(endpoint, payload, false)
    }
    if (res.resultCode !== '000') {
      throw new GatewayError('server', res.resultCode, res.resultMsg || net.serverError, endpoint.path)
    }
    // The contract check at the client boundary: nothing out of contract reaches a store or a page.
    const problems = [...validate(endpoint.response, res.data, 'data'), ...(endpoint.envelope ? validate(endpoint.envelope, res.extras, 'envelope') : [])]
    if (problems.length > 0) throw new ContractError(endpoint.path, net.badResponse, problems)
    return res
  }

  async function sendRaw(endpoint: Endpoint, payload: unknown, sendOptions: SendOptions = {}): Promise<RawReply> {
    try {
      const res = await attempt(endpoint, payload, true, sendOptions.as)
      return { data: res.data, envelope: res.extras, offline: false }
    } catch (e) {
      if (!(e instanceof TransportError)) throw e
      if (!sendOptions.silent) options.notify(e.reason === 'cipher' ? net.cipherLoadError : net.networkError)
      return {
        data: emptyValue(endpoint.response),
        envelope: (endpoint.envelope ? emptyValue(endpoint.envelope) : {}) as Record<string, unknown>,
        offline: true,
      }
    }
  }

  async function refreshSession(): Promise<string> {
    const token = session.token()
    if (!token) return ''
    try {
      return (await refresh({ token, secret: session.secret() })) ? session.token() : ''
    } catch (e) {
      if (e instanceof TransportError) {
        options.notify(e.reason === 'cipher' ? net.cipherLoadError : net.networkError)
        return ''
      }
      if (e instanceof GatewayError) return ''
      throw e
    }
  }

  // The generic signature lives on the interface; the body works on the erased entry type (the
  // recursive Infer of the wide Schema union cannot be instantiated generically).
  return { send: sendRaw as unknown as GatewayClient['send'], sendRaw, refreshSession }
}

/**
 * The codec of a client: the given one, or the loaded scheme's (one load shared by every request; a
 * failed load is not kept, so the next request loads again). A failure is a TransportError 'cipher':
 * like a network failure, nothing was sent.
 */
function codecSource(options: Pick<GatewayClientOptions, 'codec' | 'loadScheme'>, randomBytes: RandomBytes): () => Promise<Codec> {
  const { codec, loadScheme } = options
  if (codec) return () => Promise.resolve(codec)
  if (!loadScheme) throw new Error('createGatewayClient: a codec or a loadScheme is needed')
  let loading: Promise<Codec> | null = null
  return () => {
    if (!loading) {
      const attempt = Promise.resolve()
        .then(loadScheme)
        .then(
          (factory) => jsonCodec(factory(randomBytes)),
          (e: unknown) => {
            throw new TransportError(`cipher not loaded: ${e instanceof Error ? e.message : String(e)}`, 'cipher')
          },
        )
      attempt.catch(() => {
        if (loading === attempt) loading = null
      })
      loading = attempt
    }
    return loading
  }
}
