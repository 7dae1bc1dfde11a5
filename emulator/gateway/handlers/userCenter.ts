/** User center handlers: identities, login, tokens, devices and families, locks, addresses. */
import { emulatorStrings } from '../../strings'
import type { userCenter } from '../../../src/protocol/contract/userCenter'
import { familyOfTv, joinFamily, leaveFamily, newFamilyId, nextId, type UserRec } from '../../db/state'
import { fail, type DomainHandlers, type HandlerCtx } from '../context'
import { balanceOf } from './points'
import { checkFamilyEnd, clearTvOfFamily, lockInfo, resetPassword, setLock, uploadLocks } from './locks'
import { grantMinutes, minorsReport, queryMinorsMode, setMinorsMode } from './minors'
import { absUrl, deviceOf, familiesOf, familyOfMac, maskPhone, memberFamily, tvOf, userInfoOf } from './shared'
import type { FamilyRec, InvitationRec } from '../../db/state'
import { randomBytes } from 'node:crypto'
import { checkNickName, NICKNAME_MAX } from '../../../src/protocol/identity'
import { exchangeCode, LINK_WINDOW_MS, linkIdentity, logout, recordConsent, saveNickName, userOfIdentity } from './identity'
import { revokeBrokerSessions } from './brokerSessions'
import { requirePhoneProof } from '../phoneProof'
import { dropNotices, forgetPresence, keepNotice, presenceHiddenOf, readNotices, setPresenceHidden, unreadNotices } from './notices'

/** Family invitations (local-stack extension) are valid this long. */
export const INVITATION_TTL_MS = 24 * 3600_000

/** Open invitations a family keeps at most (the oldest go). */
export const OPEN_INVITATIONS_PER_FAMILY = 10

/**
 * People in one family, the owner included. A family is the household of one TV: 10 covers parents,
 * children and grandparents with room to spare, and bounds what each member of the family costs the
 * TV (its presence list, its replies, the broker rights revoked when the family ends). The cap holds
 * for every way in: familyMember, bindDevice with the TV's code, acceptInvitation.
 */
export const FAMILY_MEMBERS_MAX = 10

function roomFor(fam: FamilyRec, uid: string): void {
  if (!fam.members.includes(uid) && fam.members.length >= FAMILY_MEMBERS_MAX) fail('1004', emulatorStrings.familyFull(FAMILY_MEMBERS_MAX))
}

/**
 * An invitation opens only the family instance it was issued for, while its creator is still
 * that family's owner, once, before it expires. (A family's id is new per binding, so one issued for
 * an earlier binding of the same TV names no family.)
 */
function invitationLive(ctx: HandlerCtx, inv: InvitationRec, fam: FamilyRec | undefined): fam is FamilyRec {
  return !!fam && !inv.acceptedBy && inv.expiresAt > ctx.now() && fam.ownerUid === inv.ownerUid && fam.members.includes(inv.ownerUid)
}

/** Cancels (deletes) the invitations `which` picks: the family ended, its creator left, a member was removed. */
function cancelInvitations(ctx: HandlerCtx, which: (inv: InvitationRec) => boolean): void {
  const all = ctx.db.state.invitations
  for (const [code, inv] of Object.entries(all)) if (which(inv)) delete all[code]
  ctx.db.touch()
}

function invitationOf(ctx: HandlerCtx, inv: InvitationRec, fam: FamilyRec | undefined) {
  const owner = ctx.db.state.users[inv.ownerUid]
  const status = inv.acceptedBy ? ('accepted' as const) : !invitationLive(ctx, inv, fam) ? ('expired' as const) : ('open' as const)
  return {
    code: inv.code,
    familyId: inv.familyId,
    deviceName: fam?.deviceName ?? '',
    ownerNickName: owner?.nickName ?? '',
    ownerPhone: owner ? maskPhone(owner.phone) : '',
    expiresAt: inv.expiresAt,
    status,
  }
}

