/**
 * Lock rules of a TV: child lock and global lock, one 4-digit password per TV kept hashed.
 *   - turning a lock on: the first time (no password yet) it needs a 4-digit password, which is set,
 *     by the TV's owner only; afterwards it needs none and never waits;
 *   - turning a lock off needs the password; a wrong one counts (2004). Past LOCK_FREE_TRIES wrong ones
 *     in a row, each wrong one starts a wait that doubles (1 minute, 2, 4, ... at most LOCK_MAX_WAIT_MS:
 *     `lockWaitMs`), during which nothing that takes the password is done, right password or not
 *     (2005). The count is kept in the state file and only the right password or a reset clears it.
 *     When the waits start, the TV's owner is told (a notice);
 *   - the owner resets a forgotten password after proving their phone (resetLockPassword);
 *   - every change is told to the TV's box at once (events -> set-top box -> type 87 report).
 */
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { LockState } from '../../../src/protocol/contract/models'
import type { FamilyRec, LockRec } from '../../db/state'
import { fail, type HandlerCtx } from '../context'
import { minorsRecOf } from '../minors'
import { familyOfMac } from './shared'
import { keepGuessNotice, keepResetNotices } from './notices'

/** Wrong passwords in a row that cost no wait (typing slips). */
export const LOCK_FREE_TRIES = 5
/** The wait after the first wrong password past the free ones; each further one doubles it. */
export const LOCK_FIRST_WAIT_MS = 60_000
/**
 * The longest wait, one day: a guesser gets 15 guesses in the first 24 hours and 1 a day after, so half
 * of the 10,000 4-digit PINs still stand after 13 years. The owner, told at the first wait, resets the
 * PIN with a phone proof (which ends the wait); stricter changes never wait. docs/operator.md "Trust in the family and at the TV".
 */
export const LOCK_MAX_WAIT_MS = 24 * 3600_000

/** The wait that `failedTries` wrong passwords in a row start (0 while they are free). */
export function lockWaitMs(failedTries: number): number {
  if (failedTries < LOCK_FREE_TRIES) return 0
  // 2 ** 31 minutes is past any cap: the exponent never grows the number past a float's range
  return Math.min(LOCK_MAX_WAIT_MS, LOCK_FIRST_WAIT_MS * 2 ** Math.min(31, failedTries - LOCK_FREE_TRIES))
}

const PASSWORD_RE = /^\d{4}$/

function hashPassword(password: string, salt = randomBytes(8).toString('hex')): string {
  return `${salt}:${pbkdf2Sync(password, salt, 10_000, 32, 'sha256').toString('hex')}`
}

function passwordMatches(stored: string, password: string): boolean {
  const [salt, hash] = stored.split(':')
  if (!salt || !hash) return false
  const given = Buffer.from(hashPassword(password, salt).split(':')[1], 'hex')
  const want = Buffer.from(hash, 'hex')
  return given.length === want.length && timingSafeEqual(given, want)
}

/**
 * A change that needs the TV's password (turning a lock off, a looser minors' mode, its grant, the end
 * of the family): refused during a wait (2005, not counted); a wrong password counts (2004), and past
 * the free ones starts the next wait (2005 with its length); the right one clears the count. One
 * counter per TV, whatever the change. A TV that has no password yet passes (nothing to check against).
 */
export function checkPassword(ctx: HandlerCtx, fam: FamilyRec, password: string): void {
  const l = lockRec(ctx, fam.mac)
  const wait = l.waitUntil - ctx.now()
  if (wait > 0) fail('2005', `锁密码错误次数过多，请${waitText(wait)}后再试`)
  if (l.passwordHash && !passwordMatches(l.passwordHash, password)) {
    l.failedTries += 1
    const next = lockWaitMs(l.failedTries)
    ctx.db.touch()
    if (next > 0) {
      l.waitUntil = ctx.now() + next
      // someone may be guessing: the owner hears of it (one notice per TV, its count kept current)
      keepGuessNotice(ctx, fam, l.failedTries)
      fail('2005', `锁密码错误次数过多，请${waitText(next)}后再试`)
    }
    fail('2004', `锁密码错误，还可以再试${LOCK_FREE_TRIES - l.failedTries}次`)
  }
  if (l.failedTries !== 0 || l.waitUntil !== 0) ctx.db.touch()
  l.failedTries = 0
  l.waitUntil = 0
}

