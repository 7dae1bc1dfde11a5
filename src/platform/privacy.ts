import Taro from '@tarojs/taro'
import type { PrivacyAnswer, PrivacyPort } from '../services/privacy'

type WxPrivacy = {
  onNeedPrivacyAuthorization?: (listener: (resolve: (answer: PrivacyAnswer) => void) => void) => void
  requirePrivacyAuthorize?: (o: { success: () => void; fail: () => void }) => void
  openPrivacyContract?: (o: { success: () => void; fail: () => void }) => void
}

/**
 * Opens the privacy guide the consent sheet asks the user to accept. WeChat: its own page of the
 * backend's 用户隐私保护指引 (wx.openPrivacyContract, base library 2.32.3, the app's minimum), drawn
 * by WeChat above the mini-program. Resolves false where there is none (H5, an older base library, a
 * failed open): the caller then opens the app's privacy policy page.
 */
export function openPrivacyContract(): Promise<boolean> {
  if (process.env.TARO_ENV !== 'weapp') return Promise.resolve(false)
  const open = (Taro as unknown as WxPrivacy).openPrivacyContract
  if (!open) return Promise.resolve(false)
  return new Promise((resolve) => {
    try {
      open({ success: () => resolve(true), fail: () => resolve(false) })
    } catch {
      resolve(false)
    }
  })
}

/** WeChat's privacy authorisation (the port of src/services/privacy): one seam, a no-op on H5. */
export function createPrivacyPort(): PrivacyPort {
  if (process.env.TARO_ENV !== 'weapp') return { onNeed: () => undefined, ensure: async () => true }
  const api = Taro as unknown as WxPrivacy
  return {
    onNeed(handler) {
      // Base library < 2.32.3 has no privacy check at all: nothing to register.
      api.onNeedPrivacyAuthorization?.((resolve) => handler(resolve))
    },
    ensure() {
      const require = api.requirePrivacyAuthorize
      if (!require) return Promise.resolve(true)
      return new Promise((resolve) => require({ success: () => resolve(true), fail: () => resolve(false) }))
    },
  }
}
