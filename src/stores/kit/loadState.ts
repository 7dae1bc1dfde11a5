/**
 * The one load state of remote data, shared by Loadable and PagedList and taken by PageShell as it
 * is. A load is offline when its OWN call got no HTTP response (OfflineError from the api layer),
 * never because another request failed meanwhile.
 */
import { isOfflineError } from '../../services/http/types'
import { net } from '../../strings'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error' | 'offline'

/** What a page shows for a piece of remote data: its status and, when it failed, why. */
export interface LoadState {
  readonly status: LoadStatus
  /** The message of an error / offline state ('' otherwise). */
  readonly error: string
}

/** The state of a page whose route parameter names nothing: nothing to load, nothing to show. */
export const NOTHING: LoadState = Object.freeze({ status: 'empty', error: '' })
/** Content that needs no load (the page shows its children). */
export const READY: LoadState = Object.freeze({ status: 'ready', error: '' })
/** The state of data whose load has not begun (shown as loading). */
export const NOT_YET: LoadState = Object.freeze({ status: 'idle', error: '' })

/** The message a failure gives the user: its own reason (the server's message), else `fallback`. */
export function failureMessage(e: unknown, fallback: string = net.serverError): string {
  return e instanceof Error && e.message ? e.message : fallback
}

/** The state a failed load leaves: offline when its own call got no answer, else error with the reason. */
export function failedState(e: unknown): { status: 'offline' | 'error'; error: string } {
  if (isOfflineError(e)) return { status: 'offline', error: net.networkError }
  return { status: 'error', error: failureMessage(e) }
}