/** A wait as people say it: minutes up to an hour, then hours (and minutes). */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  if (minutes <= 60) return `${minutes}分钟`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m ? `${h}小时${m}分钟` : `${h}小时`
}

/**
 * The first change that needs a password on a TV without one sets it (1001 without 4 digits). Only the
 * TV's owner sets it: a member who set it first would hold the family's locks (1004).
 */
export function setFirstPassword(l: LockRec, password: string, fam: FamilyRec, uid: string): void {
  if (l.passwordHash) return
  if (fam.ownerUid !== uid) fail('1004', '这台电视还没有锁密码，请先让管理员设置')
  if (!PASSWORD_RE.test(password)) fail('1001', '请设置4位数字的锁密码')
  l.passwordHash = hashPassword(password)
}

/** Whether the TV has something only its password ends: minors' mode or a lock on. */
export function tvIsGuarded(ctx: HandlerCtx, mac: string): boolean {
  const l = ctx.db.state.locks[mac]
  return !!minorsRecOf(ctx.db.state, mac)?.settings.enabled || !!l?.childLock || !!l?.globalLock
}

/**
 * The end of a family (the owner unbinds) would end the TV's minors' mode and locks with it, so while
 * one is on it takes the TV's password, with the lock rules (wrong: 2004, the wait: 2005). Without a
 * password: 2007, nothing changed, so the app asks for it.
 */
export function checkFamilyEnd(ctx: HandlerCtx, fam: FamilyRec, password: string | undefined): void {
  if (!tvIsGuarded(ctx, fam.mac)) return
  const l = lockRec(ctx, fam.mac)
  if (!l.passwordHash) return
  if (!password) fail('2007', '这台电视开着未成年人模式或锁，解绑会一并关闭它们，请输入锁密码')
  checkPassword(ctx, fam, password)
}

/**
 * A family ended: the TV is left clean for the next household. Its password, locks and their counters,
 * and its minors' mode (settings and counted days) were that family's. The caller tells the box (the
 * family's change: the box reads its locks and minors' mode again).
 */
export function clearTvOfFamily(ctx: HandlerCtx, mac: string): void {
  ctx.db.state.locks[mac] = { childLock: false, globalLock: false, updatedAt: ctx.now(), failedTries: 0, waitUntil: 0 }
  delete ctx.db.state.minors[mac]
  ctx.db.touch()
}

export function lockRec(ctx: HandlerCtx, mac: string): LockRec {
  const l = ctx.db.state.locks[mac]
  if (l) return l
  const created: LockRec = { childLock: false, globalLock: false, updatedAt: 0, failedTries: 0, waitUntil: 0 }
  ctx.db.state.locks[mac] = created
  return created
}

export function lockInfo(ctx: HandlerCtx, fam: FamilyRec, uid: string): LockState {
  const l = lockRec(ctx, fam.mac)
  const wait = Math.max(0, l.waitUntil - ctx.now())
  // past the free tries, one try after each wait
  const triesLeft = wait > 0 ? 0 : l.failedTries < LOCK_FREE_TRIES ? LOCK_FREE_TRIES - l.failedTries : 1
  return {
    mac: fam.mac,
    childLock: l.childLock,
    globalLock: l.globalLock,
    updatedAt: l.updatedAt,
    hasPassword: !!l.passwordHash,
    triesLeft,
    retryAfterSec: Math.ceil(wait / 1000),
    isOwner: fam.ownerUid === uid,
  }
}

