/**
 * H5 inside the operator's app: the share sheet is the app's (documented beside tvc:getPhone, see
 * native.ts and docs/operator.md "Native bridge"). One-way message, no reply:
 *
 *   request   the page calls  window.TvcNative.postMessage(JSON.stringify(
 *                                { type: 'tvc:share', id, title, text, url }))
 *             (iOS: window.webkit.messageHandlers.TvcNative.postMessage(...))
 *             title/text: what the share card says; url: the link (its hash route carries sharerUid).
 *   the app   opens its own share sheet with them; a friend's tap opens `url` in the app's web view.
 *
 * Outside the app (no TvcNative) the page copies the link instead and says it opens in the
 * operator's app; on WeChat the mini-program's own share (onShareAppMessage) is used.
 */
import type { BridgeWindow } from './native'

export const SHARE_REQUEST = 'tvc:share'

export interface SharePayload {
  title: string
  text: string
  url: string
}

export type ShareChannel = 'weapp' | 'app' | 'browser'

type ShareWindow = Pick<BridgeWindow, 'TvcNative' | 'webkit'>

function target(win: ShareWindow | undefined) {
  return win?.TvcNative ?? win?.webkit?.messageHandlers?.TvcNative
}

/** How this page can share: WeChat's share, the operator app's sheet, or a copied link. */
export function shareChannel(taroEnv: string | undefined, win: ShareWindow | undefined): ShareChannel {
  if (taroEnv === 'weapp') return 'weapp'
  return target(win) ? 'app' : 'browser'
}

/** Asks the operator app to share; false when there is no bridge or it threw. */
export function shareInApp(win: ShareWindow | undefined, payload: SharePayload, id: string = String(Date.now())): boolean {
  const t = target(win)
  if (!t) return false
  try {
    t.postMessage(JSON.stringify({ type: SHARE_REQUEST, id, ...payload }))
    return true
  } catch {
    return false
  }
}
