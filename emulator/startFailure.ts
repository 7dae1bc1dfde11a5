import { UnreadableStateError } from './db/migrate'
import { DataDirBusyError } from './db/store'

/**
 * What a start that failed prints before the process exits: a refusal the person can act on (a state
 * file this emulator will not read, a data folder in use) as one plain sentence, anything else in full.
 */
export function describeStartFailure(e: unknown): string {
  if (e instanceof UnreadableStateError || e instanceof DataDirBusyError) return `The local stack did not start: ${e.message}`
  return e instanceof Error ? (e.stack ?? e.message) : String(e)
}
