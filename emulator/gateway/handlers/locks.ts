/**
 * Lock rules of a TV (issue 12): child lock and global lock, one 4-digit password per TV kept hashed.
 *   - turning a lock on: the first time (no password yet) it needs a 4-digit password, which is set;
 *   - turning a lock off needs the password; a wrong one counts (2004); the 5th wrong in a row starts
 *     a 15-minute wait (2005) during which no lock is turned off, right password or not;
 *   - the owner resets a forgotten password after confirming their phone (resetLockPassword);
 *   - every change is told to the TV's box at once (events -> set-top box -> type 87 report).
 */
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { LockState } from '../../../src/protocol/contract/models'
import type { FamilyRec, LockRec } from '../../db/state'
import { fail, type HandlerCtx } from '../context'
import { minorsRecOf } from '../minors'
import { familyOfMac } from './shared'

export const LOCK_MAX_TRIES = 5
export const LOCK_WAIT_MS = 15 * 60_000
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
 * A change that needs the TV's password (turning a lock off; issue 36: minors' mode): refused during
 * the wait (2005); a wrong password counts (2004), the 5th in a row starts the 15-minute wait (2005);
 * the right one clears the count. One counter per TV, whatever the change. A TV that has no password
 * yet passes (nothing to check against).
 */
export function checkPassword(ctx: HandlerCtx, l: LockRec, password: string): void {
  const wait = l.waitUntil - ctx.now()
  if (wait > 0) fail('2005', `密码错误次数过多，请${waitMinutes(wait)}分钟后再试`)
  if (l.passwordHash && !passwordMatches(l.passwordHash, password)) {
    l.failedTries += 1
    if (l.failedTries >= LOCK_MAX_TRIES) {
      l.failedTries = 0
      l.waitUntil = ctx.now() + LOCK_WAIT_MS
      ctx.db.touch()
      fail('2005', `密码错误次数过多，请${waitMinutes(LOCK_WAIT_MS)}分钟后再试`)
    }
    ctx.db.touch()
    fail('2004', `锁密码错误，还可以再试${LOCK_MAX_TRIES - l.failedTries}次`)
  }
  if (l.failedTries !== 0 || l.waitUntil !== 0) ctx.db.touch()
  l.failedTries = 0
  l.waitUntil = 0
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
export function checkFamilyEnd(ctx: HandlerCtx, mac: string, password: string | undefined): void {
  if (!tvIsGuarded(ctx, mac)) return
  const l = lockRec(ctx, mac)
  if (!l.passwordHash) return
  if (!password) fail('2007', '这台电视开着未成年人模式或锁，解绑需要输入锁密码')
  checkPassword(ctx, l, password)
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
  return {
    mac: fam.mac,
    childLock: l.childLock,
    globalLock: l.globalLock,
    updatedAt: l.updatedAt,
    hasPassword: !!l.passwordHash,
    triesLeft: wait > 0 ? 0 : Math.max(0, LOCK_MAX_TRIES - l.failedTries),
    retryAfterSec: Math.ceil(wait / 1000),
    isOwner: fam.ownerUid === uid,
  }
}

function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000))
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
  checkPassword(ctx, l, password)
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

/** resetLockPassword: the owner, with their own phone confirmed again, sets a new password. */
export function resetPassword(ctx: HandlerCtx, req: { uid: string; mac: string; phone: string; password: string }): LockState {
  const u = ctx.user(req.uid)
  const fam = familyOfMac(ctx, req.uid, req.mac)
  if (fam.ownerUid !== req.uid) fail('1004', '只有电视的管理员可以重置锁密码')
  if (req.phone !== u.phone) fail('1004', '手机号验证未通过')
  if (!PASSWORD_RE.test(req.password)) fail('1001', '请设置4位数字的锁密码')
  const l = lockRec(ctx, fam.mac)
  l.passwordHash = hashPassword(req.password)
  l.failedTries = 0
  l.waitUntil = 0
  ctx.db.touch()
  return lockInfo(ctx, fam, req.uid)
}
