import { queueMicrotask } from '../microtask'
import { errorText } from '../../lib/errorText'
import type { ConnectSocket, CreateWebsocket, SocketTaskLike, WebSocketLike, WsEventLike } from '../../services/tv/socketPort'

/**
 * A WebSocket-like object over a platform SocketTask, for mqtt.js's `createWebsocket` option (used
 * with `forceNativeWebSocket: true`, so mqtt.js's browser stream builder does the buffering). The same
 * code runs on weapp and H5. Every bit of state lives on the instance: two links never share a socket
 * (mqtt.js's own `wx` transport keeps it in module-level variables, so a second client breaks the first).
 */
export class TaroWebSocket implements WebSocketLike {
  readonly CONNECTING = 0 as const
  readonly OPEN = 1 as const
  readonly CLOSING = 2 as const
  readonly CLOSED = 3 as const
  readyState: number = 0
  binaryType = 'arraybuffer'
  /** SocketTask has no equivalent; mqtt.js only reads it for back-pressure. */
  bufferedAmount = 0
  onopen: ((ev: WsEventLike) => void) | null = null
  onmessage: ((ev: WsEventLike) => void) | null = null
  onclose: ((ev: WsEventLike) => void) | null = null
  onerror: ((ev: WsEventLike) => void) | null = null

  private task: SocketTaskLike | null = null
  private closeRequested = false

  constructor(
    connectSocket: ConnectSocket,
    readonly url: string,
    protocols: string[],
  ) {
    let pending: Promise<SocketTaskLike> | SocketTaskLike
    try {
      pending = connectSocket({ url, protocols, tcpNoDelay: true })
    } catch (e) {
      queueMicrotask(() => this.fail(errorText(e)))
      return
    }
    Promise.resolve(pending).then(
      (task) => this.attach(task),
      (e: unknown) => this.fail(errorText(e)),
    )
  }

  send(chunk: Uint8Array | string): void {
    if (this.readyState !== this.OPEN || !this.task) throw new Error('socket is not open')
    const data = typeof chunk === 'string' ? chunk : exactBytes(chunk)
    const result = this.task.send({
      data,
      fail: (res) => this.onerror?.({ type: 'error', message: res?.errMsg ?? 'send failed' }),
    })
    // Taro H5's send() also returns a rejected Promise on failure: never an unhandled rejection.
    swallow(result)
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === this.CLOSED || this.readyState === this.CLOSING) return
    this.closeRequested = true
    this.readyState = this.CLOSING
    if (this.task) swallow(this.task.close({ code, reason }))
  }

  private attach(task: SocketTaskLike): void {
    this.task = task
    // Taro H5 wraps a browser WebSocket whose default binaryType is 'blob'.
    if (task.ws) task.ws.binaryType = 'arraybuffer'
    task.onOpen(() => {
      if (this.closeRequested) {
        swallow(task.close({ code: 1000, reason: '' }))
        return
      }
      this.readyState = this.OPEN
      this.deliver(() => this.onopen?.({ type: 'open' }))
    })
    task.onMessage((res) => {
      if (this.readyState === this.OPEN) this.deliver(() => this.onmessage?.({ type: 'message', data: res.data }))
    })
    task.onError((err) => this.onerror?.({ type: 'error', message: err?.errMsg ?? err?.message ?? 'socket error' }))
    // Always registered: Taro H5 frees its socket slot only in onClose.
    task.onClose((res) => this.closed(res?.code ?? 1006, res?.reason ?? ''))
    if (this.closeRequested) swallow(task.close({ code: 1000, reason: '' }))
  }

  /**
   * Runs a handler of the client (mqtt.js). An exception there would escape into the platform's socket
   * callback, where nobody sees it and the client hangs: it fails this socket instead, so the client
   * gets an error and a close with the reason, and reconnects.
   */
  private deliver(handler: () => void): void {
    try {
      handler()
    } catch (e) {
      this.fail(errorText(e))
      if (this.task) swallow(this.task.close({ code: 1000, reason: '' }))
    }
  }

  private fail(message: string): void {
    if (this.readyState === this.CLOSED) return
    this.onerror?.({ type: 'error', message })
    this.closed(1006, message)
  }

  private closed(code: number, reason: string): void {
    if (this.readyState === this.CLOSED) return
    this.readyState = this.CLOSED
    this.onclose?.({ type: 'close', code, reason })
  }
}

/** The bytes of the view and nothing else: a Buffer is often a slice of a larger pooled ArrayBuffer. */
export function exactBytes(view: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = view
  if (byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer) return buffer
  const copy = new Uint8Array(byteLength)
  copy.set(view)
  return copy.buffer
}

function swallow(result: unknown): void {
  const maybe = result as { catch?: (fn: () => void) => unknown } | undefined
  if (maybe && typeof maybe.catch === 'function') maybe.catch(() => undefined)
}

/** mqtt.js `createWebsocket` over the given connectSocket (Taro.connectSocket in the app). */
export function createWebsocketFactory(connectSocket: ConnectSocket): CreateWebsocket {
  return (url, protocols) => new TaroWebSocket(connectSocket, url, protocols)
}
