import Taro from '@tarojs/taro'
import { appNotices, planAppNotices, type AppNoticeItem } from './bridge/reminders'

/**
 * The one seam of a programme reminder's phone notice, by platform:
 *   - weapp: WeChat's one-time subscribe message. `wx.requestSubscribeMessage` may only be called from
 *     a tap, so `askSubscription` starts the request at once, synchronously, in the caller's tap
 *     handler (before any await), and resolves with the user's answer; each acceptance lets the gateway
 *     send one message (subscribeMessage.send).
 *   - H5 in the operator's app: the app's own notification, planned through the bridge
 *     (./bridge/reminders.ts).
 *   - H5 elsewhere: none; the app's banner and notice list when it is open.
 * The build folds TARO_ENV: WeChat's package carries no bridge message, H5's no subscribe request.
 */
export type ReminderChannel = 'wechat' | 'app' | 'inApp'

/** The user's answer: accepted, refused (or WeChat could not ask), or no subscription on this platform. */
export type SubscribeAnswer = 'accept' | 'reject' | 'none'

function win(): Parameters<typeof appNotices>[0] {
  return typeof window !== 'undefined' ? (window as unknown as Parameters<typeof appNotices>[0]) : undefined
}

/** Where this phone's reminder notices go. */
export function reminderChannel(): ReminderChannel {
  if (process.env.TARO_ENV === 'weapp') return 'wechat'
  return appNotices(win()) ? 'app' : 'inApp'
}

/**
 * Asks WeChat for one subscribe message of `templateId`. Call it inside the tap handler, before any
 * await: WeChat refuses a request that does not come from a tap. A failure (the user switched
 * subscriptions off, an old base library, no template) counts as a refusal: the reminder is still kept
 * in the app.
 */
export function askSubscription(templateId: string): Promise<SubscribeAnswer> {
  if (process.env.TARO_ENV !== 'weapp' || !templateId) return Promise.resolve('none')
  return new Promise((resolve) => {
    try {
      Taro.requestSubscribeMessage({
        tmplIds: [templateId],
        entityIds: [],
        success: (res) => resolve((res as unknown as Record<string, unknown>)[templateId] === 'accept' ? 'accept' : 'reject'),
        fail: () => resolve('reject'),
      })
    } catch {
      resolve('reject')
    }
  })
}

/** H5 in the operator's app: the whole set of upcoming notices to plan; false elsewhere (weapp, a plain browser). */
export function planNotices(items: AppNoticeItem[]): boolean {
  if (process.env.TARO_ENV === 'weapp') return false
  return planAppNotices(win(), items)
}

/** Runs `fn` each time the app comes back to the foreground (WeChat's onAppShow; H5: visibilitychange). */
export function onForeground(fn: () => void): () => void {
  Taro.onAppShow(fn)
  return () => Taro.offAppShow(fn)
}

export type { AppNoticeItem }
