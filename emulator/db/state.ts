/**
 * The emulator's mutable state: everything a request can change (users, sessions, bindings,
 * families, locks, favourites, history, black lists, addresses, points, tasks, awards, coupons).
 * Persisted as one JSON document (see store.ts). The initial state is generated from the catalogue.
 */
import { randomBytes } from 'node:crypto'
import type { JarvisSession } from '../directory'
import type { Address, Award, Coupon, PointsRecord } from '../../src/protocol/contract/models'
import type { Catalogue } from '../data/catalogue'
import { createRng } from '../data/prng'
import { isFinished } from '../data/finished'
import type { MinorsSettings } from '../../src/protocol/minors'
import type { TvGuesses } from '../pairing'
import type { ReminderBlock, ReminderLead, ReminderStatus, ReminderWechat } from '../../src/protocol/reminders'

/** Image fields of persisted records are paths relative to the gateway URL (the port may change). */
export interface UserRec {
  uid: string
  phone: string
  nickName: string
  faceImg: string
  lastFamilyId: string
  openId: string
  unionId: string
  sharerUid: string
  createdAt: number
  guidesSeen: string[]
  followed: boolean
  /** Logged out (schema 5): no session from a WeChat code exchange until a login by tap (createUser). */
  loggedOut: boolean
}

/** A terms version the user consented to (schema 5), newest last. */
export interface ConsentRec {
  version: string
  acceptedAt: number
}

/** Proof of one wx.login code exchange (schema 5): once, until `expiresAt`. */
export interface WxTicketRec {
  openId: string
  unionId: string
  expiresAt: number
}

/** An uploaded avatar (schema 5): metadata stripped, type checked by its bytes; one per user. */
export interface UploadRec {
  uid: string
  type: 'image/png' | 'image/jpeg' | 'image/webp'
  /** base64 of the stored (stripped) image. */
  data: string
  createdAt: number
}

/**
 * One binding of a TV: a family instance. Schema 9: `familyId` is new for every binding
 * (`newFamilyId`), never derived from the MAC, so nothing issued for an earlier family of the same TV
 * (an invitation, a notice, a hidden presence) names the next one.
 */
export interface FamilyRec {
  familyId: string
  mac: string
  ownerUid: string
  /** Member uids (owner first). */
  members: string[]
  deviceName: string
  /**
   * Schema 13: when each member joined (epoch ms; `joinFamily`). What the family shares (the 7-day
   * report) shows a member nothing of the others from before then.
   */
  joinedAt: Record<string, number>
}

/** `uid` joins the family now (or again: the time is that of the latest joining). */
export function joinFamily(fam: FamilyRec, uid: string, at: number): void {
  if (!fam.members.includes(uid)) fam.members.push(uid)
  fam.joinedAt[uid] = at
}

/** `uid` leaves the family (or is removed): its joining goes with it. */
export function leaveFamily(fam: FamilyRec, uid: string): void {
  fam.members = fam.members.filter((m) => m !== uid)
  delete fam.joinedAt[uid]
}

/** When `uid` joined the family; a member with no time recorded counts as joining now (sees nothing older). */
export function joinedAtOf(fam: FamilyRec, uid: string, now: number): number {
  return Object.prototype.hasOwnProperty.call(fam.joinedAt ?? {}, uid) ? fam.joinedAt[uid] : now
}

export interface SessionRec {
  token: string
  uid: string
  secret: string
  issuedAt: number
  expiresAt: number
  /**
   * Schema 9: until when this session may link a WeChat identity (createUser), once: set by
   * a phone login (mobileLogin, the number WeChat's getPhoneNumber gave) for WX_TICKET_TTL_MS; 0 for
   * every other session (a silent WeChat login, a session already used to link).
   */
  linkUntil: number
  /**
   * Schema 11, the refresh's grace (gateway/tokens.ts): on a token a refresh replaced, the token that
   * replaced it and when. Until that one is first used, or REFRESH_GRACE_MS have passed, a refresh of
   * this token answers the same successor again (its answer may have been lost); nothing else takes it.
   */
  replacedBy?: string
  replacedAt?: number
  /** Schema 11: on a refreshed token not used yet, the token it replaced (its first use ends that one). */
  replaces?: string
}

