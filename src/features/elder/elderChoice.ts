/**
 * 长辈版's stored choices, pure (no platform import): the store reads and writes them, and the H5 build
 * reads the same key in index.html's head script (config/homeShell.ts) so that a 长辈版 user never sees
 * the standard home's static frame.
 */
/** Where the choices are kept on the phone (the H5 shell in index.html reads it too). */
export const ELDER_KEY = 'tvc.elder'
/** Users remembered on one phone; the choice made longest ago goes first. */
export const ELDER_USERS_LIMIT = 20
/** The visitor not logged in on this phone (their choice stands for a user who has made none). */
export const VISITOR = ''

export interface ElderChoice {
  on: boolean
  at: number
}

/** What is stored under ELDER_KEY: uid ('' for the visitor) -> their last choice. */
export interface ElderStored {
  users: Record<string, ElderChoice>
}

const own = <T>(o: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined)

/** The choice `uid` made, else the visitor's on this phone (a user who never chose keeps what the phone shows). */
export function elderChoiceOf(stored: ElderStored, uid: string): ElderChoice | undefined {
  return own(stored.users, uid) ?? (uid === VISITOR ? undefined : own(stored.users, VISITOR))
}

/** What another build or a damaged store left, read entry by entry: one that is not whole is skipped. */
export function readElderStored(value: unknown): ElderStored {
  const users: Record<string, ElderChoice> = {}
  const raw = isObject(value) && isObject(value.users) ? value.users : {}
  for (const [uid, v] of Object.entries(raw)) {
    if (isObject(v) && typeof v.on === 'boolean') users[uid] = { on: v.on, at: Number(v.at) || 0 }
  }
  return { users }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return Boolean(v) && typeof v === 'object' && !Array.isArray(v)
}