function invitationByCode(ctx: HandlerCtx, code: string): InvitationRec {
  const inv = Object.prototype.hasOwnProperty.call(ctx.db.state.invitations, code) ? ctx.db.state.invitations[code] : undefined
  if (!inv) fail('1003', '没有找到这个邀请')
  return inv
}

function byPhone(ctx: HandlerCtx, phone: string): UserRec | undefined {
  return Object.values(ctx.db.state.users).find((u) => u.phone === phone)
}

function createUser(ctx: HandlerCtx, fields: Partial<UserRec> & { phone: string }): UserRec {
  const uid = nextId(ctx.db.state, 'u')
  const rec: UserRec = {
    uid,
    nickName: emulatorStrings.familyUser,
    faceImg: `avatars/${uid}.svg`,
    lastFamilyId: '',
    openId: '',
    unionId: '',
    sharerUid: '',
    createdAt: ctx.now(),
    guidesSeen: [],
    followed: false,
    loggedOut: false,
    ...fields,
  }
  ctx.db.state.users[uid] = rec
  ctx.db.touch()
  return rec
}

const PHONE_RE = /^1\d{10}$/

/** A TV's name, 1 to 16 characters after trimming (bindDevice and changeDeviceName alike). */
function checkDeviceName(raw: string): string {
  const name = raw.trim()
  if (!name || [...name].length > 16) fail('1001', '电视名称为1到16个字')
  return name
}

/** A new user's nickname obeys the nickname rule (1-20 characters, no control characters). */
function newUserNickName(raw: string | undefined): string {
  if (!raw) return emulatorStrings.familyUser
  const checked = checkNickName(raw)
  if (!checked.ok) fail('1001', checked.reason === 'control' ? emulatorStrings.nickNameControl : emulatorStrings.nickNameLength(NICKNAME_MAX))
  return checked.value
}

/** A page key is a route (letters, digits, / _ -); a user keeps at most GUIDES_KEPT of them. */
const PAGE_KEY_RE = /^\/?[A-Za-z0-9][A-Za-z0-9/_-]{0,62}$/
export const GUIDES_KEPT = 50
/** A user keeps at most this many addresses. */
export const ADDRESSES_KEPT = 20

/** Home's first-visit guide: the real controls it points at. */
export const HOME_GUIDE = [
  { title: '这是您的电视', text: '电视是否在线、正在播放什么，都显示在这里', anchor: 'tv-card' },
  { title: '遥控器', text: '点这里打开遥控器，用手机控制电视', anchor: 'remote' },
  { title: '切换电视', text: '家里有多台电视时，点这里选择要控制的那一台', anchor: 'switch-tv' },
  { title: '我的', text: '收藏、观看记录、黑名单和童锁都在这里', anchor: 'my' },
]

