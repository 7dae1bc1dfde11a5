/**
 * The text-size seam, chosen per build: WeChat reads its font size (wechat.ts); H5 reads the operator
 * app's bridge and the WebView (webview.ts). The `process.env.TARO_ENV` branch is folded at build
 * time, so each bundle carries one reader.
 */
import Taro from '@tarojs/taro'
import type { PhoneBridge } from '../bridge/types'
import { STANDARD_READING, standardTextScale, type TextScalePort } from './types'
import { createWeChatTextScale, type WeChatFontInfo } from './wechat'
import type { ProbeDocument } from './webview'

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
    // The WebView's reader arrives after home's first paint, in a chunk of its own: its probes force
    // a layout, which the start-up task (TBT) and the entry's bytes are better without. The static
    // shell and the first render use the standard size either way (CSS falls back to 1), so a user
    // with larger text sees one change of size, as before.
    let real: Promise<TextScalePort> | null = null
    const load = () =>
      (real ??= import('./webview').then((m) =>
        m.createWebViewTextScale(
          { probe: m.domTextProbe(document as unknown as ProbeDocument), bridgeScale: bridge?.getFontScale ? () => bridge.getFontScale!() : undefined },
          document.documentElement,
        ),
      ))
    return {
      // never rejects (TextScalePort): a reader that did not arrive reads the standard size
      read: () => load().then((port) => port.read(), () => STANDARD_READING),
      // the standard factor before anything was read is what the stylesheet's fallback gives already
      apply: (cssFactor: number) => {
        if (cssFactor === 1 && !real) return
        void load().then((port) => port.apply?.(cssFactor), () => undefined)
      },
      ...(bridge?.onFontScale ? { onChange: (listener: () => void) => bridge.onFontScale!(listener) } : {}),
    }
  }
}
