import { runInAction } from 'mobx'
import { devices as t } from '../strings'

/** What a write tells the user: done (with its confirmation) or not (with the reason). */
export interface ActionResult {
  ok: boolean
  message: string
}

/** The reason an error gives, or the generic failure. */
export function failureMessage(e: unknown): string {
  return e instanceof Error && e.message ? e.message : t.failed
}

/**
 * One write at a time per owner: while `owner.busy` a second write is refused. `action` resolves the
 * confirmation to show, or null when the gateway gave an empty answer (network); a thrown error
 * reaches the user with its message.
 */
export async function guardedWrite(owner: { busy: boolean }, action: () => Promise<string | null>): Promise<ActionResult> {
  if (owner.busy) return { ok: false, message: t.busy }
  runInAction(() => (owner.busy = true))
  try {
    const message = await action()
    return message ? { ok: true, message } : { ok: false, message: t.failed }
  } catch (e) {
    return { ok: false, message: failureMessage(e) }
  } finally {
    runInAction(() => (owner.busy = false))
  }
}
