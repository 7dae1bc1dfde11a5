/**
 * Persistence of the mutable state: one JSON file under the data dir, written atomically (temp file
 * + rename) after every request that changed something, and read back at start. An older schema is
 * migrated (migrate.ts), never reseeded; a newer or versionless one stops the start without touching
 * the file; a file that is not JSON is kept aside (`.corrupt-<time>`) before a fresh start.
 */
import fs from 'node:fs'
import path from 'node:path'
import { withDicts, type DbState } from './state'
import { migrate, type MigrationContext } from './migrate'

export interface Db {
  readonly state: DbState
  /** Marks the state changed; `flush` then writes it. */
  touch(): void
  /** Writes the state if it changed since the last flush. */
  flush(): void
  readonly file: string
}

export const STATE_FILE = 'gateway-state.json'

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

export function openDb(dataDir: string, initial: () => DbState, migration: MigrationContext): Db {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, STATE_FILE)
  let state: DbState
  let dirty = false
  const text = readText(file)
  let parsed: unknown = undefined
  if (text !== null) {
    try {
      parsed = JSON.parse(text)
    } catch {
      fs.renameSync(file, `${file}.corrupt-${Date.now()}`)
    }
  }
  if (parsed === undefined) {
    state = initial()
    dirty = true
  } else {
    const m = migrate(parsed, migration)
    state = withDicts(m.state)
    dirty = m.migrated
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
