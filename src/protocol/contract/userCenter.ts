/** User center entries (SPEC 7 "User center", mobileLogin, getUserInfo, queryBindDevice, refreshToken). */
import { endpoint } from './endpoint'
import { minors } from './minors'
import { profile } from './profile'
import { device, familyMember, invitation, lockState, notice, uidMac, userInfo } from './models'
import { opt, s } from './schema'

const domain = 'userCenter' as const
/**
 * What a request may send (the gateway refuses more with 1001 before anything is stored; the
 * finer rules, e.g. a nickname's 20 characters, come after): UTF-16 code units, so twice the
 * characters of a rule counted in code points.
 */
export const NICKNAME_WIRE_MAX = 40
export const DEVICE_NAME_WIRE_MAX = 32
/**
 * Lock settings: one 4-digit password per TV (stored hashed), set by the first lock turned on (1001
 * without one) and needed to turn a lock off (2004 wrong; 5 wrong in a row: 2005 for 15 minutes, lock
 * info triesLeft / retryAfterSec). The TV follows at once: its box pushes a type 87 report.
 */
const lockSetting = {
  ...uidMac,
  lock: s.bool(),
  password: opt(s.str('4 digits; see the lock rules')),
}

export const userCenter = {
  getOpenIdUnionId: endpoint({
    domain,
    path: 'encipher/mc/wxa/getOpenIdUnionId',
    auth: 'none',
    request: s.obj({ code: s.str('wx.login code; local stack: sim:{name}:{issuedAtMs}-{random} (../identity.ts)') }),
    response: s.obj({
      openId: s.str(),
      unionId: s.str(),
      wxTicket: opt(s.str('extension: proof of this exchange, once, 5 minutes; getUserInfo and createUser ask for it')),
    }),
    errors: ['3001', '3002', '3003'],
    origin: 'defined',
    doc:
      'WeChat: exchanges a wx.login code for openId/unionId (code2Session), each code once: 3001 malformed ' +
      'or not issued by WeChat, 3002 already used, 3003 expired (5 minutes). Local-stack extension: ' +
      'wxTicket, the only thing the gateway trusts as this WeChat identity afterwards.',
  }),
  getUserInfo: endpoint({
    domain,
    path: 'mc/user/userInfo',
    body: 'form',
    auth: 'none',
    request: s.obj({
      openId: s.str(),
      unionId: s.str(),
      serviceChannelId: s.str(),
      wxTicket: opt(s.str('extension: from getOpenIdUnionId; without a valid one for this openId: 3004')),
      termsVersion: opt(s.str('extension: the terms version the app shows; a session only when the user consented to it')),
      tapped: opt(s.bool('extension: a login the user tapped on this phone (consent ticked): records consent to termsVersion and ends a logout block')),
    }),
    response: s.obj({
      ...userInfo.fields,
      registered: s.bool('false: no user for this openId yet (uid "")'),
      signIn: opt(s.oneOf(['session', 'unregistered', 'loggedOut', 'terms'] as const, 'extension: session = token and secret in the envelope; loggedOut = the user logged out, a tapped login first; terms = no consent to termsVersion yet')),
    }),
    envelope: s.obj({ token: opt(s.str('extension: UCS-TOKEN when signIn is session')), secret: opt(s.str('extension: body key after login')) }),
    errors: ['3004'],
    origin: 'spec',
    doc:
      'SPEC 7 getUserInfo (form, encrypted): the user bound to a WeChat identity. Local stack: only with ' +
      'the wxTicket of a code exchange (an openId alone gives nothing, 3004); answers a session (token, ' +
      'secret) for a registered identity that did not log out and consented to termsVersion (extension).',
  }),
  createUser: endpoint({
    domain,
    path: 'mc/user/createUser',
    request: s.obj({
      openId: s.str(),
      unionId: s.str(),
      phone: opt(s.str('ignored: the phone is that of the session\'s user')),
      nickName: s.str('ignored: the user already has one', NICKNAME_WIRE_MAX),
      faceImg: s.str('ignored: the avatar is uploaded (avatarUpload)'),
      serviceChannelId: s.str(),
      wxTicket: opt(s.str('extension: from getOpenIdUnionId; without a valid one for this openId: 3004')),
    }),
    response: userInfo,
    errors: ['1004', '3004'],
    origin: 'defined',
    doc:
      'WeChat: links the openId with the user of the session the phone login (mobileLogin, with the number ' +
      'getPhoneNumber gave) just created: sent with that session\'s UCS-TOKEN, within 5 minutes of that login, ' +
      'once (3004 otherwise); no phone from the body is trusted. 1004: that user is already linked to another ' +
      'WeChat identity. Local stack: needs the wxTicket of a code exchange (3004); links only; a login by tap, ' +
      'so silent login works again after a logout.',
  }),
  mobileLogin: endpoint({
    domain,
    path: 'v5/mc/common/mobile/login',
    auth: 'none',
    request: s.obj({
      faceImg: s.str('ignored: the avatar is uploaded (avatarUpload)'),
      nickName: s.str('a new user\'s nickname (the nickname rule, ../identity.ts)', NICKNAME_WIRE_MAX),
      phone: s.str(),
      loginType: s.lit('PHONE'),
      serviceChannelId: s.str(),
      sharerUid: opt(s.str()),
      phoneProof: opt(
        s.str(
          'extension (../identity.ts): the proof that `phone` came from the bridge (tvc:phone) or WeChat (getSecretPhone); ' +
            'a gateway that checks it logs in only with a proof it verified, once (3001 malformed or another phone\'s, 3002 used, ' +
            '3003 expired, 3004 none); local stack: `sim-phone:{phone}:{issuedAtMs}-{random}`',
        ),
      ),
    }),
    response: userInfo,
    envelope: s.obj({ token: s.str('UCS-TOKEN of the session'), secret: s.str('body key after login') }),
    errors: ['3001', '3002', '3003', '3004'],
    origin: 'spec',
    doc:
      'SPEC 7 mobileLogin: creates the user on first login; returns user info, token and secret. Local stack: ' +
      'only with a verified `phoneProof` (extension); a user is created only by such a login.',
  }),
  refreshToken: endpoint({
    domain,
    path: 'v5/mc/common/token/refresh',
    request: s.obj({}),
    response: s.obj({}),
    envelope: s.obj({ token: s.str('the new token') }),
    origin: 'defined',
    doc:
      'SPEC 7 refreshToken (path ours): sent with the expired UCS-TOKEN (accepted for a refresh window ' +
      'after expiry); the new token is read from the top-level token field. Answers 401 when the ' +
      'session cannot be refreshed: the client then ends the session.',
  }),
  queryBindDevice: endpoint({
    domain,
    path: 'mc/user/queryBindDevice',
    request: s.obj({ uid: s.str(), serviceChannelId: s.str() }),
    response: s.arr(device),
    origin: 'spec',
    doc: 'SPEC 7 queryBindDevice: the TVs bound to the user.',
  }),
  changeDevice: endpoint({
    domain,
    path: 'mc/user/changeDevice',
    request: s.obj({ uid: s.str(), familyId: s.str() }),
    response: userInfo,
    errors: ['1003'],
    origin: 'defined',
    doc: 'Selects the current TV: sets lastFamilyId.',
  }),
  bindDevice: endpoint({
    domain,
    path: 'mc/user/bindDevice',
    request: s.obj({
      uid: s.str(),
      mac: s.str('any format; normalised to 12 uppercase hex'),
      deviceName: opt(s.str('1 to 16 characters', DEVICE_NAME_WIRE_MAX)),
      pairCode: opt(s.str('8 digits the TV shows (local-stack extension, ../pairing.ts); needed to bind any TV (presence at it)')),
    }),
    response: device,
    errors: ['1003', '1004', '1005'],
    origin: 'defined',
    doc: 'Binds a TV (known to the operator) to the user; joins its family if it already has one. Local stack: binding any TV, owned or not, needs the pairing code the TV shows (1005 without it, with a wrong one, or for a mac that names no TV; after 5 wrong codes for that TV, from any accounts, its code changes and the TV takes only a fresh code asked for at the TV for 20 minutes: 1004); at most 10 people a family (1004).',
  }),
  getSecretPhone: endpoint({
    domain,
    path: 'mc/wxa/getSecretPhone',
    auth: 'none',
    request: s.obj({ code: s.str('getPhoneNumber button code'), openId: s.str() }),
    response: s.obj({ phone: s.str(), phoneProof: opt(s.str('extension: the proof mobileLogin takes for this phone (../identity.ts)')) }),
    origin: 'defined',
    doc: 'WeChat: decrypts the phone number behind a getPhoneNumber button code; the local stack answers the phone proof too.',
  }),
  changeDeviceName: endpoint({
    domain,
    path: 'mc/user/changeDeviceName',
    request: s.obj({ uid: s.str(), familyId: s.str(), deviceName: s.str('1 to 16 characters', DEVICE_NAME_WIRE_MAX) }),
    response: device,
    errors: ['1003'],
    origin: 'defined',
    doc: 'Renames a bound TV.',
  }),
  wxaUnbindFamily: endpoint({
    domain,
    path: 'mc/user/wxaUnbindFamily',
    request: s.obj({
      uid: s.str(),
      familyId: s.str(),
      password: opt(s.str("extension: the TV's 4-digit lock password, needed when the unbind ends the family while the TV's minors' mode or a lock is on")),
    }),
    response: s.obj({ unbound: s.bool() }),
    errors: ['1003', '2004', '2005', '2007'],
    origin: 'defined',
    doc:
      'Unbinds a TV (leaves its family). Local-stack extension: the owner\'s unbind ends the family, and with ' +
      "it the TV's lock password, locks and minors' mode (the next household starts clean); while the mode " +
      'or a lock is on that takes the password (2007 without it, 2004 wrong, 2005 the wait: the lock rules), ' +
      'and nothing changes before. A member leaving changes nothing of the TV and needs none.',
  }),
  familyMember: endpoint({
    domain,
    path: 'mc/device/familyMember',
    request: s.obj({ uid: s.str(), familyId: s.str(), phone: s.str(), nickName: opt(s.str('a new user\'s nickname (the nickname rule)', NICKNAME_WIRE_MAX)) }),
    response: familyMember,
    errors: ['1003', '1004', '2002'],
    origin: 'defined',
    doc:
      'Adds a family member (by phone) to a TV family; the owner only. Local stack: only a phone that has logged in ' +
      '(1003 otherwise: no account is made for a typed number; an invitation reaches others); at most 10 people a family (1004).',
  }),
  getBindUserList: endpoint({
    domain,
    path: 'getBindUserList',
    request: s.obj({ uid: s.str(), familyId: s.str() }),
    response: s.obj({
      list: s.arr(familyMember),
      presenceHidden: opt(s.bool('local-stack extension: whether the asking member hid their presence on this TV')),
    }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'The users bound to a TV family (owner first).',
  }),
  queryCustInfoByCustId: endpoint({
    domain,
    path: 'mc/user/queryCustInfoByCustId',
    request: s.obj({ custId: s.str() }),
    response: s.obj({ custId: s.str(), custName: s.str('masked'), phone: s.str('masked'), broadbandAccount: s.str(), city: s.str() }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Operator customer record of a TV line.',
  }),
  deleteFamilyMember: endpoint({
    domain,
    path: 'mc/device/deleteFamilyMember',
    request: s.obj({ uid: s.str(), familyId: s.str(), memberUid: s.str() }),
    response: s.obj({ deleted: s.bool() }),
    errors: ['1003', '1004'],
    origin: 'defined',
    doc: 'Removes a member from a TV family; the owner only (not themself).',
  }),
  globalLockSetting: endpoint({
    domain,
    path: 'globalLock/globalLockSetting',
    request: s.obj(lockSetting),
    response: lockState,
    errors: ['1004', '2004', '2005'],
    origin: 'defined',
    doc: 'Turns the global lock of a bound TV on/off (password rules: lockSetting).',
  }),
  queryGlobalLockInfo: endpoint({
    domain,
    path: 'globalLock/queryGlobalLockInfo',
    request: s.obj(uidMac),
    response: lockState,
    errors: ['1004'],
    origin: 'defined',
    doc: 'Lock state of a bound TV.',
  }),
  uploadLockState: endpoint({
    domain,
    path: 'globalLock/uploadLockState',
    request: s.obj({ ...uidMac, childLock: s.bool(), globalLock: s.bool() }),
    response: lockState,
    errors: ['1004'],
    origin: 'defined',
    doc: 'Reports the lock state the TV itself showed (type 87); a lock with a password is not turned off this way (1004).',
  }),
  queryChildLockInfo: endpoint({
    domain,
    path: 'v5/childLock/queryChildLockInfo',
    request: s.obj(uidMac),
    response: lockState,
    errors: ['1004'],
    origin: 'defined',
    doc: 'Child lock state of a bound TV.',
  }),
  childLockSetting: endpoint({
    domain,
    path: 'v5/childLock/childLockSetting',
    request: s.obj(lockSetting),
    response: lockState,
    errors: ['1004', '2004', '2005'],
    origin: 'defined',
    doc: 'Turns the child lock of a bound TV on/off: the TV shows the child desktop (password rules: lockSetting).',
  }),
  resetLockPassword: endpoint({
    domain,
    path: 'globalLock/resetLockPassword',
    request: s.obj({
      ...uidMac,
      phone: opt(s.str('ignored: a number in the body proves nothing; the phoneProof does')),
      phoneProof: opt(s.str("a fresh phone proof of the owner's own number, as mobileLogin's (../identity.ts): the bridge's, or WeChat's real-time check via getSecretPhone; once, 5 minutes")),
      password: s.str('4 digits'),
    }),
    response: lockState,
    errors: ['1001', '1004', '3001', '3002', '3003', '3004'],
    origin: 'extension',
    doc:
      "Local-stack extension: the TV's owner resets a forgotten lock password with a phone proof the gateway " +
      'verifies itself (3001 not the owner\'s or malformed, 3002 used, 3003 expired, 3004 none); clears the wait. ' +
      'Every member is told (a pinReset notice) and the TV says so (its box reports at once).',
  }),
  createInvitation: endpoint({
    domain,
    path: 'mc/device/createInvitation',
    request: s.obj({ uid: s.str(), familyId: s.str() }),
    response: invitation,
    errors: ['1003', '1004'],
    origin: 'extension',
    doc: 'Local-stack extension: the owner invites someone to a TV family (share card / link), valid 24 hours.',
  }),
  queryInvitation: endpoint({
    domain,
    path: 'mc/device/queryInvitation',
    auth: 'none',
    request: s.obj({ code: s.str() }),
    response: invitation,
    errors: ['1003'],
    origin: 'extension',
    doc: 'Local-stack extension: whose TV an invitation is for (shown before accepting).',
  }),
  acceptInvitation: endpoint({
    domain,
    path: 'mc/device/acceptInvitation',
    request: s.obj({ uid: s.str(), code: s.str() }),
    response: device,
    errors: ['1003', '2002', '2006'],
    origin: 'extension',
    doc: 'Local-stack extension: the logged-in opener joins the family (2006 expired or used; 2002 already a member).',
  }),
  presenceSetting: endpoint({
    domain,
    path: 'mc/device/presenceSetting',
    request: s.obj({ uid: s.str(), familyId: s.str(), hidden: s.bool() }),
    response: s.obj({ hidden: s.bool() }),
    errors: ['1003'],
    origin: 'extension',
    doc: "Local-stack extension: a member hides (or shows again) their own presence on a TV: the TV's box leaves them out of the phones connected that it tells the other members; kept until changed.",
  }),
  queryNotice: endpoint({
    domain,
    path: 'mc/user/queryNotice',
    request: s.obj({ uid: s.str() }),
    response: s.obj({ list: s.arr(notice) }),
    origin: 'extension',
    doc: 'Local-stack extension: the unread notices kept for the user: the owner removed them from a TV family (removed) or unbound the TV (unbound), while their app may have been closed.',
  }),
  readNotice: endpoint({
    domain,
    path: 'mc/user/readNotice',
    request: s.obj({ uid: s.str(), noticeIds: s.arr(s.str()) }),
    response: s.obj({ read: s.num('how many of the ids were unread notices of the user') }),
    origin: 'extension',
    doc: 'Local-stack extension: marks notices read once the app showed them (never shown again, on any phone).',
  }),
  // the user's addresses, first-visit guides and profile (./profile.ts)
  ...profile,
  recordConsent: endpoint({
    domain,
    path: 'mc/user/consent',
    request: s.obj({ uid: s.str(), termsVersion: s.str() }),
    response: s.obj({ termsVersion: s.str(), acceptedAt: s.num() }),
    origin: 'extension',
    doc: 'Local-stack extension: records that the user consented to a terms version (per uid and version); getUserInfo gives a session only under consent to the version the app shows.',
  }),
  logout: endpoint({
    domain,
    path: 'mc/user/logout',
    request: s.obj({ uid: s.str() }),
    response: s.obj({ loggedOut: s.bool() }),
    origin: 'extension',
    doc: 'Local-stack extension: ends this session (its token stops working) and stops silent WeChat login for the user until a login by tap (createUser).',
  }),
  saveProfile: endpoint({
    domain,
    path: 'v5.0/user/save/profile',
    request: s.obj({ uid: s.str(), nickName: s.str('1-20 characters after trimming, no control characters (../identity.ts)', NICKNAME_WIRE_MAX) }),
    response: userInfo,
    origin: 'extension',
    doc: 'Local-stack extension: saves the nickname (v5.0/userInfo takes only uid); 1001 with the reason when refused. The avatar goes by upload (avatarUpload in ../identity.ts).',
  }),
  checkFollow: endpoint({
    domain,
    path: 'mc/mp/checkFollow',
    request: s.obj({ uid: s.str(), unionId: opt(s.str()) }),
    response: s.obj({ followed: s.bool() }),
    origin: 'defined',
    doc: "Whether the user follows the operator's WeChat official account.",
  }),
  // minors' mode (extension entries, ./minors.ts)
  ...minors,
}
