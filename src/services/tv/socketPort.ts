/**
 * The socket port of the TV link (services own the ports; src/platform/socket is the adapter): what
 * `Taro.connectSocket` gives (a SocketTask, on weapp and on H5), and what mqtt.js's browser stream
 * builder expects from `createWebsocket` (a WebSocket-like object). Tests hand a `ws`-backed SocketTask of the same shape (__tests__/tv/helpers).
 */

export interface SocketTaskCallbackResult {
  errMsg?: string
}

export interface SocketTaskLike {
  onOpen(cb: (res?: unknown) => void): void
  onMessage(cb: (res: { data: string | ArrayBuffer }) => void): void
  onError(cb: (err?: { errMsg?: string; message?: string }) => void): void
  onClose(cb: (res?: { code?: number; reason?: string }) => void): void
  send(opts: {
    data: string | ArrayBuffer
    success?: (res: SocketTaskCallbackResult) => void
    fail?: (res: SocketTaskCallbackResult) => void
  }): unknown
  close(opts: { code?: number; reason?: string }): unknown
  /** Taro H5 only: the browser WebSocket inside the task (default binaryType 'blob'). */
  ws?: { binaryType: string }
}

export interface ConnectSocketOptions {
  url: string
  protocols?: string[]
  /** WeChat defaults to Nagle: every small MQTT packet would wait for the peer's delayed ACK. */
  tcpNoDelay?: boolean
}

/** `Taro.connectSocket`: a Promise of the task in Taro 4 (both targets); a bare task is accepted too. */
export type ConnectSocket = (opts: ConnectSocketOptions) => Promise<SocketTaskLike> | SocketTaskLike

export interface WsEventLike {
  type: string
  data?: unknown
  code?: number
  reason?: string
  message?: string
}

/** The part of the browser WebSocket API mqtt.js (build/lib/connect/ws.js, browserStreamBuilder) uses. */
export interface WebSocketLike {
  readonly CONNECTING: 0
  readonly OPEN: 1
  readonly CLOSING: 2
  readonly CLOSED: 3
  readyState: number
  binaryType: string
  bufferedAmount: number
  url: string
  onopen: ((ev: WsEventLike) => void) | null
  onmessage: ((ev: WsEventLike) => void) | null
  onclose: ((ev: WsEventLike) => void) | null
  onerror: ((ev: WsEventLike) => void) | null
  send(chunk: Uint8Array | string): void
  close(code?: number, reason?: string): void
}

/** What mqtt.js's `createWebsocket` option is given. */
export type CreateWebsocket = (url: string, protocols: string[]) => WebSocketLike
