/**
 * One shared token refresh: every call that failed with 401/4011 on the same token awaits the same
 * refresh. A call whose token was already replaced retries at once without refreshing again.
 */
import type { SessionPort } from './types'

/** Credentials a call was sent with. */
export interface CallCredentials {
  token: string
  secret: string
}

/**
 * Performs the refresh call; resolves the new token, or null when the gateway refused the refresh
 * (the session cannot be kept). Any other failure rejects (the session is kept).
 */
export type RefreshCall = (expired: CallCredentials) => Promise<string | null>

/** Resolves true when the call may retry with the session's token, false when the refresh was refused. */
export function createRefresher(session: SessionPort, call: RefreshCall): (failed: CallCredentials) => Promise<boolean> {
  /** The refresh in flight and the token it started from. */
  let inflight: Promise<boolean> | null = null
  let inflightFrom: string | null = null
  return (failed) => {
    const current = session.token()
    if (current !== '' && current !== failed.token) return Promise.resolve(true)
    if (inflight && inflightFrom === failed.token) return inflight
    const promise = call(failed)
      .then((token) => (token ? session.replaceToken(failed.token, token) : false))
      .finally(() => {
        if (inflight === promise) inflight = null
      })
    inflight = promise
    inflightFrom = failed.token
    return promise
  }
}
