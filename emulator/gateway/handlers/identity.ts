/**
 * WeChat identity: the local stack's code2Session, the proof of an exchange (wxTicket),
 * sessions for returning identities, consent per uid and terms version, logout, the nickname.
 * The gateway trusts a wx.login code exchanged once, never an openId the client sends.
 */
import { randomBytes } from 'node:crypto'
import { parseSimCode, simIdentity, WX_CODE_SKEW_MS, WX_CODE_TTL_MS, WX_TICKET_TTL_MS, checkNickName, NICKNAME_MAX } from '../../../src/protocol/identity'

/** A phone login's session may link a WeChat identity (createUser) this long, once. */
export const LINK_WINDOW_MS = WX_TICKET_TTL_MS
import type { UserInfo } from '../../../src/protocol/contract/models'
import type { UserRec } from '../../db/state'
import { emulatorStrings } from '../../strings'
import { fail, type HandlerCtx } from '../context'
import { userInfoOf } from './shared'
import { revokeBrokerSessions } from './brokerSessions'

/** code2Session of the local stack: a well-formed, fresh, unused simulated code -> its identity and a ticket. */
export function exchangeCode(ctx: HandlerCtx, code: string): { openId: string; unionId: string; wxTicket: string } {
  const now = ctx.now()
  const state = ctx.db.state
  // forget what can no longer matter: codes past their life, tickets past theirs
  for (const [c, issuedAt] of Object.entries(state.wxCodes)) if (issuedAt + WX_CODE_TTL_MS < now) delete state.wxCodes[c]
  for (const [t, rec] of Object.entries(state.wxTickets)) if (rec.expiresAt <= now) delete state.wxTickets[t]
  const sim = parseSimCode(code)
  if (!sim || sim.issuedAt > now + WX_CODE_SKEW_MS) fail('3001', emulatorStrings.wxCodeInvalid)
  if (Object.prototype.hasOwnProperty.call(state.wxCodes, code)) fail('3002', emulatorStrings.wxCodeUsed)
  if (sim.issuedAt + WX_CODE_TTL_MS < now) fail('3003', emulatorStrings.wxCodeExpired)
  state.wxCodes[code] = sim.issuedAt
  const identity = simIdentity(sim.name)
  const wxTicket = randomBytes(18).toString('base64url')
  state.wxTickets[wxTicket] = { ...identity, expiresAt: now + WX_TICKET_TTL_MS }
  ctx.db.touch()
  return { ...identity, wxTicket }
}

/** The ticket proves this openId (once): consumed here; 3004 when missing, unknown, used, expired or another's. */
export function takeTicket(ctx: HandlerCtx, openId: string, unionId: string, ticket: string | undefined): void {
  const tickets = ctx.db.state.wxTickets
  const rec = ticket && Object.prototype.hasOwnProperty.call(tickets, ticket) ? tickets[ticket] : undefined
  if (ticket && rec) {
    delete tickets[ticket]
    ctx.db.touch()
  }
  if (!rec || rec.expiresAt <= ctx.now() || rec.openId !== openId || rec.unionId !== unionId) fail('3004', emulatorStrings.wxNotProven)
}

export function byOpenId(ctx: HandlerCtx, openId: string): UserRec | undefined {
  return openId ? Object.values(ctx.db.state.users).find((u) => u.openId === openId) : undefined
}

export function consentedTo(ctx: HandlerCtx, uid: string, version: string | undefined): boolean {
  return !!version && (ctx.db.state.consents[uid] ?? []).some((c) => c.version === version)
}

type SignIn = 'session' | 'unregistered' | 'loggedOut' | 'terms'
const NOBODY: UserInfo = { uid: '', phone: '', nickName: '', lastFamilyId: '', faceImg: '' }

/** getUserInfo: who this proven identity is, and a session when it may go straight in. */
export function userOfIdentity(
  ctx: HandlerCtx,
  req: { openId: string; unionId: string; wxTicket?: string; termsVersion?: string; tapped?: boolean },
): UserInfo & { registered: boolean; signIn: SignIn } {
  takeTicket(ctx, req.openId, req.unionId, req.wxTicket)
  const u = byOpenId(ctx, req.openId)
  if (!u) return { ...NOBODY, registered: false, signIn: 'unregistered' }
  // a login by tap with the consent ticked: the consent is recorded and a logout's block ends
  if (req.tapped && req.termsVersion) {
    recordConsent(ctx, u.uid, req.termsVersion)
    u.loggedOut = false
    ctx.db.touch()
  }
  if (u.loggedOut) return { ...NOBODY, registered: true, signIn: 'loggedOut' }
  if (!consentedTo(ctx, u.uid, req.termsVersion)) return { ...NOBODY, registered: true, signIn: 'terms' }
  const session = ctx.tokens.issue(u.uid)
  ctx.setEnvelope({ token: session.token, secret: session.secret })
  return { ...userInfoOf(ctx, u), registered: true, signIn: 'session' }
}

/**
 * createUser: links a proven identity with the user of the session a phone login just created (a login
 * by tap). The user is the session's, never a phone from the body; the session must come from
 * mobileLogin (the number WeChat's getPhoneNumber gave) within WX_TICKET_TTL_MS, and links once.
 */
export function linkIdentity(ctx: HandlerCtx, req: { openId: string; unionId: string; wxTicket?: string }): UserInfo {
  const session = ctx.session
  if (!session || !(session.linkUntil > ctx.now())) fail('3004', emulatorStrings.linkNeedsPhoneLogin)
  takeTicket(ctx, req.openId, req.unionId, req.wxTicket)
  const user = ctx.user(session.uid)
  // a phone linked to another WeChat identity stays with it, whoever asks
  if (user.openId && user.openId !== req.openId) fail('1004', emulatorStrings.phoneLinkedElsewhere)
  // the identity moves to this phone (the person proved both)
  const previous = byOpenId(ctx, req.openId)
  if (previous && previous !== user) Object.assign(previous, { openId: '', unionId: '' })
  Object.assign(user, { openId: req.openId, unionId: req.unionId, loggedOut: false })
  session.linkUntil = 0
  ctx.db.touch()
  return userInfoOf(ctx, user)
}

export function recordConsent(ctx: HandlerCtx, uid: string, termsVersion: string): { termsVersion: string; acceptedAt: number } {
  ctx.user(uid)
  const version = termsVersion.trim()
  if (!version || version.length > 32) fail('1001', '条款版本不正确')
  const list = (ctx.db.state.consents[uid] ??= [])
  const found = list.find((c) => c.version === version)
  if (found) return { termsVersion: found.version, acceptedAt: found.acceptedAt }
  const rec = { version, acceptedAt: ctx.now() }
  list.push(rec)
  ctx.db.touch()
  return { termsVersion: rec.version, acceptedAt: rec.acceptedAt }
}

export function logout(ctx: HandlerCtx, uid: string): { loggedOut: boolean } {
  const u = ctx.user(uid)
  u.loggedOut = true
  if (ctx.session) ctx.tokens.revoke(ctx.session.token)
  // the broker rights end with the login: every broker session of the user, connections closed
  revokeBrokerSessions(ctx, [uid])
  ctx.db.touch()
  return { loggedOut: true }
}

export function saveNickName(ctx: HandlerCtx, uid: string, nickName: string): UserInfo {
  const u = ctx.user(uid)
  const checked = checkNickName(nickName)
  if (!checked.ok) fail('1001', checked.reason === 'control' ? emulatorStrings.nickNameControl : emulatorStrings.nickNameLength(NICKNAME_MAX))
  u.nickName = checked.value
  ctx.db.touch()
  return userInfoOf(ctx, u)
}