/**
 * A TV's locks (schema 3): one 4-digit password per TV, stored as `salt:pbkdf2` (never in clear),
 * set by the owner when a lock is first turned on; `failedTries` wrong passwords in a row since the
 * last right one or reset (schema 13: no longer set back at 5; past 5 each one starts a longer wait),
 * `waitUntil` (epoch ms) the end of the current wait.
 */
export interface LockRec {
  childLock: boolean
  globalLock: boolean
  updatedAt: number
  passwordHash?: string
  failedTries: number
  waitUntil: number
}

/**
 * An invitation to a TV family (schema 3), valid 24 hours, accepted once. Bound to the
 * family instance (`familyId`, new per binding) and its creator (`ownerUid`, the owner who issued it);
 * it dies when the family ends, when its creator leaves or is removed, when a member is removed (who
 * may hold it), and when it is used.
 */
export interface InvitationRec {
  code: string
  familyId: string
  /** Who issued it (the family's owner). */
  ownerUid: string
  createdAt: number
  expiresAt: number
  /** uid of who accepted it ('' while open). */
  acceptedBy: string
}

/**
 * Schema 8: a notice kept for a member who lost a TV (local-stack extension): the owner
 * removed them (`removed`) or unbound the TV (`unbound`). Shown once at their next launch on any phone;
 * `read` once the app fetched it; dropped when they are added back before.
 */
export interface NoticeRec {
  noticeId: string
  kind: NoticeKind
  familyId: string
  deviceName: string
  createdAt: number
  read: boolean
  /** `pinGuessed`: wrong lock passwords in a row when it was written. */
  count?: number
}

/**
 * What a notice tells: the user lost a TV (`removed`, `unbound`), or, about a TV of theirs, its lock
 * password is being guessed (`pinGuessed`, to the owner) or was reset by the owner (`pinReset`).
 */
export type NoticeKind = 'removed' | 'unbound' | 'pinGuessed' | 'pinReset'

/**
 * Schema 10: what the box counted on one server day (UTC+8) of a TV in minors' mode. The
 * gateway keeps it so a box restart loses nothing; `limitSec` is the day's total (setting plus grant)
 * as it last stood, for the report.
 */
export interface MinorsDayRec {
  usedSec: number
  grantSec: number
  limitSec: number
  /** What the box counted, oldest first (at most MINORS_WATCHED_KEPT a day): contiguous time merged. */
  watched: MinorsWatchRec[]
}

export interface MinorsWatchRec {
  kind: 'vod' | 'live' | 'other'
  title: string
  programId?: string
  startedAt: number
  sec: number
}

/** Schema 10: a TV's minors' mode: the settings every member reads, and the days counted. */
export interface MinorsRec {
  settings: MinorsSettings
  /** Epoch ms of the last change of the settings. */
  updatedAt: number
  /** By server day 'YYYYMMDD'; only the last MINORS_DAYS_KEPT days are kept. */
  days: Record<string, MinorsDayRec>
}

export const MINORS_DAYS_KEPT = 8
export const MINORS_WATCHED_KEPT = 100

/**
 * Schema 14: one programme reminder (预约) of a user (src/protocol/reminders.ts). `startTime` and
 * `endTime` are the programme's as the schedule last stood (a move of the programme moves them);
 * `status` leaves 'upcoming' once, in the same write that keeps its notice, before anything is sent.
 */
export interface ReminderRec {
  reminderId: string
  psId: string
  channelId: string
  title: string
  /** 'YYYYMMDD': the schedule day listing the programme. */
  date: string
  startTime: number
  endTime: number
  leadMin: ReminderLead
  autoSwitch: boolean
  /** The weapp one-time subscription was accepted for it. */
  subscribed: boolean
  status: ReminderStatus
  createdAt: number
  firedAt?: number
  late?: boolean
  wechat?: ReminderWechat
  tv?: 'sent' | 'none'
  blocked?: ReminderBlock
  /** 到点自动切换: the TV was asked again at the start (once). */
  startAsked?: boolean
}

/** Schema 14: a reminder notice kept for the user until the app showed it (contract/reminders.ts). */
export interface ReminderNoticeRec {
  noticeId: string
  kind: 'fired' | 'removed'
  reminderId: string
  psId: string
  channelId: string
  title: string
  date: string
  startTime: number
  createdAt: number
  read: boolean
  late?: boolean
  blocked?: ReminderBlock
}

