/**
 * Persistence of the mutable state: one JSON file under the data dir, written durably (temp file,
 * fsync, rename, fsync of the folder) after every request that changed something, and read back at
 * start. An older schema is migrated (migrate.ts), never reseeded; a newer or versionless one stops
 * the start without touching the file; a file that is not JSON stops the start too, with a copy kept
 * aside (`.corrupt-<time>`) and the file itself left as it was. One process at a time: the data folder
 * is locked (`.lock` holds the owner's pid; a lock whose process is gone is taken over).
 */
import fs from 'node:fs'
import path from 'node:path'
import { withDicts, type DbState } from './state'
import { migrate, UnreadableStateError, type MigrationContext } from './migrate'

export interface Db {
  readonly state: DbState
  /** Marks the state changed; `flush` then writes it. */
  touch(): void
  /** Writes the state if it changed since the last flush. */
  flush(): void
  readonly file: string
  /** Writes what is pending and releases the data folder. */
  close(): void
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

export const LOCK_FILE = '.lock'

/** The data folder is in use by another running emulator. */
export class DataDirBusyError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the data folder for this process, or throws DataDirBusyError naming who holds it. */
function lockDataDir(dataDir: string): () => void {
  const lock = path.join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return () => {
        if (readText(lock)?.trim() === String(process.pid)) fs.rmSync(lock, { force: true })
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const holder = Number(readText(lock)?.trim())
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new DataDirBusyError(`data folder ${dataDir} is in use by another emulator (pid ${holder}); stop it first, or use another DATA_DIR`)
      }
      fs.rmSync(lock, { force: true }) // its process is gone: a stale lock
    }
  }
  throw new DataDirBusyError(`data folder ${dataDir} could not be locked`)
}

/** A copy of a damaged file beside it, once per distinct content. */
function keepAside(file: string, text: string): string {
  const dir = path.dirname(file)
  const prefix = `${path.basename(file)}.corrupt-`
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(prefix) && readText(path.join(dir, name)) === text) return path.join(dir, name)
  }
  const aside = `${file}.corrupt-${Date.now()}`
  fs.writeFileSync(aside, text, { flag: 'wx' })
  return aside
}

/** Writes `text` to `file` so that a crash leaves either the old or the new file, never a mix. */
function writeDurably(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`
  const fd = fs.openSync(tmp, 'w')
  try {
    fs.writeSync(fd, text)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  fs.renameSync(tmp, file)
  const dirFd = fs.openSync(path.dirname(file), 'r')
  try {
    fs.fsyncSync(dirFd)
  } finally {
    fs.closeSync(dirFd)
  }
}

export function openDb(dataDir: string, initial: () => DbState, migration: MigrationContext): Db {
  fs.mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir)
  try {
    return openLocked(dataDir, initial, migration, unlock)
  } catch (e) {
    unlock()
    throw e
  }
}

function openLocked(dataDir: string, initial: () => DbState, migration: MigrationContext, unlock: () => void): Db {
  const file = path.join(dataDir, STATE_FILE)
  let state: DbState
  let dirty = false
  const text = readText(file)
  if (text === null) {
    state = initial()
    dirty = true
  } else {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (e) {
      const aside = keepAside(file, text)
      throw new UnreadableStateError(
        `state file ${file} is not valid JSON (${(e as Error).message}); a copy is kept at ${aside}. ` +
          'Repair the file, or delete it to start again from the seed data.',
      )
    }
    const m = migrate(parsed, migration)
    state = withDicts(m.state)
    dirty = m.migrated
  }
  let closed = false
  const db: Db = {
    state,
    file,
    touch: () => {
      dirty = true
    },
    flush: () => {
      if (!dirty || closed) return
      writeDurably(file, JSON.stringify(state))
      dirty = false
    },
    close: () => {
      if (closed) return
      db.flush()
      closed = true
      unlock()
    },
  }
  db.flush()
  return db
}
