/**
 * H5 inside the operator's app. Bridge call shape (the contract with the app's native side):
 *
 *   request   the page calls  window.TvcNative.postMessage(JSON.stringify({ type: 'tvc:getPhone', id }))
 *             (Android: an addJavascriptInterface object; iOS: window.webkit.messageHandlers.TvcNative)
 *   reply     the app runs    window.postMessage({ type: 'tvc:phone', id, phone, phoneProof }, '*')
 *             (phone: 11 digits, or '' when the user is not signed in to the app; phoneProof: the
 *             proof the operator's gateway verifies that the number came from the app, one per reply,
 *             passed on as mobileLogin's `phoneProof`: src/protocol/identity.ts; '' or absent: none)
 *
 * Sharing uses the same channel: `{ type: 'tvc:share', id, title, text, url }`, one-way (share.ts).
 * The avatar: `{ type: 'tvc:getAvatar', id }`, answered with `{ type: 'tvc:avatar', id,
 * dataUrl }` within AVATAR_REPLY_MS.
 *
 * The font scale (an extension beyond SPEC 5, for the age-friendly text size; an app without it simply
 * never answers and the page measures the WebView instead): `{ type: 'tvc:getFontScale', id }`,
 * answered with `{ type: 'tvc:fontScale', id, scale }` within the same 300 ms, `scale` being the app's
 * text size over its standard one (1 = standard, e.g. Android's Configuration.fontScale or iOS Dynamic
 * Type's body size / 17). When the user changes it while the page is open, the app may post
 * `{ type: 'tvc:fontScale', scale }` without an id; the page then asks again.
 *
 * The page waits 300 ms (config timeouts.bridgeReplyMs) for the reply with the same id; no reply, a
 * missing bridge or an empty/invalid number give null, and no phone login happens.
 *
 * Only the app's reply counts: a message event whose source is this very window and whose origin is
 * the page's own origin (what `window.postMessage(..)` run by the app produces), carrying the id that
 * was sent. The id is 128 random bits, so an embedded frame or another window cannot answer for the app.
 */
import { timeouts } from '../../config'
import { defaultTimers, type TimerPort } from '../../services/timers'
import { isPhone, type PhoneBridge } from './types'

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

/** Reply to `tvc:getAvatar`: `{ type: 'tvc:avatar', id, dataUrl }`, a base64 data URL of the chosen image. */
export const NATIVE_AVATAR_REQUEST = 'tvc:getAvatar'
export const NATIVE_AVATAR_REPLY = 'tvc:avatar'
/** The user chooses a picture in the app meanwhile: the page waits this long for the reply. */
export const AVATAR_REPLY_MS = 120_000

/** The bytes of a base64 image data URL (PNG, JPEG or WebP as declared; the gateway checks the bytes). */
export function blobOfDataUrl(dataUrl: unknown): Blob | null {
  const m = typeof dataUrl === 'string' ? /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl) : null
  if (!m) return null
  const bin = atob(m[2])
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return new Blob([bytes], { type: m[1] })
}

/** The font scale request and its reply (and the app's unasked notice of a change). */
export const NATIVE_FONT_SCALE_REQUEST = 'tvc:getFontScale'
export const NATIVE_FONT_SCALE_REPLY = 'tvc:fontScale'

/** A message event the app itself sent: this window, this page's origin (see the module comment). */
function fromApp(win: BridgeWindow, e: BridgeMessage): Record<string, unknown> | null {
  if (e.source !== win || e.origin !== win.location.origin) return null
  let data = e.data
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      return null
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null
}

export function createNativeBridge(win: BridgeWindow, timers: TimerPort = defaultTimers, waitMs = timeouts.bridgeReplyMs): PhoneBridge {
  /** One request to the app and its reply with the same id (null: no bridge, no reply in time). */
  function ask(type: string, replyType: string, wait: number): Promise<Record<string, unknown> | null> {
    const target = win.TvcNative ?? win.webkit?.messageHandlers?.TvcNative
    if (!target) return Promise.resolve(null)
    const id = requestId(win)
    return new Promise((resolve) => {
      let timer: unknown = null
      const done = (reply: Record<string, unknown> | null) => {
        win.removeEventListener('message', onMessage)
        if (timer !== null) timers.clearTimeout(timer)
        resolve(reply)
      }
      const onMessage = (e: BridgeMessage) => {
        const msg = fromApp(win, e)
        if (!msg || msg.type !== replyType || msg.id !== id) return
        done(msg)
      }
      win.addEventListener('message', onMessage)
      timer = timers.setTimeout(() => done(null), wait)
      try {
        target.postMessage(JSON.stringify({ type, id }))
      } catch {
        done(null)
      }
    })
  }
  return {
    kind: 'native',
    async getPhone() {
      const reply = await ask(NATIVE_REQUEST, NATIVE_REPLY, waitMs)
      if (!isPhone(reply?.phone)) return null
      const proof = reply.phoneProof
      return { phone: reply.phone, phoneProof: typeof proof === 'string' && proof.length <= 1024 ? proof : '' }
    },
    async getAvatar() {
      return blobOfDataUrl((await ask(NATIVE_AVATAR_REQUEST, NATIVE_AVATAR_REPLY, AVATAR_REPLY_MS))?.dataUrl)
    },
    async getFontScale() {
      const scale = (await ask(NATIVE_FONT_SCALE_REQUEST, NATIVE_FONT_SCALE_REPLY, waitMs))?.scale
      return typeof scale === 'number' && Number.isFinite(scale) && scale > 0 ? scale : null
    },
    onFontScale(listener) {
      // only the app's own notice, without an id (a reply to a request of ours has one)
      const onMessage = (e: BridgeMessage) => {
        const msg = fromApp(win, e)
        if (msg?.type === NATIVE_FONT_SCALE_REPLY && msg.id === undefined) listener()
      }
      win.addEventListener('message', onMessage)
      return () => win.removeEventListener('message', onMessage)
    },
  }
}