function apply(ctx: HandlerCtx, fam: FamilyRec, l: LockRec, change: Partial<Pick<LockRec, 'childLock' | 'globalLock'>>): void {
  const before = { childLock: l.childLock, globalLock: l.globalLock }
  Object.assign(l, change, { updatedAt: ctx.now() })
  ctx.db.touch()
  if (l.childLock !== before.childLock || l.globalLock !== before.globalLock) {
    ctx.events.emitLocksChanged(fam.mac, { childLock: l.childLock, globalLock: l.globalLock })
  }
}

/** childLockSetting / globalLockSetting. */
export function setLock(ctx: HandlerCtx, req: { uid: string; mac: string; lock: boolean; password?: string }, which: 'childLock' | 'globalLock'): LockState {
  ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  const l = lockRec(ctx, fam.mac)
  const password = req.password ?? ''
  if (req.lock) {
    setFirstPassword(l, password, fam, req.uid)
    apply(ctx, fam, l, { [which]: true })
    return lockInfo(ctx, fam, req.uid)
  }
  if (!l[which]) return lockInfo(ctx, fam, req.uid)
  // a lock that came on without a password (the TV's own report, an older state file) turns off without one
  checkPassword(ctx, fam, password)
  apply(ctx, fam, l, { [which]: false })
  return lockInfo(ctx, fam, req.uid)
}

/**
 * uploadLockState: what the TV showed (type 87) becomes the gateway's state. It never turns off a
 * lock that has a password (that takes the password: childLockSetting / globalLockSetting), so a
 * report cannot be used to get round it (1004).
 */
export function uploadLocks(ctx: HandlerCtx, req: { uid: string; mac: string; childLock: boolean; globalLock: boolean }): LockState {
  ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  const l = lockRec(ctx, fam.mac)
  if (l.passwordHash && ((l.childLock && !req.childLock) || (l.globalLock && !req.globalLock))) fail('1004', '关闭锁需要锁密码')
  apply(ctx, fam, l, { childLock: req.childLock, globalLock: req.globalLock })
  return lockInfo(ctx, fam, req.uid)
}

/** Why a reset's phone proof was refused, in the reset's words (gateway/phoneProof.ts codes). */
const RESET_PROOF_REFUSALS: Readonly<Record<string, string>> = Object.freeze({
  '3001': '手机号验证未通过，请重新验证手机号',
  '3002': '这次手机号验证已用过，请重新验证手机号',
  '3003': '手机号验证已过期，请重新验证手机号',
  '3004': '重置锁密码需要先验证手机号',
})

/**
 * resetLockPassword: the owner sets a new password after proving their phone again. The proof is one
 * the gateway verifies itself (the phone-proof seam: fresh, single use, the owner's own number), never
 * a phone number from the body; a logged-in phone alone resets nothing. The wait ends; every member of
 * the family, the owner included, is told (a notice), and the TV says so (its box reports at once).
 */
export function resetPassword(ctx: HandlerCtx, req: { uid: string; mac: string; phoneProof?: string; password: string }): LockState {
  const u = ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  if (fam.ownerUid !== req.uid) fail('1004', '只有电视的管理员可以重置锁密码')
  // the format first: a proof is used up only by a reset that can happen
  if (!PASSWORD_RE.test(req.password)) fail('1001', '请设置4位数字的锁密码')
  const proof = ctx.phoneProofs.verify(u.phone, req.phoneProof)
  if (!proof.ok) fail(proof.code, RESET_PROOF_REFUSALS[proof.code])
  const l = lockRec(ctx, fam.mac)
  l.passwordHash = hashPassword(req.password)
  l.failedTries = 0
  l.waitUntil = 0
  keepResetNotices(ctx, fam)
  ctx.db.touch()
  ctx.events.emitLockPasswordReset(fam.mac)
  return lockInfo(ctx, fam, req.uid)
}
