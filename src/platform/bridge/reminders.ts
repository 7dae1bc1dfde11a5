/**
 * H5 inside the operator's app: the phone's notice of a programme reminder is the app's own (H5 has no
 * WeChat subscribe messages). Documented beside tvc:getPhone and tvc:share (native.ts, share.ts,
 * docs/operator.md "Native bridge"). One-way message, no reply:
 *
 *   request   the page calls  window.TvcNative.postMessage(JSON.stringify(
 *                                { type: 'tvc:reminders', id, items: [{ id, at, title, text, url }] }))
 *             (iOS: window.webkit.messageHandlers.TvcNative.postMessage(...))
 *             items: every upcoming reminder of the logged-in user, the whole set each time (an empty
 *             list after logout or cancel-all): the app replaces what it had planned with it.
 *             at: epoch ms on the phone's clock when the notice is due; title/text: what it says;
 *             url: the page to open on a tap (the programme, with 在电视上看), a hash route of this app.
 *   the app   plans a local notification per item (and drops those no longer listed); a tap opens
 *             `url` in its web view.
 *
 * Outside the operator's app (no TvcNative) nothing is sent: the reminder shows in the app itself when
 * it is open (its banner and 我的预约).
 */
import type { BridgeWindow } from './native'

export const REMINDERS_REQUEST = 'tvc:reminders'

export interface AppNoticeItem {
  /** The reminder's id: the app keeps one notice per id. */
  id: string
  /** Epoch ms, the phone's clock. */
  at: number
  title: string
  text: string
  url: string
}

type NoticeWindow = Pick<BridgeWindow, 'TvcNative' | 'webkit'>

function target(win: NoticeWindow | undefined) {
  return win?.TvcNative ?? win?.webkit?.messageHandlers?.TvcNative
}

/** Whether the operator's app is there to take reminder notices. */
export function appNotices(win: NoticeWindow | undefined): boolean {
  return !!target(win)
}

/** Hands the app the whole set of notices to plan; false when there is no bridge or it threw. */
export function planAppNotices(win: NoticeWindow | undefined, items: AppNoticeItem[], id: string = String(Date.now())): boolean {
  const t = target(win)
  if (!t) return false
  try {
    t.postMessage(JSON.stringify({ type: REMINDERS_REQUEST, id, items }))
    return true
  } catch {
    return false
  }
}
