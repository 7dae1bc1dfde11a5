/** User center api (SPEC 7): login, user, devices, family, locks, addresses. */
import { serviceChannelId } from '../../config'
import { common } from '../../strings'
import { userCenter as c } from '../../protocol/contract/userCenter'
import type { UserInfo } from '../../protocol/contract/models'
import type { ReqOf } from '../../protocol/contract/endpoint'
import type { Credentials, GatewayClient } from '../http/client'
import { normalizeMac } from '../../protocol/mac'
import { bind, call, dataOf } from './call'
import type { ResOf } from '../../protocol/contract/endpoint'

export interface MobileLoginArgs {
  phone: string
  /** The bridge's or WeChat's proof of the number (extension, src/protocol/identity.ts); sent when not empty. */
  phoneProof?: string
  nickName?: string
  faceImg?: string
  sharerUid?: string
}

export interface LoginResult {
  user: UserInfo
  token: string
  secret: string
  /** true: network failure (user/token empty). */
  offline: boolean
}

export function createUserCenterApi(client: GatewayClient) {
  const p = bind(client)
  return {
    getOpenIdUnionId: p(c.getOpenIdUnionId),
    /**
     * SPEC 7 getUserInfo (form): serviceChannelId added. With the wxTicket of a code exchange
     * and the terms version shown; `session` holds token and secret when the gateway answered one.
     */
    getUserInfo: async (args: { openId: string; unionId: string; wxTicket?: string; termsVersion?: string; tapped?: boolean }) => {
      const reply = await client.send(c.getUserInfo, { ...args, serviceChannelId })
      const { token = '', secret = '' } = reply.envelope
      return { ...(dataOf(reply, c.getUserInfo.path) as ResOf<typeof c.getUserInfo>), session: token && secret ? { token, secret } : null }
    },
    /**
     * Links the WeChat identity (its wxTicket) with the user of the phone login that just happened,
     * sent under that login's session (`as`: the gateway trusts no phone in the body); no
     * faceImg (avatars are uploaded).
     */
    createUser: async (args: { openId: string; unionId: string; wxTicket?: string; nickName?: string }, as?: Credentials) =>
      call(
        client,
        c.createUser,
        {
          ...args,
          nickName: args.nickName || common.familyUser,
          faceImg: '',
          serviceChannelId,
        },
        as ? { as } : undefined,
      ),
    /** SPEC 7 mobileLogin: loginType 'PHONE', default nickname 家庭用户, sharerUid only when present. */
    mobileLogin: async (args: MobileLoginArgs): Promise<LoginResult> => {
      const reply = await client.send(c.mobileLogin, {
        faceImg: args.faceImg ?? '',
        nickName: args.nickName || common.familyUser,
        phone: args.phone,
        loginType: 'PHONE',
        serviceChannelId,
        ...(args.sharerUid ? { sharerUid: args.sharerUid } : {}),
        ...(args.phoneProof ? { phoneProof: args.phoneProof } : {}),
      })
      return { user: reply.data, token: reply.envelope.token ?? '', secret: reply.envelope.secret ?? '', offline: reply.offline }
    },
    /**
     * The client refreshes by itself on 401/4011. This refreshes now, through the client's shared
     * refresh (the session gets the new token); resolves the new token or ''.
     */
    refreshToken: () => client.refreshSession(),
    queryBindDevice: async (args: { uid: string }) => call(client, c.queryBindDevice, { ...args, serviceChannelId }),
    changeDevice: p(c.changeDevice),
    bindDevice: async (args: { uid: string; mac: string; deviceName?: string; pairCode?: string }) =>
      call(client, c.bindDevice, { ...args, mac: normalizeMac(args.mac) }),
    getSecretPhone: p(c.getSecretPhone),
    changeDeviceName: p(c.changeDeviceName),
    wxaUnbindFamily: p(c.wxaUnbindFamily),
    familyMember: p(c.familyMember),
    getBindUserList: p(c.getBindUserList),
    queryCustInfoByCustId: p(c.queryCustInfoByCustId),
    deleteFamilyMember: p(c.deleteFamilyMember),
    globalLockSetting: p(c.globalLockSetting),
    queryGlobalLockInfo: p(c.queryGlobalLockInfo),
    uploadLockState: p(c.uploadLockState),
    queryChildLockInfo: p(c.queryChildLockInfo),
    childLockSetting: p(c.childLockSetting),
    resetLockPassword: p(c.resetLockPassword),
    createInvitation: p(c.createInvitation),
    queryInvitation: p(c.queryInvitation),
    acceptInvitation: p(c.acceptInvitation),
    presenceSetting: p(c.presenceSetting),
    queryNotice: p(c.queryNotice),
    readNotice: p(c.readNotice),
    queryAddress: p(c.queryAddress),
    saveAddress: p(c.saveAddress),
    /** The first-visit guide only decorates a page: no network toast when it fails. */
    pageGuide: async (req: ReqOf<typeof c.pageGuide>) => call(client, c.pageGuide, req, { silent: true }),
    userInfoV5: p(c.userInfoV5),
    checkFollow: p(c.checkFollow),
    recordConsent: p(c.recordConsent),
    logout: p(c.logout),
    saveProfile: p(c.saveProfile),
    // minors' mode (extension entries, protocol/contract/minors.ts)
    queryMinorsMode: p(c.queryMinorsMode),
    minorsModeSetting: p(c.minorsModeSetting),
    minorsGrant: p(c.minorsGrant),
    minorsReport: p(c.minorsReport),
  }
}
