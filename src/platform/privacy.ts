import Taro from '@tarojs/taro'
import type { PrivacyAnswer } from '../stores/consentStore'

/**
 * WeChat's privacy authorisation (app.json __usePrivacyCheck__): one seam, a no-op on H5.
 * - onNeed: wx.onNeedPrivacyAuthorization, raised when a privacy API (getPhoneNumber, scanCode,
 *   the clipboard) runs before the user agreed; the app shows its consent sheet and answers.
 * - ensure: wx.requirePrivacyAuthorize before such an API; resolves false when the user declines.
 */
export interface PrivacyPort {
  onNeed(handler: (resolve: (answer: PrivacyAnswer) => void) => void): void
  ensure(): Promise<boolean>
}

type WxPrivacy = {
  onNeedPrivacyAuthorization?: (listener: (resolve: (answer: PrivacyAnswer) => void) => void) => void
  requirePrivacyAuthorize?: (o: { success: () => void; fail: () => void }) => void
}

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
