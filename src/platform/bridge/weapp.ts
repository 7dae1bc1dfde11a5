/**
 * WeChat mini-program: the WeChat identity from a fresh wx.login code via
 * encipher/mc/wxa/getOpenIdUnionId (each code once; the gateway answers a wxTicket, the one proof of
 * that exchange it trusts afterwards); the phone from the getPhoneNumber button's code via
 * mc/wxa/getSecretPhone. `getPhone()` answers the number the button produced (null until the user
 * pressed it); `takeIdentity()` hands over the identity that button's login proved, once, so
 * createUser can link it with the phone.
 */
import { isPhone, type PhoneBridge, type ProvenPhone } from './types'

export interface WeChatIdentity {
  openId: string
  unionId: string
  /** Proof of the code exchange (gateway extension); '' when the gateway gives none. */
  wxTicket: string
}

export interface WeappBridgeDeps {
  /** Taro.login().then(r => r.code) in the app. */
  wxLoginCode: () => Promise<string>
  getOpenIdUnionId: (req: { code: string }) => Promise<{ openId: string; unionId: string; wxTicket?: string }>
  getSecretPhone: (req: { code: string; openId: string }) => Promise<{ phone: string; phoneProof?: string }>
}

export interface WeappBridge extends PhoneBridge {
  /** A fresh wx.login code exchanged: the identity and its one-time proof (null without a code). */
  identity(): Promise<WeChatIdentity | null>
  /** Handler of <Button openType="getPhoneNumber">: e.detail.code. Resolves the phone (and its proof) or null. */
  phoneFromButton(code: string | undefined): Promise<ProvenPhone | null>
  /** The identity proved with the last phone from the button, once (null when none is waiting). */
  takeIdentity(): WeChatIdentity | null
}

export function createWeappBridge(deps: WeappBridgeDeps): WeappBridge {
  let phone: ProvenPhone | null = null
  let proved: WeChatIdentity | null = null
  // Never cached: a code and its ticket are good for one exchange each.
  const identity = async (): Promise<WeChatIdentity | null> => {
    const code = await deps.wxLoginCode()
    if (!code) return null
    const got = await deps.getOpenIdUnionId({ code })
    return got.openId ? { openId: got.openId, unionId: got.unionId, wxTicket: got.wxTicket ?? '' } : null
  }
  return {
    kind: 'weapp',
    identity,
    async getPhone() {
      return phone
    },
    async phoneFromButton(code) {
      phone = null
      proved = null
      if (!code) return null
      const id = await identity()
      if (!id) return null
      const got = await deps.getSecretPhone({ code, openId: id.openId })
      // the gateway's proof of the number it decrypted goes with it to mobileLogin
      phone = isPhone(got.phone) ? { phone: got.phone, phoneProof: got.phoneProof ?? '' } : null
      proved = phone ? id : null
      return phone
    },
    takeIdentity() {
      const id = proved
      proved = null
      return id
    },
  }
}
