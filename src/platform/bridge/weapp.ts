/**
 * WeChat mini-program: openId/unionId from a wx.login code via encipher/mc/wxa/getOpenIdUnionId; the
 * phone from the getPhoneNumber button's code via mc/wxa/getSecretPhone. `getPhone()` answers the
 * number the button produced (null until the user pressed it).
 */
import { isPhone, type PhoneBridge } from './types'

export interface WeappBridgeDeps {
  /** Taro.login().then(r => r.code) in the app. */
  wxLoginCode: () => Promise<string>
  getOpenIdUnionId: (req: { code: string }) => Promise<{ openId: string; unionId: string }>
  getSecretPhone: (req: { code: string; openId: string }) => Promise<{ phone: string }>
}

export interface WeappBridge extends PhoneBridge {
  identity(): Promise<{ openId: string; unionId: string } | null>
  /** Handler of <Button openType="getPhoneNumber">: e.detail.code. Resolves the phone or null. */
  phoneFromButton(code: string | undefined): Promise<string | null>
}

export function createWeappBridge(deps: WeappBridgeDeps): WeappBridge {
  let ident: { openId: string; unionId: string } | null = null
  let phone: string | null = null
  const identity = async () => {
    if (ident) return ident
    const code = await deps.wxLoginCode()
    if (!code) return null
    const got = await deps.getOpenIdUnionId({ code })
    ident = got.openId ? got : null
    return ident
  }
  return {
    kind: 'weapp',
    identity,
    async getPhone() {
      return phone
    },
    async phoneFromButton(code) {
      if (!code) return null
      const id = await identity()
      if (!id) return null
      const got = await deps.getSecretPhone({ code, openId: id.openId })
      phone = isPhone(got.phone) ? got.phone : null
      return phone
    },
  }
}
