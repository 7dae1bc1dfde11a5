/**
 * The text-size seam (pure parts: types, WeChat's reading, the WebView's). The per-build port is
 * createTextScalePort in platformPort.ts, which only the composition root imports (it imports Taro).
 * Only re-exports, marked free of side effects for webpack (config/index.ts), so the weapp bundle
 * carries no WebView reader for the stores' and PageShell's imports from here.
 */
export { positive, standardTextScale, STANDARD_READING, TEXT_SCALE_VAR, type TextScalePort, type TextScaleReading, type TextScaleSource } from './types'
export { createWeChatTextScale, readWeChatFont, wechatReadingOf, type WeChatFontDeps, type WeChatFontInfo } from './wechat'
export { APPLE_BODY_STANDARD_PX, createWebViewTextScale, domTextProbe, webViewReadingOf, type TextProbe, type WebViewTextScaleDeps } from './webview'
