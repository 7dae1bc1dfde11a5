/**
 * Upgrades a persisted state document to the current schema, one step per version, never reseeding:
 * every user, session, binding and ledger line of the old file is kept.
 *
 *   1 -> 2  points ledger: every record gets a `source` (from its reason); the stored `total` is
 *           dropped and, where it differed from the sum of the records, an opening-balance record
 *           (期初积分) of the difference is added, so the balance is the sum of the records.
 *           Daily tasks (catalogue `daily`) get the day of the migration as their `day`.
 *   2 -> 3  locks: every TV's lock record gets `failedTries` 0 and `waitUntil` 0 (no password yet:
 *           the first lock turned on sets it); `invitations` (family invitations) starts empty.
 *   3 -> 4  broker sessions get `issuedAt` (the migration's time when they had none).
 *   4 -> 5  WeChat identity and profile: every user gets `loggedOut` false; `consents`
 *           (per uid and terms version), `wxCodes` (codes already exchanged), `wxTickets` and
 *           `uploads` (avatars) start empty. Nobody has consented on the gateway yet, so a returning
 *           WeChat user confirms the terms once by a login by tap.
 *   5 -> 6  no change of shape: version 6 was set aside for the first-visit guide, which needed none (the guide's
 *           `guidesSeen` already existed); a file at 5 only gets its version number.
 *   6 -> 7  watch records get `finished`.
 *   7 -> 8  `notices` (removed members told at their next launch) and `presenceHidden` start empty.
 *   8 -> 9  every family whose id was derived from its TV's MAC (`fam-{MAC}`) gets a new
 *           random id (newFamilyId); users' lastFamilyId, invitations, notices and hidden presence
 *           follow it. Invitations of a family that no longer exists, or whose creator is no longer
 *           in it, are dropped (dead under the new rules). Sessions get `linkUntil` 0: no session
 *           from before can link a WeChat identity (createUser wants a fresh phone login's session).
 *   9 -> 10 `minors` (minors' mode per TV, the settings and the days counted) starts empty:
 *           every TV's mode is off until a parent turns it on; nothing else is read or written.
 *  10 -> 11 `pairing` (each TV's wrong pairing codes, wait and code rotation, kept in memory before)
 *           starts empty: every TV counts from 0, as after any restart of the emulator that wrote the
 *           file; its codes are the ones it showed then (rotation 0). Sessions may carry the refresh's
 *           grace (`replacedBy`, `replacedAt`, `replaces`: gateway/tokens.ts); none written before has
 *           it, so they are kept as they are. Nothing else is read or written.
 *  11 -> 12 `phoneProofs` (phone proofs already used: mobileLogin takes a proof once) starts empty:
 *           no proof was ever taken before. Every TV's pairing record gets `freshUntil` 0 and
 *           `freshTried` [] (no fresh code asked for at the TV); nothing else is read or written.
 *  12 -> 13 families get `joinedAt` (each member: the migration's time, as nobody knows when they
 *           joined; the 7-day report then shows a member none of the others' viewing from before it).
 *           Locks: wrong passwords count on past 5 (growing waits); a record with a wait (`waitUntil`
 *           > 0: 5 wrong in a row under the old rule, which then set the count back to 0) gets
 *           `failedTries` 5. Notices may now be about a TV's lock password (`pinGuessed` with `count`,
 *           `pinReset`); the old ones are kept as they are.
 *  13 -> 14 programme reminders: `reminders` (per uid), `scheduleChanges` (the live schedule's moved and
 *           removed programmes), `wechatAccepted` and `wechatOutbox` (the local stack's stand-in for
 *           WeChat's one-time subscriptions) start empty; nothing else is read or written.
 */
import type { PointsRecord } from '../../src/protocol/contract/models'
import { dayKey } from '../data/live'
import { newFamilyId, OPENING_REASON, SCHEMA_VERSION, sourceOfReason, type DbState, type FamilyRec, type HistoryRec, type InvitationRec, type LockRec, type NoticeRec, type SessionRec, type UserRec } from './state'
import { isFinished } from '../data/finished'
import type { JarvisSession } from '../directory'

