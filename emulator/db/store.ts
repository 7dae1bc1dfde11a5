/**
 * Persistence of the mutable state: one JSON file under the data dir, written atomically (temp file
 * + rename) after every request that changed something, and read back at start.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { DbState } from './state'

export interface Db {
  readonly state: DbState
  /** Marks the state changed; `flush` then writes it. */
  touch(): void
  /** Writes the state if it changed since the last flush. */
  flush(): void
  readonly file: string
}

export const STATE_FILE = 'gateway-state.json'

export function openDb(dataDir: string, initial: () => DbState): Db {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, STATE_FILE)
  let state: DbState
  let dirty = false
  try {
    state = JSON.parse(fs.readFileSync(file, 'utf8')) as DbState
    if (state.schemaVersion !== 1) throw new Error('unknown schema')
  } catch {
    state = initial()
    dirty = true
  }
  const db: Db = {
    state,
    file,
    touch: () => {
      dirty = true
    },
    flush: () => {
      if (!dirty) return
      const tmp = `${file}.${process.pid}.tmp`
      fs.writeFileSync(tmp, JSON.stringify(state))
      fs.renameSync(tmp, file)
      dirty = false
    },
  }
  db.flush()
  return db
}
