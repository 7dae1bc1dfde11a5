import WebSocket from 'ws'
import type { ConnectSocket, SocketTaskLike } from '../../../src/services/tv/socketPort'

/**
 * Taro.connectSocket for Node: a SocketTask of the same shape over a `ws` WebSocket, so tests and the
 * bench run real mqtt.js through the app's socket adapter. Records what the adapter asked for.
 */
export interface WsConnectLog {
  options: Array<{ url: string; protocols?: string[]; tcpNoDelay?: boolean }>
  opened: number
  closed: number
}

export function wsConnectSocket(log: WsConnectLog = { options: [], opened: 0, closed: 0 }): ConnectSocket {
  return (opts) => {
    log.options.push({ ...opts })
    const ws = new WebSocket(opts.url, opts.protocols)
    ws.binaryType = 'nodebuffer'
    ws.on('error', () => undefined) // reported through onError below; never an unhandled 'error'
    ws.on('open', () => log.opened++)
    ws.on('close', () => log.closed++)
    const task: SocketTaskLike = {
      onOpen: (cb) => ws.on('open', () => cb({})),
      onMessage: (cb) =>
        ws.on('message', (data: Buffer, isBinary: boolean) => {
          if (!isBinary) return cb({ data: data.toString('utf8') })
          const copy = new Uint8Array(data.byteLength)
          copy.set(data)
          cb({ data: copy.buffer })
        }),
      onError: (cb) => ws.on('error', (e) => cb({ errMsg: e.message })),
      onClose: (cb) => ws.on('close', (code, reason) => cb({ code, reason: reason.toString() })),
      send: ({ data, success, fail }) => {
        if (ws.readyState !== WebSocket.OPEN) {
          const res = { errMsg: 'sendSocketMessage:fail not open' }
          fail?.(res)
          return Promise.reject(res)
        }
        ws.send(data)
        success?.({ errMsg: 'sendSocketMessage:ok' })
        return Promise.resolve({ errMsg: 'sendSocketMessage:ok' })
      },
      close: () => {
        if (ws.readyState === WebSocket.CONNECTING) ws.terminate()
        else ws.close(1000)
        return Promise.resolve({ errMsg: 'closeSocket:ok' })
      },
    }
    return Promise.resolve(task)
  }
}
