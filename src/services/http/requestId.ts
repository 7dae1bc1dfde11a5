/** requestId header values: unique per request (time + per-client counter + random). */
export function createRequestIdFactory(now: () => number = Date.now): () => string {
  let seq = 0
  return () => {
    seq = (seq + 1) % 1_000_000
    const rand = Math.floor(Math.random() * 0x100000).toString(16).padStart(5, '0')
    return `${now().toString(36)}-${seq.toString(36)}-${rand}`
  }
}