/** Schema 14: a user's reminders, their lead time for new ones, and their reminder notices. */
export interface ReminderBook {
  leadMin: ReminderLead
  list: ReminderRec[]
  notices: ReminderNoticeRec[]
}

/** Schema 14: a change of the live schedule (the admin's): a programme moved by `shiftMs`, or taken off. */
export interface ScheduleChangeRec {
  psId: string
  shiftMs: number
  removed: boolean
  /** Order of the changes (applied in it). */
  seq: number
}

/** Schema 14: one call of the local stack's WeChat sender (gateway/wechat.ts), what it sent or why not. */
export interface WechatOutboxRec {
  at: number
  errcode: number
  errmsg: string
  message: { touser: string; template_id: string; page: string; data: Record<string, { value: string }>; miniprogram_state?: string; lang?: string }
}

/** Version of the persisted shape; a change of shape bumps it and adds a step to migrate.ts. */
export const SCHEMA_VERSION = 14

/** A broker session (jarvisLogin cid/sign) is refused this long after it was handed out. */
export const BROKER_SESSION_TTL_MS = 24 * 60 * 60_000

export type JarvisRec = JarvisSession & { issuedAt: number }

/** One watch record (the box writes episode and position; `finished` per data/finished.ts). */
export interface HistoryRec {
  programId: string
  episodeIndex: number
  positionSec: number
  watchedAt: number
  /** The TV it was last watched on. */
  mac: string
  finished: boolean
}

/**
 * One user's points ledger. The balance is the sum of `records` (never stored apart from them);
 * `signDays` are the server days (YYYYMMDD) the user signed in on.
 */
export interface PointsAccount {
  records: PointsRecord[]
  signDays: string[]
}

/** A task's state for one user; `day` (YYYYMMDD) for daily tasks: another day starts them over. */
export interface TaskState {
  status: 'NO_RECEIVED' | 'RECEIVED' | 'FINISHED' | 'REWARDED'
  progress: number
  day?: string
}

export interface DbState {
  schemaVersion: typeof SCHEMA_VERSION
  seq: number
  users: Record<string, UserRec>
  families: Record<string, FamilyRec>
  sessions: Record<string, SessionRec>
  /** Broker sessions jarvisLogin handed out; each lasts BROKER_SESSION_TTL_MS from `issuedAt` (schema 4). */
  jarvis: Record<string, JarvisRec>
  locks: Record<string, LockRec>
  invitations: Record<string, InvitationRec>
  screenOptions: Record<string, { mode: 'remote' | 'mirror'; quality: 'auto' | 'hd' | 'sd'; autoPlayNext: boolean }>
  /** Watch records, one per program; `finished` (schema 7): the last episode's last 30 s were reached. */
  history: Record<string, HistoryRec[]>
  favourites: Record<string, Array<{ programId: string; collectedAt: number }>>
  blackList: Record<string, Array<{ objectId: string; addedAt: number }>>
  typeBlackList: Record<string, string[]>
  addresses: Record<string, Address[]>
  points: Record<string, PointsAccount>
  tasks: Record<string, Record<string, TaskState>>
  awards: Record<string, Award[]>
  prizeStock: Record<string, number>
  coupons: Record<string, Coupon[]>
  participations: Record<string, string[]>
  /** Consent per uid and terms version (schema 5). */
  consents: Record<string, ConsentRec[]>
  /** wx.login codes already exchanged, with when they were issued (kept until they would have expired). */
  wxCodes: Record<string, number>
  wxTickets: Record<string, WxTicketRec>
  /** Avatars by id (the path `uploads/{id}.{ext}` is the user's faceImg). */
  uploads: Record<string, UploadRec>
  /** Schema 8: notices per uid (newest last, at most NOTICES_KEPT). */
  notices: Record<string, NoticeRec[]>
  /** Schema 8: per familyId, the uids of members who hid their presence on that TV. */
  presenceHidden: Record<string, string[]>
  /** Schema 10: minors' mode per TV (mac). */
  minors: Record<string, MinorsRec>
  /** Schema 11: each TV's wrong pairing codes, wait and code rotation, by upper-case MAC (../pairing.ts). */
  pairing: Record<string, TvGuesses>
  /**
   * Schema 12: phone proofs already used (gateway/phoneProof.ts), with the epoch ms until which they
   * would have been accepted (dropped after it: a proof past its life is refused anyway).
   */
  phoneProofs: Record<string, number>
  /** Schema 14: programme reminders per uid. */
  reminders: Record<string, ReminderBook>
  /** Schema 14: changes of the live schedule by psId (the admin's `/__emulator/schedule`). */
  scheduleChanges: Record<string, ScheduleChangeRec>
  /**
   * Schema 14, the local stack's stand-in for WeChat (gateway/wechat.ts): one-time subscriptions
   * accepted and not used yet, by `{openId} {templateId}`, and what its sender was asked to send.
   */
  wechatAccepted: Record<string, number>
  wechatOutbox: WechatOutboxRec[]
}

