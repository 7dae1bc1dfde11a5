/**
 * The one seam through which the gateway sends WeChat subscribe messages (programme reminders:
 * src/protocol/reminders.ts). The gateway builds the message and calls `send`; what stands behind it:
 *   - the local stack: `localWechatSender`, a stand-in for WeChat that keeps every call in an outbox
 *     (the state file; admin route GET /__emulator/wechat/subscribe-messages), checks WeChat's value
 *     limits (47003 otherwise) and the one-time subscriptions (43101 without one left: one acceptance
 *     is one message);
 *   - an operator: `wechatApiSender`, the real `subscribeMessage.send`
 *     (POST https://api.weixin.qq.com/cgi-bin/message/subscribe/send?access_token=...) with the
 *     operator's access token and template id (docs/operator.md "Programme reminders").
 * A send never throws: a failure is an errcode (-1 for the network), so a reminder is never fired twice
 * because a send failed.
 */
import {
  LOCAL_REMINDER_TEMPLATE_ID,
  WECHAT_TIME,
  WECHAT_VALUE_LIMITS,
  wechatKeyKind,
  wechatLength,
} from '../../src/protocol/reminders'
import type { DbState, WechatOutboxRec } from '../db/state'

/** The body of subscribeMessage.send (WeChat's field names). */
export interface SubscribeMessage {
  touser: string
  template_id: string
  page: string
  data: Record<string, { value: string }>
  miniprogram_state?: 'developer' | 'trial' | 'formal'
  lang?: 'zh_CN'
}

export interface WechatSendResult {
  errcode: number
  errmsg: string
}

export interface WechatSender {
  /** The template the gateway sends reminders with (the app asks the user for this one). */
  readonly templateId: string
  send(message: SubscribeMessage): Promise<WechatSendResult>
  /**
   * The phone said the user accepted one message of the template in a tap (wx.requestSubscribeMessage).
   * WeChat keeps acceptances itself: the operator's sender ignores it; the local stand-in counts it.
   */
  accepted?(openId: string, templateId: string): void
}

/** WeChat's codes the gateway tells apart. */
export const WECHAT_OK = 0
export const WECHAT_NOT_SUBSCRIBED = 43101
export const WECHAT_BAD_ARGUMENT = 47003

/** Calls kept in the local outbox (the oldest go first). */
export const OUTBOX_KEPT = 200
/** Unused acceptances the stand-in keeps per user and template (WeChat's own bound is not published). */
const ACCEPTED_MAX = 100

/** Why WeChat would refuse a message's values, or null (WeChat's limits per keyword kind). */
export function invalidValue(data: SubscribeMessage['data']): string | null {
  for (const [key, v] of Object.entries(data)) {
    const value = v?.value
    if (typeof value !== 'string' || value === '') return `argument invalid! data.${key}.value empty`
    const kind = wechatKeyKind(key)
    if (kind === 'time' || kind === 'date') {
      if (!WECHAT_TIME.test(value)) return `argument invalid! data.${key}.value invalid`
      continue
    }
    const max = WECHAT_VALUE_LIMITS[kind]
    if (max === undefined) return `argument invalid! data.${key} unknown keyword kind`
    if (wechatLength(value) > max) return `argument invalid! data.${key}.value exceeds limit ${max}`
  }
  return null
}

const acceptKey = (openId: string, templateId: string) => `${openId} ${templateId}`

/** The local stack's WeChat: an outbox in the state file, WeChat's checks, one-time subscriptions counted. */
export function localWechatSender(
  state: () => Pick<DbState, 'wechatAccepted' | 'wechatOutbox'>,
  written: () => void,
  now: () => number,
  templateId = LOCAL_REMINDER_TEMPLATE_ID,
): WechatSender & { outbox(): WechatOutboxRec[] } {
  const keep = (rec: WechatOutboxRec) => {
    const s = state()
    s.wechatOutbox.push(rec)
    if (s.wechatOutbox.length > OUTBOX_KEPT) s.wechatOutbox.splice(0, s.wechatOutbox.length - OUTBOX_KEPT)
    written()
  }
  return {
    templateId,
    accepted(openId, tid) {
      if (!openId || tid !== templateId) return
      const s = state()
      const k = acceptKey(openId, tid)
      s.wechatAccepted[k] = Math.min(ACCEPTED_MAX, (Object.prototype.hasOwnProperty.call(s.wechatAccepted, k) ? s.wechatAccepted[k] : 0) + 1)
      written()
    },
    send(message) {
      const s = state()
      const copy = { ...message, data: Object.fromEntries(Object.entries(message.data).map(([k, v]) => [k, { value: v.value }])) }
      const answer = (errcode: number, errmsg: string): Promise<WechatSendResult> => {
        keep({ at: now(), errcode, errmsg, message: copy })
        return Promise.resolve({ errcode, errmsg })
      }
      if (!message.touser) return answer(40003, 'invalid openid')
      if (message.template_id !== templateId) return answer(40037, 'invalid template_id')
      const bad = invalidValue(message.data)
      if (bad) return answer(WECHAT_BAD_ARGUMENT, bad)
      const k = acceptKey(message.touser, message.template_id)
      const left = Object.prototype.hasOwnProperty.call(s.wechatAccepted, k) ? s.wechatAccepted[k] : 0
      if (left <= 0) return answer(WECHAT_NOT_SUBSCRIBED, 'user refuse to accept the msg')
      if (left === 1) delete s.wechatAccepted[k]
      else s.wechatAccepted[k] = left - 1
      return answer(WECHAT_OK, 'ok')
    },
    outbox: () => state().wechatOutbox.map((r) => ({ ...r, message: { ...r.message, data: { ...r.message.data } } })),
  }
}

/**
 * The real subscribeMessage.send, for an operator's gateway: `accessToken()` gives a valid
 * access_token (the operator's own cache of cgi-bin/token or stable_token). Never throws.
 */
export function wechatApiSender(options: {
  templateId: string
  accessToken: () => Promise<string>
  miniprogramState?: SubscribeMessage['miniprogram_state']
  fetch?: typeof fetch
  endpoint?: string
}): WechatSender {
  const doFetch = options.fetch ?? fetch
  const endpoint = options.endpoint ?? 'https://api.weixin.qq.com/cgi-bin/message/subscribe/send'
  return {
    templateId: options.templateId,
    async send(message) {
      try {
        const token = await options.accessToken()
        const res = await doFetch(`${endpoint}?access_token=${encodeURIComponent(token)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...message, ...(options.miniprogramState ? { miniprogram_state: options.miniprogramState } : {}) }),
          signal: AbortSignal.timeout(10_000),
        })
        const body = (await res.json()) as Partial<WechatSendResult>
        return { errcode: typeof body.errcode === 'number' ? body.errcode : -1, errmsg: String(body.errmsg ?? res.status) }
      } catch (e) {
        return { errcode: -1, errmsg: `network: ${(e as Error).message}` }
      }
    },
  }
}
