/**
 * One shared token refresh: every call that failed with 401/4011 on the same token awaits the same
 * refresh. A call whose token was already replaced retries at once without refreshing again.
 */
import type { SessionPort } from './types'

/** Performs the refresh call; resolves the new token, or null when the session cannot be refreshed. */
export type RefreshCall = (expiredToken: string) => Promise<string | null>

export function createRefresher(session: SessionPort, call: RefreshCall): (failedToken: string) => Promise<boolean> {
  let inflight: { from: string; promise: Promise<boolean> } | null = null
  return (failedToken) => {
    const current = session.token()
    if (current !== '' && current !== failedToken) return Promise.resolve(true)
    if (inflight && inflight.from === failedToken) return inflight.promise
    const promise = call(failedToken)
      .then((token) => {
        if (!token) return false
        session.setToken(token)
        return true
      })
      .finally(() => {
        if (inflight?.promise === promise) inflight = null
      })
    inflight = { from: failedToken, promise }
    return promise
  }
}
