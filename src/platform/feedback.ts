import { toast } from '../config'
import { common } from '../strings'

type Ui = typeof import('./feedbackUi')

/**
 * The toast/dialog code (its own chunk on H5). The module system keeps what it loaded (a later call
 * resolves at once) and loads a chunk that failed again on the next call.
 */
const loadUi = (): Promise<Ui> => import('./feedbackUi')

/** A toast that could not be shown (its code failed to load) is still told, in the console. */
function lost(what: string, message: string) {
  return (e: unknown) => console.error(`${what} not shown: ${message}`, e)
}

/**
 * Loads the toast and dialog code ahead of need (H5 calls it once home has painted), so a toast
 * later, offline included, does not wait on the network.
 */
export function prepareFeedback(): Promise<void> {
  return loadUi().then(
    () => undefined,
    (e: unknown) => console.error('feedback code not loaded yet', e),
  )
}

/** Toasts with the spec's durations (SPEC 9: 3500 ms for problems, 2500 ms for confirmations). */
export function toastProblem(message: string): void {
  loadUi().then((m) => m.showToast(message, toast.longMs), lost('toast', message))
}

export function toastDone(message: string): void {
  loadUi().then((m) => m.showToast(message, toast.shortMs), lost('toast', message))
}

/** A confirm dialog; resolves true on confirm. */
export async function confirmDialog(title: string, content: string, confirmText: string = common.confirm): Promise<boolean> {
  let m: Ui
  try {
    m = await loadUi()
  } catch (e) {
    lost('dialog', title)(e)
    return false
  }
  try {
    return await m.showModal(title, content, confirmText, common.cancel)
  } catch {
    return false
  }
}

/** Light tap feedback where the platform has it. */
export function tapFeedback(): void {
  loadUi().then((m) => m.vibrate(), () => undefined)
}