export interface MigrationContext {
  now: number
  /** Ids of the tasks whose progress starts over every day. */
  dailyTaskIds: ReadonlySet<string>
  /**
   * 6 -> 7: each episode's length of a program, for the finished rule (data/finished.ts);
   * undefined for a program the catalogue no longer has. Without it no older record is finished.
   */
  episodeDurations?: (programId: string) => readonly number[] | undefined
}

/** A state file the emulator cannot read as its own: refused, never overwritten. */
export class UnreadableStateError extends Error {}

interface V1PointsAccount {
  total: number
  records: Array<Omit<PointsRecord, 'source'> & { source?: PointsRecord['source'] }>
  signDays: string[]
}

type Doc = Record<string, unknown> & { schemaVersion?: unknown }

const steps: Record<number, (doc: Doc, ctx: MigrationContext) => Doc> = {
  1: (doc, ctx) => {
    const points = (doc.points ?? {}) as Record<string, V1PointsAccount>
    const users = (doc.users ?? {}) as Record<string, { createdAt?: number }>
    const upgraded: DbState['points'] = {}
    for (const [uid, acc] of Object.entries(points)) {
      const records: PointsRecord[] = (acc.records ?? []).map((r) => ({ ...r, source: r.source ?? sourceOfReason(r.reason) }))
      const sum = records.reduce((a, r) => a + r.points, 0)
      const total = typeof acc.total === 'number' ? acc.total : sum
      if (total !== sum) {
        const oldest = records.length ? Math.min(...records.map((r) => r.createdAt)) : (users[uid]?.createdAt ?? ctx.now)
        records.push({ recordId: `pr-${uid}-open`, points: total - sum, reason: OPENING_REASON, source: 'opening', createdAt: oldest - 1 })
      }
      upgraded[uid] = { records, signDays: acc.signDays ?? [] }
    }
    const tasks = (doc.tasks ?? {}) as DbState['tasks']
    const today = dayKey(ctx.now)
    for (const byId of Object.values(tasks)) {
      for (const [taskId, st] of Object.entries(byId)) {
        if (ctx.dailyTaskIds.has(taskId) && !st.day) byId[taskId] = { ...st, day: today }
      }
    }
    return { ...doc, schemaVersion: 2, points: upgraded, tasks }
  },
  2: (doc) => {
    const locks = (doc.locks ?? {}) as Record<string, Partial<LockRec> & { childLock: boolean; globalLock: boolean; updatedAt: number }>
    const upgraded: DbState['locks'] = {}
    for (const [mac, l] of Object.entries(locks)) {
      upgraded[mac] = { ...l, failedTries: l.failedTries ?? 0, waitUntil: l.waitUntil ?? 0 }
    }
    return { ...doc, schemaVersion: 3, locks: upgraded, invitations: (doc.invitations ?? {}) as DbState['invitations'] }
  },
  // 3 -> 4: broker sessions expire. Sessions written before had no issue time: they count
  // as handed out at the migration, so none is cut off at once and none lasts for ever.
  3: (doc, ctx) => {
    const jarvis = (doc.jarvis ?? {}) as Record<string, JarvisSession & { issuedAt?: number }>
    const upgraded: DbState['jarvis'] = {}
    for (const [cid, j] of Object.entries(jarvis)) upgraded[cid] = { ...j, issuedAt: typeof j.issuedAt === 'number' ? j.issuedAt : ctx.now }
    return { ...doc, schemaVersion: 4, jarvis: upgraded }
  },
  4: (doc) => {
    const users = (doc.users ?? {}) as Record<string, Omit<UserRec, 'loggedOut'> & { loggedOut?: boolean }>
    const upgraded: DbState['users'] = {}
    for (const [uid, u] of Object.entries(users)) upgraded[uid] = { ...u, loggedOut: u.loggedOut === true }
    return { ...doc, schemaVersion: 5, users: upgraded, consents: {}, wxCodes: {}, wxTickets: {}, uploads: {} }
  },
  // 5 -> 6: no change of shape (the version set aside for the first-visit guide, which needed none): only the version moves
  5: (doc) => ({ ...doc, schemaVersion: 6 }),
  // 6 -> 7: watch records carry `finished`: the record is on the program's last episode,
  // within its last 30 s. Older records get it from their episode and position; nothing else changes.
  6: (doc, ctx) => {
    const history = (doc.history ?? {}) as Record<string, Array<Omit<HistoryRec, 'finished'> & { finished?: unknown }>>
    const upgraded: DbState['history'] = {}
    for (const [uid, list] of Object.entries(history)) {
      upgraded[uid] = (Array.isArray(list) ? list : []).map((h) => {
        const durations = ctx.episodeDurations?.(h.programId)
        const finished = typeof h.finished === 'boolean' ? h.finished : durations ? isFinished(durations, h.episodeIndex, h.positionSec) : false
        return { ...h, finished }
      })
    }
    return { ...doc, schemaVersion: 7, history: upgraded }
  },
  // 7 -> 8: notices for members who lost a TV, and members' hidden presence. Both start
  // empty; a file that somehow has them keeps them. Nothing else is read or written.
  7: (doc) => ({
    ...doc,
    schemaVersion: 8,
    notices: (doc.notices ?? {}) as DbState['notices'],
    presenceHidden: (doc.presenceHidden ?? {}) as DbState['presenceHidden'],
  }),
  // 8 -> 9: family ids no longer come from the MAC; everything that names a family follows
  8: (doc) => {
    const families = (doc.families ?? {}) as Record<string, FamilyRec>
    const renamed = new Map<string, string>()
    const upgradedFamilies: DbState['families'] = {}
    for (const [id, fam] of Object.entries(families)) {
      const fromMac = id.toUpperCase() === `FAM-${String(fam.mac).toUpperCase()}`
      const next = fromMac ? newFamilyId() : id
      if (fromMac) renamed.set(id, next)
      upgradedFamilies[next] = { ...fam, familyId: next }
    }
    const idOf = (id: string) => renamed.get(id) ?? id
    const users = (doc.users ?? {}) as Record<string, UserRec>
    const upgradedUsers: DbState['users'] = {}
    for (const [uid, u] of Object.entries(users)) upgradedUsers[uid] = u.lastFamilyId ? { ...u, lastFamilyId: idOf(u.lastFamilyId) } : u
    const invitations = (doc.invitations ?? {}) as Record<string, InvitationRec>
    const upgradedInvitations: DbState['invitations'] = {}
    for (const [code, inv] of Object.entries(invitations)) {
      const fam = upgradedFamilies[idOf(inv.familyId)]
      if (fam && fam.members.includes(inv.ownerUid)) upgradedInvitations[code] = { ...inv, familyId: fam.familyId }
    }
    const notices = (doc.notices ?? {}) as Record<string, NoticeRec[]>
    const upgradedNotices: DbState['notices'] = {}
    for (const [uid, list] of Object.entries(notices)) upgradedNotices[uid] = (Array.isArray(list) ? list : []).map((n) => ({ ...n, familyId: idOf(n.familyId) }))
    const hidden = (doc.presenceHidden ?? {}) as Record<string, string[]>
    const upgradedHidden: DbState['presenceHidden'] = {}
    for (const [id, uids] of Object.entries(hidden)) if (upgradedFamilies[idOf(id)]) upgradedHidden[idOf(id)] = uids
    const sessions = (doc.sessions ?? {}) as Record<string, Omit<SessionRec, 'linkUntil'>>
    const upgradedSessions: DbState['sessions'] = {}
    // a session never links a WeChat identity by a migration
    for (const [token, rec] of Object.entries(sessions)) upgradedSessions[token] = { ...rec, linkUntil: 0 }
    return {
      ...doc,
      schemaVersion: 9,
      families: upgradedFamilies,
      users: upgradedUsers,
      invitations: upgradedInvitations,
      notices: upgradedNotices,
      presenceHidden: upgradedHidden,
      sessions: upgradedSessions,
    }
  },
  // 9 -> 10: minors' mode per TV starts empty, every TV's mode off; a file that somehow has
  // it keeps it. Nothing else is read or written.
  9: (doc) => ({ ...doc, schemaVersion: 10, minors: (doc.minors ?? {}) as DbState['minors'] }),
  // 10 -> 11: the pairing guesses, in memory before, start empty (as after a restart then); a file that
  // somehow has them keeps them. Nothing else is read or written.
  10: (doc) => ({ ...doc, schemaVersion: 11, pairing: (doc.pairing ?? {}) as DbState['pairing'] }),
  // 11 -> 12: the used phone proofs start empty (no login took one before); every TV's pairing record
  // gets an empty fresh code (nobody at the TV asked for one yet). Nothing else is read or written.
  11: (doc) => {
    const pairing = (doc.pairing ?? {}) as Record<string, Record<string, unknown>>
    const upgraded: Record<string, unknown> = {}
    for (const [mac, g] of Object.entries(pairing)) upgraded[mac] = { freshUntil: 0, freshTried: [], ...g }
    return { ...doc, schemaVersion: 12, pairing: upgraded as DbState['pairing'], phoneProofs: (doc.phoneProofs ?? {}) as DbState['phoneProofs'] }
  },
  // 12 -> 13: families learn when their members joined (unknown before: the migration's time, so the
  // 7-day report shows nobody the others' viewing from before it); wrong lock passwords keep counting
  // past 5 (a wait started under the old rule means 5 in a row: the count says so, and the next wrong
  // one waits longer); notices may be about a TV's password (new kinds, `count`): none is yet.
  12: (doc, ctx) => {
    const families = (doc.families ?? {}) as Record<string, Omit<FamilyRec, 'joinedAt'> & { joinedAt?: Record<string, number> }>
    const upgradedFamilies: DbState['families'] = {}
    for (const [id, fam] of Object.entries(families)) {
      const known = fam.joinedAt ?? {}
      upgradedFamilies[id] = { ...fam, joinedAt: Object.fromEntries(fam.members.map((uid) => [uid, Object.prototype.hasOwnProperty.call(known, uid) ? known[uid] : ctx.now])) }
    }
    const locks = (doc.locks ?? {}) as Record<string, LockRec>
    const upgradedLocks: DbState['locks'] = {}
    for (const [mac, l] of Object.entries(locks)) upgradedLocks[mac] = l.waitUntil > 0 ? { ...l, failedTries: Math.max(l.failedTries, LOCK_FREE_TRIES_V13) } : l
    return { ...doc, schemaVersion: 13, families: upgradedFamilies, locks: upgradedLocks }
  },
  // 13 -> 14: programme reminders, the schedule's changes and the local WeChat stand-in start empty; a
  // file that somehow has them keeps them. Nothing else is read or written.
  13: (doc) => ({
    ...doc,
    schemaVersion: 14,
    reminders: (doc.reminders ?? {}) as DbState['reminders'],
    scheduleChanges: (doc.scheduleChanges ?? {}) as DbState['scheduleChanges'],
    wechatAccepted: (doc.wechatAccepted ?? {}) as DbState['wechatAccepted'],
    wechatOutbox: (Array.isArray(doc.wechatOutbox) ? doc.wechatOutbox : []) as DbState['wechatOutbox'],
  }),
}

/** Wrong lock passwords that cost no wait, from schema 13 on (gateway/handlers/locks.ts LOCK_FREE_TRIES). */
const LOCK_FREE_TRIES_V13 = 5

/** The document upgraded to SCHEMA_VERSION, and whether anything changed. */
export function migrate(raw: unknown, ctx: MigrationContext): { state: DbState; migrated: boolean } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UnreadableStateError('state file is not a JSON object')
  let doc = raw as Doc
  const from = doc.schemaVersion
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) throw new UnreadableStateError(`state file has no valid schemaVersion (${String(from)})`)
  if (from > SCHEMA_VERSION) throw new UnreadableStateError(`state file schema ${from} is newer than this emulator's ${SCHEMA_VERSION}`)
  for (let v = from; v < SCHEMA_VERSION; v++) doc = steps[v](doc, ctx)
  return { state: doc as unknown as DbState, migrated: from !== SCHEMA_VERSION }
}
