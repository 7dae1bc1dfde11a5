import Taro from '@tarojs/taro'
import type { PrivacyAnswer, PrivacyPort } from '../services/privacy'

type WxPrivacy = {
  onNeedPrivacyAuthorization?: (listener: (resolve: (answer: PrivacyAnswer) => void) => void) => void
  requirePrivacyAuthorize?: (o: { success: () => void; fail: () => void }) => void
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
