/** Record -> contract shape conversions and lookups shared by handlers. */
import type { Device, UserInfo } from '../../../src/protocol/contract/models'
import { childChannelId } from '../../config'
import { normalizeMac } from '../../../src/protocol/mac'
import type { FamilyRec, UserRec } from '../../db/state'
import type { Program } from '../../data/catalogue'
import { fail, type HandlerCtx } from '../context'

/** Whether a request asks for the child channel (SPEC 9: curVersion 0 uses the child channel). */
export function isChildChannel(req: { serviceChannelId?: string }): boolean {
  return req.serviceChannelId === childChannelId
}

/**
 * What the caller may be shown: the way an operator's server applies a user's black lists, programs
 * the caller black-listed, and programs of a black-listed category (program type), are left out of
 * the desktop, flows, topics, search and related lists. Callers without a session see everything of
 * their channel: with `childOnly` (the child channel) child-friendly programs only.
 */
export function visibleTo(ctx: HandlerCtx, childOnly = false): (p: Program) => boolean {
  const allowed = allowedBy(ctx)
  return childOnly ? (p) => p.childFriendly && allowed(p) : allowed
}

function allowedBy(ctx: HandlerCtx): (p: Program) => boolean {
  const uid = ctx.session?.uid
  if (!uid) return () => true
  const programs = new Set((ctx.db.state.blackList[uid] ?? []).map((b) => b.objectId))
  const typeIds = ctx.db.state.typeBlackList[uid] ?? []
  const typeNames = new Set(ctx.cat.programTypes.filter((t) => typeIds.includes(t.typeId)).map((t) => t.name))
  if (programs.size === 0 && typeNames.size === 0) return () => true
  return (p) => !programs.has(p.programId) && !p.tags.some((tag) => typeNames.has(tag))
}

/** Absolute URL of a stored image path (stored values that are already absolute pass through). */
export function absUrl(ctx: Pick<HandlerCtx, 'cat'>, pathOrUrl: string): string {
  return /^[a-z]+:/i.test(pathOrUrl) || pathOrUrl === '' ? pathOrUrl : `${ctx.cat.baseUrl}${pathOrUrl}`
}

export function userInfoOf(ctx: Pick<HandlerCtx, 'cat'>, u: UserRec): UserInfo {
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
