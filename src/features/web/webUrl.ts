/**
 * Which addresses the web-view may load. The configured product page and the addresses on the
 * configured allow-list; https only, except that a build against the local stack also allows the
 * local stack's own origin over http. Everything else (other hosts, http in operator builds,
 * javascript:, data:, file:, malformed addresses) is refused and never loaded.
 *
 * Parsed by hand: WeChat's JS runtime has no URL class.
 */
import { env, isLocalStackUrl } from '../../config/env'

export interface WebViewPolicy {
  /** The product page (may be '' when none is configured). */
  productPageUrl: string
  /** Further allowed addresses: an origin, or an origin plus a path prefix. */
  allow: readonly string[]
  /** Origin also allowed over http (the local stack's gateway), or '' in operator builds. */
  localOrigin: string
}

interface Parsed {
  scheme: 'http' | 'https'
  origin: string
  path: string
}

function parse(url: string): Parsed | null {
  const m = /^(https?):\/\/([^/?#\s@\\]+)([/?#]\S*)?$/i.exec(url.trim())
  if (!m) return null
  const scheme = m[1].toLowerCase() as 'http' | 'https'
  const host = m[2].toLowerCase()
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(host) && !/^\[[0-9a-f:]+\](:\d{1,5})?$/.test(host)) return null
  const rest = m[3] || '/'
  const path = rest.startsWith('/') ? rest.split(/[?#]/)[0] : '/'
  return { scheme, origin: `${scheme}://${host}`, path }
}

/** The policy of this build. */
export function buildPolicy(): WebViewPolicy {
  const local = isLocalStackUrl(env.gatewayUrl)
  return {
    productPageUrl: env.productPageUrl,
    allow: env.webViewAllow,
    localOrigin: local ? (parse(env.gatewayUrl)?.origin ?? '') : '',
  }
}

/** Whether `url` may be loaded under `policy`. */
export function isAllowedWebUrl(url: string, policy: WebViewPolicy): boolean {
  const u = parse(url)
  if (!u) return false
  if (u.scheme === 'http' && !(policy.localOrigin && u.origin === policy.localOrigin)) return false
  if (policy.localOrigin && u.origin === policy.localOrigin) return true
  const entries = [policy.productPageUrl, ...policy.allow].filter(Boolean)
  return entries.some((entry) => {
    const a = parse(entry)
    if (!a || a.scheme !== 'https' || a.origin !== u.origin) return false
    return u.path === a.path || u.path.startsWith(a.path.endsWith('/') ? a.path : `${a.path}/`)
  })
}
