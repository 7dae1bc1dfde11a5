/**
 * Local-stack extensions: notices kept for members who lost a TV, and members' hidden
 * presence. A member removed by the owner (`removed`), or every member when the owner unbinds the TV
 * (`unbound`), gets a notice the app shows once at its next launch, on any phone, and marks read; a
 * member added back before seeing it loses it; a member who leaves on their own gets none.
 * The TV's lock password: its owner is told when wrong passwords start to wait (`pinGuessed`, with the
 * count), every member when the owner reset it (`pinReset`). One unread notice of each per TV and user.
 */
import { nextId, NOTICES_KEPT, type FamilyRec, type NoticeKind, type NoticeRec } from '../../db/state'
import type { HandlerCtx } from '../context'

/** Notices about losing a TV (the others are about the TV's lock password). */
const isLoss = (kind: NoticeKind) => kind === 'removed' || kind === 'unbound'

/** Adds a notice; an unread one it supersedes (the same TV, a loss for a loss, else the same kind) goes. */
function addNotice(ctx: HandlerCtx, uid: string, kind: NoticeKind, fam: FamilyRec, count?: number): void {
  const state = ctx.db.state
  const superseded = (n: NoticeRec) => !n.read && n.familyId === fam.familyId && (isLoss(kind) ? isLoss(n.kind) : n.kind === kind)
  const list = (state.notices[uid] ?? []).filter((n) => !superseded(n))
  list.push({ noticeId: nextId(state, 'n-'), kind, familyId: fam.familyId, deviceName: fam.deviceName, createdAt: ctx.now(), read: false, ...(count ? { count } : {}) })
  // the oldest read ones go first; unread ones are never dropped for room
  while (list.length > NOTICES_KEPT) {
    const i = list.findIndex((n) => n.read)
    if (i < 0) break
    list.splice(i, 1)
  }
  state.notices[uid] = list
  ctx.db.touch()
}

export function keepNotice(ctx: HandlerCtx, uid: string, kind: 'removed' | 'unbound', fam: FamilyRec): void {
  addNotice(ctx, uid, kind, fam)
  forgetPresence(ctx, uid, fam.familyId)
}

/** Wrong lock passwords started to wait: the TV's owner is told, with how many in a row so far. */
export function keepGuessNotice(ctx: HandlerCtx, fam: FamilyRec, failedTries: number): void {
  addNotice(ctx, fam.ownerUid, 'pinGuessed', fam, failedTries)
}

/**
 * The TV's lock password was reset: every member is told, the owner too (whoever holds the owner's
 * phone can reset it; the owner's other phones, and the owner later, must hear of it).
 */
export function keepResetNotices(ctx: HandlerCtx, fam: FamilyRec): void {
  for (const uid of fam.members) addNotice(ctx, uid, 'pinReset', fam)
}

/** The user is in the family again: an unread notice of losing it is dropped (never shown). */
export function dropNotices(ctx: HandlerCtx, uid: string, familyId: string): void {
  const list = ctx.db.state.notices[uid]
  const stale = (n: NoticeRec) => n.familyId === familyId && !n.read && isLoss(n.kind)
  if (!list || !list.some(stale)) return
  ctx.db.state.notices[uid] = list.filter((n) => !stale(n))
  ctx.db.touch()
}

export function unreadNotices(ctx: HandlerCtx, uid: string) {
  return (ctx.db.state.notices[uid] ?? [])
    .filter((n) => !n.read)
    .map(({ noticeId, kind, familyId, deviceName, createdAt, count }) => ({ noticeId, kind, familyId, deviceName, createdAt, ...(count ? { count } : {}) }))
}

export function readNotices(ctx: HandlerCtx, uid: string, ids: readonly string[]): number {
  let read = 0
  for (const n of ctx.db.state.notices[uid] ?? []) {
    if (!n.read && ids.includes(n.noticeId)) {
      n.read = true
      read++
    }
  }
  if (read) ctx.db.touch()
  return read
}

export function setPresenceHidden(ctx: HandlerCtx, uid: string, fam: FamilyRec, hidden: boolean): boolean {
  const state = ctx.db.state
  const now = (state.presenceHidden[fam.familyId] ?? []).filter((u) => u !== uid)
  if (hidden) now.push(uid)
  if (now.length) state.presenceHidden[fam.familyId] = now
  else delete state.presenceHidden[fam.familyId]
  ctx.db.touch()
  ctx.events.emitFamilyChanged(fam.mac)
  return hidden
}

export function presenceHiddenOf(ctx: HandlerCtx, uid: string, familyId: string): boolean {
  return (ctx.db.state.presenceHidden[familyId] ?? []).includes(uid)
}

/** A member who left the family takes their presence setting with them. */
export function forgetPresence(ctx: HandlerCtx, uid: string, familyId: string): void {
  const list = ctx.db.state.presenceHidden[familyId]
  if (!list?.includes(uid)) return
  const rest = list.filter((u) => u !== uid)
  if (rest.length) ctx.db.state.presenceHidden[familyId] = rest
  else delete ctx.db.state.presenceHidden[familyId]
}
