/**
 * Who may reach the local stack over HTTP (gateway, admin and scenario routes, broker WebSocket):
 *  - a request without an Origin header (weapp, Node, curl) is allowed;
 *  - a browser request only from an allowed origin (the H5 app's; '*' allows any);
 *  - the Host header must name a loopback host, so a DNS-rebinding page (evil.example resolving to
 *    127.0.0.1) is refused even though its requests are same-origin for the browser.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?$/i

export function hostAllowed(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host)
}

export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin === undefined || allowed.includes('*') || allowed.includes(origin)
}

/** Answers 403 and returns false when the request's Host or Origin is not allowed. */
export function admitRequest(req: IncomingMessage, res: ServerResponse, allowedOrigins: readonly string[]): boolean {
  if (hostAllowed(req.headers.host) && originAllowed(req.headers.origin, allowedOrigins)) return true
  res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end('Forbidden: foreign Origin or Host')
  return false
}
