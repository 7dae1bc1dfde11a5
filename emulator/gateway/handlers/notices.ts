/**
 * Issue 25 (local-stack extensions): notices kept for members who lost a TV, and members' hidden
 * presence. A member removed by the owner (`removed`), or every member when the owner unbinds the TV
 * (`unbound`), gets a notice the app shows once at its next launch, on any phone, and marks read; a
 * member added back before seeing it loses it; a member who leaves on their own gets none.
 */
import { nextId, NOTICES_KEPT, type FamilyRec } from '../../db/state'
import type { HandlerCtx } from '../context'

export function keepNotice(ctx: HandlerCtx, uid: string, kind: 'removed' | 'unbound', fam: FamilyRec): void {
  const state = ctx.db.state
  const list = (state.notices[uid] ?? []).filter((n) => !(n.familyId === fam.familyId && !n.read))
  list.push({ noticeId: nextId(state, 'n-'), kind, familyId: fam.familyId, deviceName: fam.deviceName, createdAt: ctx.now(), read: false })
  // the oldest read ones go first; unread ones are never dropped for room
  while (list.length > NOTICES_KEPT) {
    const i = list.findIndex((n) => n.read)
    if (i < 0) break
    list.splice(i, 1)
  }
  state.notices[uid] = list
  forgetPresence(ctx, uid, fam.familyId)
  ctx.db.touch()
}

/** The user is in the family again: an unread notice about it is dropped (never shown). */
export function dropNotices(ctx: HandlerCtx, uid: string, familyId: string): void {
  const list = ctx.db.state.notices[uid]
  if (!list || !list.some((n) => n.familyId === familyId && !n.read)) return
  ctx.db.state.notices[uid] = list.filter((n) => !(n.familyId === familyId && !n.read))
  ctx.db.touch()
}

export function unreadNotices(ctx: HandlerCtx, uid: string) {
  return (ctx.db.state.notices[uid] ?? [])
    .filter((n) => !n.read)
    .map(({ noticeId, kind, familyId, deviceName, createdAt }) => ({ noticeId, kind, familyId, deviceName, createdAt }))
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
