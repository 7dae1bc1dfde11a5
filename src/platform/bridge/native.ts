/**
 * H5 inside the operator's app. Bridge call shape (the contract with the app's native side):
 *
 *   request   the page calls  window.TvcNative.postMessage(JSON.stringify({ type: 'tvc:getPhone', id }))
 *             (Android: an addJavascriptInterface object; iOS: window.webkit.messageHandlers.TvcNative)
 *   reply     the app runs    window.postMessage({ type: 'tvc:phone', id, phone }, '*')
 *             (phone: 11 digits, or '' when the user is not signed in to the app)
 *
 * Sharing uses the same channel: `{ type: 'tvc:share', id, title, text, url }`, one-way (share.ts).
 *
 * The page waits 300 ms (config timeouts.bridgeReplyMs) for the reply with the same id; no reply, a
 * missing bridge or an empty/invalid number give null, and no phone login happens.
 *
 * Only the app's reply counts: a message event whose source is this very window and whose origin is
 * the page's own origin (what `window.postMessage(..)` run by the app produces), carrying the id that
 * was sent. The id is 128 random bits, so an embedded frame or another window cannot answer for the app.
 */
import { timeouts } from '../../config'
import { defaultTimers, isPhone, type PhoneBridge, type TimerPort } from './types'

interface PostTarget {
  postMessage(message: string): void
}

/** The part of a message event the bridge reads. */
export interface BridgeMessage {
  data: unknown
  source?: unknown
  origin?: string
}

/** The part of `window` the bridge uses (injected in tests). */
export interface BridgeWindow {
  TvcNative?: PostTarget
  webkit?: { messageHandlers?: { TvcNative?: PostTarget } }
  location: { origin: string }
  crypto?: { getRandomValues(array: Uint8Array): Uint8Array }
  addEventListener(type: 'message', listener: (e: BridgeMessage) => void): void
  removeEventListener(type: 'message', listener: (e: BridgeMessage) => void): void
}

export const NATIVE_REQUEST = 'tvc:getPhone'
export const NATIVE_REPLY = 'tvc:phone'

/** 128 random bits as hex, from the window's crypto (or Node's webcrypto under test). */
function requestId(win: BridgeWindow): string {
  const source = win.crypto ?? (globalThis as { crypto?: BridgeWindow['crypto'] }).crypto
  if (!source) throw new Error('no secure random source for the bridge request id')
  return Array.from(source.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function createNativeBridge(win: BridgeWindow, timers: TimerPort = defaultTimers, waitMs = timeouts.bridgeReplyMs): PhoneBridge {
  return {
    kind: 'native',
    getPhone() {
      const target = win.TvcNative ?? win.webkit?.messageHandlers?.TvcNative
      if (!target) return Promise.resolve(null)
      const id = requestId(win)
      return new Promise((resolve) => {
        let timer: unknown = null
        const done = (phone: string | null) => {
          win.removeEventListener('message', onMessage)
          if (timer !== null) timers.clearTimeout(timer)
          resolve(phone)
        }
        const onMessage = (e: BridgeMessage) => {
          if (e.source !== win || e.origin !== win.location.origin) return
          let data = e.data
          if (typeof data === 'string') {
            try {
              data = JSON.parse(data)
            } catch {
              return
            }
          }
          const msg = data as { type?: unknown; id?: unknown; phone?: unknown } | null
          if (!msg || msg.type !== NATIVE_REPLY || msg.id !== id) return
          done(isPhone(msg.phone) ? msg.phone : null)
        }
        win.addEventListener('message', onMessage)
        timer = timers.setTimeout(() => done(null), waitMs)
        try {
          target.postMessage(JSON.stringify({ type: NATIVE_REQUEST, id }))
        } catch {
          done(null)
        }
      })
    },
  }
}