export const userCenterHandlers: DomainHandlers<typeof userCenter> = {
  // code2Session once per code; the identity only through its ticket (./identity.ts)
  getOpenIdUnionId: ({ code }, ctx) => exchangeCode(ctx, code),
  getUserInfo: (req, ctx) => userOfIdentity(ctx, req),
  // the session's user (a fresh phone login), never the body's phone
  createUser: (req, ctx) => linkIdentity(ctx, req),
  mobileLogin: (req, ctx) => {
    if (!PHONE_RE.test(req.phone)) fail('1001', '手机号格式不正确')
    // SPEC 7 sends the phone alone; believed as it is, anyone with the app key would log in as anyone:
    // the number counts only with a proof the gateway verified itself, once (../phoneProof.ts)
    requirePhoneProof(ctx.phoneProofs, req.phone, req.phoneProof)
    const user =
      byPhone(ctx, req.phone) ??
      // a faceImg URL from the client is ignored: avatars come by upload only; the
      // nickname obeys the nickname rule, and only an existing user's uid is kept as the sharer
      createUser(ctx, {
        phone: req.phone,
        nickName: newUserNickName(req.nickName),
        sharerUid: req.sharerUid && Object.prototype.hasOwnProperty.call(ctx.db.state.users, req.sharerUid) ? req.sharerUid : '',
      })
    // this session (and no other) may link a WeChat identity, for a few minutes, once
    const session = ctx.tokens.issue(user.uid, ctx.now() + LINK_WINDOW_MS)
    ctx.setEnvelope({ token: session.token, secret: session.secret })
    return userInfoOf(ctx, user)
  },
  refreshToken: (_req, ctx) => {
    const old = ctx.session
    const next = old ? ctx.tokens.refresh(old.token) : null
    if (!next) fail('401', '登录已过期')
    ctx.setEnvelope({ token: next.token })
    return {}
  },
  queryBindDevice: ({ uid }, ctx) => {
    ctx.user(uid)
    return familiesOf(ctx, uid).map((f) => deviceOf(ctx, f, uid))
  },
  changeDevice: ({ uid, familyId }, ctx) => {
    const u = ctx.user(uid)
    memberFamily(ctx, uid, familyId)
    u.lastFamilyId = familyId
    ctx.db.touch()
    return userInfoOf(ctx, u)
  },
  bindDevice: ({ uid, mac, deviceName: rawName, pairCode }, ctx) => {
    const u = ctx.user(uid)
    const deviceName = rawName === undefined ? undefined : checkDeviceName(rawName)
    const tv = tvOf(ctx, mac)
    // a MAC that names no TV answers as a TV that wants its code does: no way to list the MACs there are
    if (!tv) fail('1005', pairCode?.trim() ? emulatorStrings.pairWrong : emulatorStrings.pairNeeded)
    const families = ctx.db.state.families
    let fam = familyOfTv(ctx.db.state, tv.mac)
    if (fam) roomFor(fam, uid)
    if (!fam || !fam.members.includes(uid)) {
      // Binding a TV, owned or not, proves presence at the TV (the code it shows): a MAC read off a
      // card binds nothing (an unowned TV bound by MAC alone let anyone start a family on it)
      const check = ctx.pairing.check(uid, tv.mac, pairCode?.trim())
      if (check === 'locked') fail('1004', emulatorStrings.pairLocked(Math.max(1, Math.ceil(ctx.pairing.waitSec(tv.mac) / 60))))
      if (check === 'missing') fail('1005', emulatorStrings.pairNeeded)
      if (check === 'wrong') fail('1005', emulatorStrings.pairWrong)
    }
    if (!fam) {
      // a new binding is a new family, whatever was bound to this TV before
      fam = { familyId: newFamilyId(), mac: tv.mac, ownerUid: uid, members: [], deviceName: deviceName || tv.defaultName, joinedAt: {} }
      families[fam.familyId] = fam
    }
    if (!fam.members.includes(uid)) joinFamily(fam, uid, ctx.now())
    dropNotices(ctx, uid, fam.familyId)
    if (deviceName && fam.ownerUid === uid) fam.deviceName = deviceName
    if (!u.lastFamilyId) u.lastFamilyId = fam.familyId
    ctx.db.touch()
    return deviceOf(ctx, fam, uid)
  },
  getSecretPhone: ({ code }, ctx) => {
    const digits = code.replace(/\D/g, '')
    const phone = digits.length >= 11 ? digits.slice(-11) : '13800000000'
    // the WeChat path: the gateway decrypted the number itself, so it hands over the proof mobileLogin takes
    return { phone, phoneProof: ctx.phoneProofs.issue(phone) }
  },
  changeDeviceName: ({ uid, familyId, deviceName }, ctx) => {
    ctx.user(uid)
    const fam = memberFamily(ctx, uid, familyId)
    fam.deviceName = checkDeviceName(deviceName)
    ctx.db.touch()
    return deviceOf(ctx, fam, uid)
  },
  wxaUnbindFamily: ({ uid, familyId, password }, ctx) => {
    const u = ctx.user(uid)
    const fam = memberFamily(ctx, uid, familyId)
    // the family ends (the owner unbinds, or its last member leaves): the TV's minors' mode and locks end
    // with it, so that takes the TV's password while one is on; nothing changes before it is given
    const ends = fam.ownerUid === uid || fam.members.every((m) => m === uid)
    if (ends) checkFamilyEnd(ctx, fam, password)
    // whoever loses the TV (the leaver; every member when the owner unbinds) loses their broker sessions
    const losing = fam.ownerUid === uid ? [...fam.members] : [uid]
    if (fam.ownerUid === uid) {
      // The owner unbinds the TV: the family goes, and every member is told at their next launch
      for (const m of fam.members.filter((x) => x !== uid)) {
        keepNotice(ctx, m, 'unbound', fam)
        const member = ctx.db.state.users[m]
        if (member && member.lastFamilyId === familyId) member.lastFamilyId = familiesOf(ctx, m).filter((f) => f.familyId !== familyId)[0]?.familyId ?? ''
      }
      for (const m of [...fam.members]) leaveFamily(fam, m)
    } else {
      // a member who leaves on their own gets no notice
      leaveFamily(fam, uid)
    }
    forgetPresence(ctx, uid, familyId)
    // what the leaver issued dies with their leaving; everything of an ended family dies with it
    cancelInvitations(ctx, (inv) => inv.familyId === familyId && (inv.ownerUid === uid || fam.members.length === 0))
    if (fam.members.length === 0) {
      delete ctx.db.state.families[familyId]
      delete ctx.db.state.presenceHidden[familyId]
      // the TV's password, locks and minors' mode (its days say what was watched when) were this
      // family's: the next family to bind the TV starts clean, with nothing it did not set
      clearTvOfFamily(ctx, fam.mac)
    }
    if (u.lastFamilyId === familyId) u.lastFamilyId = familiesOf(ctx, uid)[0]?.familyId ?? ''
    revokeBrokerSessions(ctx, losing)
    ctx.db.touch()
    ctx.events.emitFamilyChanged(fam.mac)
    return { unbound: true }
  },
  familyMember: ({ uid, familyId, phone, nickName }, ctx) => {
    ctx.user(uid)
    const fam = memberFamily(ctx, uid, familyId)
    if (fam.ownerUid !== uid) fail('1004', '只有管理员可以添加家庭成员')
    if (!PHONE_RE.test(phone)) fail('1001', '手机号格式不正确')
    if (nickName !== undefined) newUserNickName(nickName)
    // a user is created only by a verified login (mobileLogin with a phone proof): an account made
    // here would be one nobody proved, under a number someone typed. The person logs in first, or the
    // owner sends an invitation (createInvitation), which also reaches someone who has no account yet.
    const member = byPhone(ctx, phone) ?? fail('1003', emulatorStrings.memberNotRegistered)
    if (fam.members.includes(member.uid)) fail('2002', '该成员已在家庭中')
    roomFor(fam, member.uid)
    joinFamily(fam, member.uid, ctx.now())
    dropNotices(ctx, member.uid, fam.familyId)
    if (!member.lastFamilyId) member.lastFamilyId = fam.familyId
    ctx.db.touch()
    return { uid: member.uid, nickName: member.nickName, phone: maskPhone(member.phone), faceImg: absUrl(ctx, member.faceImg), role: 'member' }
  },
  getBindUserList: ({ uid, familyId }, ctx) => {
    ctx.user(uid)
    const fam = memberFamily(ctx, uid, familyId)
    const list = [fam.ownerUid, ...fam.members.filter((m) => m !== fam.ownerUid)]
      .map((m) => ctx.db.state.users[m])
      .filter((m): m is UserRec => m !== undefined)
      .map((m) => ({
        uid: m.uid,
        nickName: m.nickName,
        phone: maskPhone(m.phone),
        faceImg: absUrl(ctx, m.faceImg),
        role: m.uid === fam.ownerUid ? ('owner' as const) : ('member' as const),
      }))
    return { list, presenceHidden: presenceHiddenOf(ctx, uid, familyId) }
  },
  queryCustInfoByCustId: ({ custId }, ctx) => {
    const tv = ctx.cat.tvs.find((t) => t.custId === custId)
    if (!tv) fail('1003', '没有找到该客户')
    const fam = familyOfTv(ctx.db.state, tv.mac)
    const owner = fam ? ctx.db.state.users[fam.ownerUid] : undefined
    return {
      custId,
      custName: owner ? `${[...owner.nickName][0] ?? '用'}**` : '未登记',
      phone: owner ? maskPhone(owner.phone) : '',
      broadbandAccount: `gz${custId.replace(/\D/g, '')}@169`,
      city: '广州市',
    }
  },
  deleteFamilyMember: ({ uid, familyId, memberUid }, ctx) => {
    ctx.user(uid)
    const fam = memberFamily(ctx, uid, familyId)
    if (fam.ownerUid !== uid || memberUid === uid) fail('1004', '只有管理员可以移除其他成员')
    if (!fam.members.includes(memberUid)) fail('1003', '该成员不在家庭中')
    leaveFamily(fam, memberUid)
    const member = ctx.db.state.users[memberUid]
    if (member && member.lastFamilyId === familyId) member.lastFamilyId = familiesOf(ctx, memberUid)[0]?.familyId ?? ''
    // The member is told at their next launch, even if their app is closed now
    keepNotice(ctx, memberUid, 'removed', fam)
    // the family's open invitations die (the removed member may hold one) with what the member issued
    cancelInvitations(ctx, (inv) => inv.familyId === familyId && (!inv.acceptedBy || inv.ownerUid === memberUid))
    // the removed member's broker rights end now (open connections closed, old cid/sign refused)
    revokeBrokerSessions(ctx, [memberUid])
    ctx.db.touch()
    ctx.events.emitFamilyChanged(fam.mac)
    return { deleted: true }
  },
  globalLockSetting: (req, ctx) => setLock(ctx, req, 'globalLock'),
  queryGlobalLockInfo: ({ uid, mac }, ctx) => {
    ctx.user(uid)
    return lockInfo(ctx, familyOfMac(ctx, uid, mac), uid)
  },
  uploadLockState: (req, ctx) => uploadLocks(ctx, req),
  queryChildLockInfo: ({ uid, mac }, ctx) => {
    ctx.user(uid)
    return lockInfo(ctx, familyOfMac(ctx, uid, mac), uid)
  },
  childLockSetting: (req, ctx) => setLock(ctx, req, 'childLock'),
  resetLockPassword: (req, ctx) => resetPassword(ctx, req),
  createInvitation: ({ uid, familyId }, ctx) => {
    ctx.user(uid)
    const fam = memberFamily(ctx, uid, familyId)
    if (fam.ownerUid !== uid) fail('1004', '只有管理员可以邀请家庭成员')
    const now = ctx.now()
    // expired invitations go; the store never grows with them
    cancelInvitations(ctx, (i) => i.expiresAt <= now)
    // at most OPEN_INVITATIONS_PER_FAMILY open ones per family: the oldest go
    const open = Object.values(ctx.db.state.invitations).filter((i) => i.familyId === familyId && !i.acceptedBy).sort((a, b) => a.createdAt - b.createdAt)
    const over = new Set(open.slice(0, Math.max(0, open.length - OPEN_INVITATIONS_PER_FAMILY + 1)).map((i) => i.code))
    if (over.size) cancelInvitations(ctx, (i) => over.has(i.code))
    const inv: InvitationRec = { code: randomBytes(9).toString('base64url'), familyId, ownerUid: uid, createdAt: now, expiresAt: now + INVITATION_TTL_MS, acceptedBy: '' }
    ctx.db.state.invitations[inv.code] = inv
    ctx.db.touch()
    return invitationOf(ctx, inv, fam)
  },
  queryInvitation: ({ code }, ctx) => {
    const inv = invitationByCode(ctx, code)
    return invitationOf(ctx, inv, ctx.db.state.families[inv.familyId])
  },
  acceptInvitation: ({ uid, code }, ctx) => {
    const u = ctx.user(uid)
    const inv = invitationByCode(ctx, code)
    const fam = Object.prototype.hasOwnProperty.call(ctx.db.state.families, inv.familyId) ? ctx.db.state.families[inv.familyId] : undefined
    if (fam && fam.members.includes(uid)) return deviceOf(ctx, fam, uid)
    if (!invitationLive(ctx, inv, fam)) fail('2006', '邀请已过期或已被使用')
    roomFor(fam, uid)
    joinFamily(fam, uid, ctx.now())
    dropNotices(ctx, uid, fam.familyId)
    inv.acceptedBy = uid
    if (!u.lastFamilyId) u.lastFamilyId = fam.familyId
    ctx.db.touch()
    return deviceOf(ctx, fam, uid)
  },
  presenceSetting: ({ uid, familyId, hidden }, ctx) => {
    ctx.user(uid)
    return { hidden: setPresenceHidden(ctx, uid, memberFamily(ctx, uid, familyId), hidden) }
  },
  queryNotice: ({ uid }, ctx) => {
    ctx.user(uid)
    return { list: unreadNotices(ctx, uid) }
  },
  readNotice: ({ uid, noticeIds }, ctx) => {
    ctx.user(uid)
    return { read: readNotices(ctx, uid, noticeIds.slice(0, 100)) }
  },
  queryAddress: ({ uid }, ctx) => {
    ctx.user(uid)
    const list = [...(ctx.db.state.addresses[uid] ?? [])].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    return { list }
  },
  saveAddress: (req, ctx) => {
    ctx.user(req.uid)
    if (!req.name.trim() || !PHONE_RE.test(req.phone) || !req.province || !req.city || !req.detail.trim()) {
      fail('1001', '请完整填写收货人、11位手机号、地区和详细地址')
    }
    const list = (ctx.db.state.addresses[req.uid] ??= [])
    const { uid: _uid, addressId, ...fields } = req
    if (!addressId && list.length >= ADDRESSES_KEPT) fail('1001', `最多保存${ADDRESSES_KEPT}个收货地址，请先修改或删除已有地址`)
    void _uid
    let saved
    if (addressId) {
      const found = list.find((a) => a.addressId === addressId)
      if (!found) fail('1003', '没有找到该地址')
      Object.assign(found, fields)
      saved = found
    } else {
      saved = { addressId: nextId(ctx.db.state, 'addr'), ...fields }
      list.push(saved)
    }
    if (saved.isDefault || list.length === 1) {
      for (const a of list) a.isDefault = a === saved
    }
    ctx.db.touch()
    return { ...saved }
  },
  pageGuide: ({ uid, page, markSeen }, ctx) => {
    const u = ctx.user(uid)
    if (!PAGE_KEY_RE.test(page)) fail('1001', '页面参数不正确')
    const seen = u.guidesSeen.includes(page)
    if (markSeen && !seen) {
      // at most GUIDES_KEPT pages per user (the oldest go)
      u.guidesSeen = [...u.guidesSeen, page].slice(-GUIDES_KEPT)
      ctx.db.touch()
    }
    return {
      show: !seen && !markSeen,
      steps: page === 'pages/index/index' || page === '/pages/index/index' ? HOME_GUIDE : [{ title: '投屏播放', text: '在节目详情页点击“电视播放”，节目会直接在电视上播放' }],
    }
  },
  userInfoV5: ({ uid }, ctx) => {
    const u = ctx.user(uid)
    return { ...userInfoOf(ctx, u), points: balanceOf(ctx.db.state.points[uid]), deviceCount: familiesOf(ctx, uid).length }
  },
  checkFollow: ({ uid }, ctx) => ({ followed: ctx.user(uid).followed }),
  recordConsent: ({ uid, termsVersion }, ctx) => recordConsent(ctx, uid, termsVersion),
  logout: ({ uid }, ctx) => logout(ctx, uid),
  saveProfile: ({ uid, nickName }, ctx) => saveNickName(ctx, uid, nickName),
  // minors' mode (./minors.ts)
  queryMinorsMode: (req, ctx) => queryMinorsMode(ctx, req),
  minorsModeSetting: (req, ctx) => setMinorsMode(ctx, req),
  minorsGrant: (req, ctx) => grantMinutes(ctx, req),
  minorsReport: (req, ctx) => minorsReport(ctx, req),
}
