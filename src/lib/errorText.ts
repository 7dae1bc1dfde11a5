/**
 * An error's message, read by shape: errors of the WeChat realm are not this realm's Error, and
 * WeChat's API failures carry `errMsg` instead of `message`.
 */
export function errorText(e: unknown): string {
  if (e && typeof e === 'object') {
    const o = e as { errMsg?: unknown; message?: unknown }
    if (typeof o.errMsg === 'string') return o.errMsg
    if (typeof o.message === 'string') return o.message
  }
  return String(e)
}
