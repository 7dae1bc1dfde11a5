/**
 * One small seam, chosen by platform: WeChat (TARO_ENV weapp) -> weapp bridge; H5 -> env.bridge:
 * 'native' (operator app) or 'dev' (local stack). The app's composition root passes the platform
 * pieces (window, Taro.login, the api), so this module stays free of Taro imports and testable.
 */
import { createDevBridge } from './dev'
import { createNativeBridge, type BridgeWindow } from './native'
import type { BridgeKind, PhoneBridge, ProvenPhone } from './types'
import { createWeappBridge, type WeappBridgeDeps } from './weapp'

export function bridgeKindFor(taroEnv: string | undefined, envBridge: 'dev' | 'native'): BridgeKind {
  return taroEnv === 'weapp' ? 'weapp' : envBridge
}

export interface BridgeDeps {
  /** H5: window (native bridge) and the page URL (dev bridge). */
  win?: BridgeWindow
  href?: () => string
  weapp?: WeappBridgeDeps
}

export function createBridge(kind: BridgeKind, deps: BridgeDeps): PhoneBridge {
  switch (kind) {
    case 'native':
      if (!deps.win) throw new Error('native bridge needs window')
      return createNativeBridge(deps.win)
    case 'weapp':
      if (!deps.weapp) throw new Error('weapp bridge needs its deps')
      return createWeappBridge(deps.weapp)
    case 'dev':
      return createDevBridge(deps.href ?? (() => ''))
  }
}

/**
 * SPEC 5: phone login only with a number from the bridge. Resolves login's result, or null (and
 * login is not called) when no number was obtained.
 */
export async function loginWithBridge<T>(bridge: PhoneBridge, login: (phone: ProvenPhone) => Promise<T>): Promise<T | null> {
  const phone = await bridge.getPhone()
  if (!phone) return null
  return login(phone)
}

export { createDevBridge, DEV_DEMO_PHONE, devProvenPhone, fontScaleFromUrl, phoneFromUrl } from './dev'
export { createNativeBridge, NATIVE_FONT_SCALE_REPLY, NATIVE_FONT_SCALE_REQUEST, NATIVE_REPLY, NATIVE_REQUEST, type BridgeMessage, type BridgeWindow } from './native'
export { createWeappBridge, type WeappBridge, type WeappBridgeDeps } from './weapp'
export { isPhone, type BridgeKind, type PhoneBridge, type ProvenPhone } from './types'