/** Notices kept per user (read ones go first). */
export const NOTICES_KEPT = 20

/** A family id for a new binding: random, never derived from the TV's MAC. */
export function newFamilyId(): string {
  return `fam-${randomBytes(9).toString('base64url')}`
}

/** The family a TV is bound to now, if any. */
export function familyOfTv(state: Pick<DbState, 'families'>, mac: string): FamilyRec | undefined {
  return Object.values(state.families).find((f) => f.mac === mac)
}

/** Demo accounts of the local stack (README "Demo phones"). */
export const DEMO = Object.freeze({
  /** Owner of the living-room and bedroom TVs; the dev bridge's default phone. */
  phone: '13800000000',
  /** Family member of the living-room TV. */
  memberPhone: '13800000001',
  /** A user without any TV. */
  noTvPhone: '13900000000',
})

const DAY = 86_400_000

export function initialState(cat: Catalogue, now: number): DbState {
  const rng = createRng(7)
  const [tv1, tv2, tv3] = cat.tvs
  const [fam1, fam2, fam3] = [newFamilyId(), newFamilyId(), newFamilyId()]
  const user = (uid: string, phone: string, nickName: string, lastFamilyId: string): UserRec => ({
    uid,
    phone,
    nickName,
    faceImg: `avatars/${uid}.svg`,
    lastFamilyId,
    // no WeChat identity yet: the first weapp phone login links one (createUser)
    openId: '',
    unionId: '',
    sharerUid: '',
    createdAt: now - 90 * DAY,
    // the demo users with TVs have seen home's first-visit guide, so suites and demos that
    // start as them are not covered by it; any other phone gets it on its first visit
    guidesSeen: uid === 'u10003' ? [] : ['pages/index/index'],
    followed: uid === 'u10001',
    loggedOut: false,
  })
  const state: DbState = {
    schemaVersion: SCHEMA_VERSION,
    seq: 100,
    users: {
      u10001: user('u10001', DEMO.phone, '演示用户', fam1),
      u10002: user('u10002', DEMO.memberPhone, '家里人', fam1),
      u10003: user('u10003', DEMO.noTvPhone, '新用户', ''),
    },
    families: {
      [fam1]: { familyId: fam1, mac: tv1.mac, ownerUid: 'u10001', members: ['u10001', 'u10002'], deviceName: tv1.defaultName, joinedAt: { u10001: now - 90 * DAY, u10002: now - 90 * DAY } },
      [fam2]: { familyId: fam2, mac: tv2.mac, ownerUid: 'u10001', members: ['u10001'], deviceName: tv2.defaultName, joinedAt: { u10001: now - 90 * DAY } },
      [fam3]: { familyId: fam3, mac: tv3.mac, ownerUid: 'u10002', members: ['u10002'], deviceName: tv3.defaultName, joinedAt: { u10002: now - 90 * DAY } },
    },
    sessions: {},
    jarvis: {},
    locks: Object.fromEntries(cat.tvs.map((t) => [t.mac, { childLock: false, globalLock: false, updatedAt: now - DAY, failedTries: 0, waitUntil: 0 }])),
    invitations: {},
    screenOptions: {},
    history: {},
    favourites: {},
    blackList: {},
    typeBlackList: { u10001: ['g13'] },
    addresses: {
      u10001: [
        { addressId: 'addr1', name: '张三', phone: DEMO.phone, province: '广东省', city: '广州市', district: '天河区', detail: '体育西路100号', isDefault: true },
      ],
    },
    points: {},
    tasks: {},
    awards: {},
    prizeStock: Object.fromEntries(cat.prizes.map((p) => [p.prizeId, p.stock])),
    coupons: {},
    participations: {},
    consents: {},
    wxCodes: {},
    wxTickets: {},
    uploads: {},
    notices: {},
    presenceHidden: {},
    minors: {},
    pairing: {},
    phoneProofs: {},
    reminders: {},
    scheduleChanges: {},
    wechatAccepted: {},
    wechatOutbox: [],
  }
  for (const uid of ['u10001', 'u10002']) {
    const picks = rng.sample(cat.programs, 24)
    state.history[uid] = picks.slice(0, 12).map((p, i) => {
      const episodeIndex = rng.int(1, p.episodeCount)
      const positionSec = rng.int(60, 1500)
      const durations = p.episodes.map((e) => e.durationSec)
      return { programId: p.programId, episodeIndex, positionSec, watchedAt: now - i * 5 * 3600_000, mac: tv1.mac, finished: isFinished(durations, episodeIndex, positionSec) }
    })
    state.favourites[uid] = picks.slice(12, 20).map((p, i) => ({ programId: p.programId, collectedAt: now - i * DAY }))
    state.blackList[uid] = picks.slice(20, 22).map((p, i) => ({ objectId: p.programId, addedAt: now - i * DAY }))
    const records: PointsRecord[] = Array.from({ length: 10 }, (_, i) => {
      const reason = i % 4 === 3 ? '积分兑换：电视遥控器保护套' : rng.pick(['每日签到', '观看节目', '分享活动', '绑定电视'])
      return { recordId: `pr-${uid}-${i + 1}`, points: i % 4 === 3 ? -200 : rng.pick([10, 20, 30, 50, 100]), reason, source: sourceOfReason(reason), createdAt: now - (10 - i) * DAY }
    }).reverse()
    records.push({ recordId: `pr-${uid}-0`, points: 1200, reason: OPENING_REASON, source: 'opening', createdAt: now - 11 * DAY })
    state.points[uid] = { records, signDays: [] }
    state.coupons[uid] = [
      { couponId: `cp-${uid}-1`, name: '影视会员5元券', amount: 5, expireAt: now + 30 * DAY, status: 'unused' },
      { couponId: `cp-${uid}-2`, name: '话费10元券', amount: 10, expireAt: now - DAY, status: 'expired' },
    ]
  }
  return withDicts(state)
}

