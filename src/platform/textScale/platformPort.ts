/**
 * The text-size seam, chosen per build: WeChat reads its font size (wechat.ts); H5 reads the operator
 * app's bridge and the WebView (webview.ts). The `process.env.TARO_ENV` branch is folded at build
 * time, so each bundle carries one reader.
 */
import Taro from '@tarojs/taro'
import type { PhoneBridge } from '../bridge/types'
import { standardTextScale, type TextScalePort } from './types'
import { createWeChatTextScale, type WeChatFontInfo } from './wechat'
import { createWebViewTextScale, domTextProbe, type ProbeDocument } from './webview'

export function createTextScalePort(bridge?: PhoneBridge): TextScalePort {
  // if/else, not an early return: webpack skips the imports of a constant-false branch only
  if (process.env.TARO_ENV === 'weapp') {
    const taro = Taro as unknown as { getAppBaseInfo?: () => WeChatFontInfo; getSystemInfoSync?: () => WeChatFontInfo }
    return createWeChatTextScale({
      getAppBaseInfo: taro.getAppBaseInfo ? () => taro.getAppBaseInfo!() : undefined,
      getSystemInfoSync: taro.getSystemInfoSync ? () => taro.getSystemInfoSync!() : undefined,
    })
  } else {
    if (typeof document === 'undefined') return standardTextScale
    const port = createWebViewTextScale(
      { probe: domTextProbe(document as unknown as ProbeDocument), bridgeScale: bridge?.getFontScale ? () => bridge.getFontScale!() : undefined },
      document.documentElement,
    )
    return { ...port, ...(bridge?.onFontScale ? { onChange: (listener: () => void) => bridge.onFontScale!(listener) } : {}) }
  }
}
