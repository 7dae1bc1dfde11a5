import { runInAction } from 'mobx'
import { devices as t } from '../strings'
import { failureMessage } from './loadState'

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
