/** Record -> contract shape conversions and lookups shared by handlers. */
import type { Device, LockState, UserInfo } from '../../../src/services/contract/models'
import { normalizeMac } from '../../../src/services/mac'
import type { FamilyRec, UserRec } from '../../db/state'
import { fail, type HandlerCtx } from '../context'

/** Absolute URL of a stored image path (stored values that are already absolute pass through). */
export function absUrl(ctx: HandlerCtx, pathOrUrl: string): string {
  return /^[a-z]+:/i.test(pathOrUrl) || pathOrUrl === '' ? pathOrUrl : `${ctx.cat.baseUrl}${pathOrUrl}`
}

export function userInfoOf(ctx: HandlerCtx, u: UserRec): UserInfo {
  return { uid: u.uid, phone: u.phone, nickName: u.nickName, lastFamilyId: u.lastFamilyId, faceImg: absUrl(ctx, u.faceImg) }
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}

export function tvOf(ctx: HandlerCtx, mac: string) {
  return ctx.cat.tvs.find((t) => t.mac === normalizeMac(mac))
}

export function deviceOf(ctx: HandlerCtx, fam: FamilyRec, uid: string): Device {
  const tv = tvOf(ctx, fam.mac)
  return {
    uid,
    mac: fam.mac,
    deviceName: fam.deviceName,
    familyId: fam.familyId,
    abilityString: tv?.abilityString ?? '',
    custId: tv?.custId ?? '',
  }
}

export function familiesOf(ctx: HandlerCtx, uid: string): FamilyRec[] {
  return Object.values(ctx.db.state.families).filter((f) => f.members.includes(uid))
}

/** A family the user belongs to (1003 otherwise). */
export function memberFamily(ctx: HandlerCtx, uid: string, familyId: string): FamilyRec {
  const fam = ctx.db.state.families[familyId]
  if (!fam || !fam.members.includes(uid)) fail('1003', '没有找到这台电视')
  return fam
}

/** The family of a TV the user belongs to (1004 otherwise). */
export function familyOfMac(ctx: HandlerCtx, uid: string, mac: string): FamilyRec {
  const m = normalizeMac(mac)
  const fam = Object.values(ctx.db.state.families).find((f) => f.mac === m)
  if (!fam || !fam.members.includes(uid)) fail('1004', '这台电视没有绑定到您的账号')
  return fam
}

export function lockStateOf(ctx: HandlerCtx, mac: string): LockState {
  const l = ctx.db.state.locks[mac] ?? { childLock: false, globalLock: false, updatedAt: 0 }
  return { mac, childLock: l.childLock, globalLock: l.globalLock, updatedAt: l.updatedAt }
}

export function setLocks(ctx: HandlerCtx, mac: string, change: { childLock?: boolean; globalLock?: boolean }): LockState {
  const prev = ctx.db.state.locks[mac] ?? { childLock: false, globalLock: false, updatedAt: 0 }
  const next = { ...prev, ...change, updatedAt: ctx.now() }
  ctx.db.state.locks[mac] = next
  ctx.db.touch()
  if (next.childLock !== prev.childLock || next.globalLock !== prev.globalLock) {
    ctx.events.emitLocksChanged(mac, { childLock: next.childLock, globalLock: next.globalLock })
  }
  return lockStateOf(ctx, mac)
}
