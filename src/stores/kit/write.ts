import { runInAction } from 'mobx'
import { devices as t } from '../../strings'
import { failureMessage } from './loadState'
import { GatewayError } from '../../services/http/types'

/** What a write tells the user: done (with its confirmation) or not (with the reason). */
export interface ActionResult {
  ok: boolean
  message: string
}

/**
 * One write at a time per owner: while `owner.busy` a second write is refused. `action` resolves the
 * confirmation to show, or null when the gateway's answer says it was not done; a thrown error
 * (server refusal, offline) reaches the user with its message.
 */
export async function guardedWrite(owner: { busy: boolean }, action: () => Promise<string | null>): Promise<ActionResult> {
  if (owner.busy) return { ok: false, message: t.busy }
  runInAction(() => (owner.busy = true))
  try {
    const message = await action()
    return message ? { ok: true, message } : { ok: false, message: t.failed }
  } catch (e) {
    return { ok: false, message: failureMessage(e, t.failed) }
  } finally {
    runInAction(() => (owner.busy = false))
  }
}

/**
 * Whether a write that failed with `e` may still have been applied by the gateway: its answer never
 * came back whole (no answer, a 5xx, an answer that does not decode). A refusal ('server') or an ended
 * session did not apply. Such a write is read back, so the user sees what the gateway has: done once,
 * or visibly not done, never half.
 */
export function mayHaveApplied(e: unknown): boolean {
  return !(e instanceof GatewayError && (e.kind === 'server' || e.kind === 'sessionEnded'))
}