/** Keys of DbState that are maps indexed by untrusted keys (uid, mac, cid, token, activity id). */
const MAP_KEYS = [
  'users', 'families', 'sessions', 'jarvis', 'locks', 'invitations', 'screenOptions', 'history', 'favourites', 'blackList',
  'typeBlackList', 'addresses', 'points', 'tasks', 'awards', 'prizeStock', 'coupons', 'participations',
  'consents', 'wxCodes', 'wxTickets', 'uploads', 'notices', 'presenceHidden', 'minors', 'pairing', 'phoneProofs',
  'reminders', 'scheduleChanges', 'wechatAccepted',
] as const satisfies ReadonlyArray<keyof DbState>

/** A map object without a prototype: `m['__proto__']` or `m.constructor` is never Object.prototype's. */
export function dict<V>(entries?: Record<string, V>): Record<string, V> {
  return Object.assign(Object.create(null) as Record<string, V>, entries)
}

/**
 * Makes every map of the state (and the per-user task maps) null-prototype, in place: called on the
 * seed and on every state read back from disk (JSON.parse builds ordinary objects). Same JSON shape.
 */
export function withDicts(state: DbState): DbState {
  for (const key of MAP_KEYS) Object.setPrototypeOf(state[key], null)
  for (const uid of Object.keys(state.tasks)) Object.setPrototypeOf(state.tasks[uid], null)
  return state
}

export const OPENING_REASON = '期初积分'

/** The source of a ledger line written before records had one (schema 1), from its reason. */
export function sourceOfReason(reason: string): PointsRecord['source'] {
  if (reason === '每日签到') return 'sign'
  if (reason.startsWith('积分兑换')) return 'exchange'
  if (reason.startsWith('邀请')) return 'invite'
  if (reason === OPENING_REASON) return 'opening'
  return 'task'
}

/** Next id with a prefix (persisted counter). */
export function nextId(state: DbState, prefix: string): string {
  state.seq += 1
  return `${prefix}${state.seq}`
}
