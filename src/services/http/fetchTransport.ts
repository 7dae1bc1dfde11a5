/** Transport over the global fetch (Node 18+, browsers): contract tests, the bench, scripts. */
import { TransportError, type Transport } from './types'

export function createFetchTransport(fetchImpl: typeof fetch = fetch): Transport {
  return async (req) => {
    const controller = new AbortController()
    req.abort.onAbort(() => controller.abort())
    const timer = setTimeout(() => controller.abort(), req.timeoutMs)
    try {
      const res = await fetchImpl(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: controller.signal,
      })
      return { status: res.status, text: await res.text() }
    } catch (e) {
      throw new TransportError(e instanceof Error ? e.message : String(e), controller.signal.aborted ? 'aborted' : 'network')
    } finally {
      clearTimeout(timer)
    }
  }
}
