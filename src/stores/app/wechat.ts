import type { Api } from '../../services/api'
import type { PhoneBridge } from '../../platform/bridge/types'
import type { WeappBridge } from '../../platform/bridge/weapp'
import { termsVersion } from '../../config'
import type { UserPorts } from './userStore'

/** The bridge as WeChat's (its login button, its identity), or null on H5 and in the operator's app. */
export function wechatBridgeOf(bridge: PhoneBridge | undefined): WeappBridge | null {
  return bridge?.kind === 'weapp' ? (bridge as WeappBridge) : null
}

/** The WeChat ports of the login: getUserInfo for a fresh code's identity, createUser to link it. */
export function wechatPorts(bridge: WeappBridge, api: Api): Pick<UserPorts, 'wechatSignIn' | 'linkIdentity'> {
  return {
    async wechatSignIn(tapped) {
      const id = await bridge.identity()
      if (!id) return null
      const r = await api.userCenter.getUserInfo({ ...id, termsVersion, ...(tapped ? { tapped } : {}) })
      return { signIn: r.signIn ?? (r.registered ? 'terms' : 'unregistered'), credentials: r.session && r.uid ? { user: { uid: r.uid, phone: r.phone, nickName: r.nickName, lastFamilyId: r.lastFamilyId, faceImg: r.faceImg }, ...r.session } : null }
    },
    async linkIdentity(login) {
      const id = bridge.takeIdentity()
      // under the session the phone login just created (not begun on the phone yet)
      if (id) await api.userCenter.createUser(id, login)
    },
  }
}
