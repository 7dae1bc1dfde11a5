/** Default transport of the app: Taro.request (H5 and WeChat). Pages never call Taro.request. */
import Taro from '@tarojs/taro'
import { TransportError, type Transport } from './types'

export function createTaroTransport(request: typeof Taro.request = Taro.request): Transport {
  return (req) =>
    new Promise((resolve, reject) => {
      const task = request({
        url: req.url,
        method: req.method,
        header: req.headers,
        data: req.body,
        timeout: req.timeoutMs,
        // Raw text: the client parses JSON itself (malformed JSON is a distinct failure).
        dataType: 'text',
        responseType: 'text',
        success: (res) => resolve({ status: res.statusCode, text: typeof res.data === 'string' ? res.data : JSON.stringify(res.data) }),
        fail: (err) => reject(new TransportError(err.errMsg || 'request failed')),
      })
      req.abort.onAbort(() => task.abort())
      // Taro H5's promise rejects too (already handled by `fail`): keep it from surfacing as unhandled.
      ;(task as unknown as Promise<unknown>).catch?.(() => undefined)
    })
}
