/**
 * 长辈版's stored choices, pure (no platform import): the store reads them, and the H5 build reads the
 * same key in index.html's head script (config/homeShell.ts) so that a 长辈版 user never sees the
 * standard home's static frame.
 */

/** Where the choices are kept on the phone: `{ users: { [uid]: { on, at } } }`. */
export const ELDER_KEY = 'tvc.elder'
/** The visitor not logged in on this phone (their choice stands for a user who has made none). */
export const VISITOR = ''

export interface ElderChoice {
  on: boolean
  at: number
}

/** uid -> choice as stored: each entry is checked when it is read (another build or a damaged store may have left anything). */
export type ElderUsers = Readonly<Record<string, unknown>>

/** The users' entries under ELDER_KEY (none when what is stored there is not an object of them). */
export function usersIn(value: unknown): ElderUsers {
  const users = (value as { users?: unknown } | null | undefined)?.users
  return users && typeof users === 'object' && !Array.isArray(users) ? (users as ElderUsers) : {}
}

/** The choice `uid` made (an entry that is not whole counts as none), else the visitor's on this phone. */
export function choiceIn(users: ElderUsers, uid: string): ElderChoice | undefined {
  const of = (k: string): ElderChoice | undefined => {
    const c = (Object.prototype.hasOwnProperty.call(users, k) ? users[k] : null) as Partial<ElderChoice> | null
    return c && typeof c.on === 'boolean' ? { on: c.on, at: Number(c.at) || 0 } : undefined
  }
  return of(uid) ?? (uid === VISITOR ? undefined : of(VISITOR))
}
