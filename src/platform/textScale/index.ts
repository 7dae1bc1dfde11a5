/**
 * The text-size seam (pure parts: types, WeChat's reading, the WebView's). The per-build port is
 * createTextScalePort in platformPort.ts, which only the composition root imports (it imports Taro).
 */
export { positive, standardTextScale, STANDARD_READING, type TextScalePort, type TextScaleReading, type TextScaleSource } from './types'
export { createWeChatTextScale, readWeChatFont, wechatReadingOf, type WeChatFontDeps, type WeChatFontInfo } from './wechat'
export { APPLE_BODY_STANDARD_PX, createWebViewTextScale, domTextProbe, TEXT_SCALE_VAR, webViewReadingOf, type TextProbe, type WebViewTextScaleDeps } from './webview'
