/**
 * Where an operator image (applet/configImage) may lead: a route of the app that exists
 * (src/routes.ts) with its parameters checked, or an address the web-view allow-list permits (opened
 * in pages/web-view). Anything else (unknown pages, unknown or malformed parameters, other hosts,
 * javascript:, http in operator builds) is not followed.
 */
import { allRoutes, type PageName } from '../../routes'
import { buildPolicy, isAllowedWebUrl, type WebViewPolicy } from '../web'

export type ImageTarget = { kind: 'route'; name: PageName; query: Record<string, string> } | { kind: 'web'; url: string }

const ID = /^[A-Za-z0-9_-]{1,64}$/
const TITLE = /^[^<>\n\r]{1,40}$/

/** The parameters each route takes (a route not listed takes none); required ones first. */
const PARAMS: Partial<Record<PageName, Record<string, { pattern: RegExp; required: boolean }>>> = {
  detail: { programId: { pattern: ID, required: true } },
  'list-detail': { topicId: { pattern: ID, required: true } },
  'flow-more': { flowId: { pattern: ID, required: true }, title: { pattern: TITLE, required: false } },
  'detail-cast': { castId: { pattern: ID, required: true }, name: { pattern: TITLE, required: false } },
  'points-exchange-detail': { prizeId: { pattern: ID, required: true } },
}

/** Routes an image may not open: web-view only through an allow-listed https address (below). */
const NOT_LINKABLE: readonly string[] = Object.freeze(['web-view', 'choose-location', 'open-location'])

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return null
  }
}

function routeTarget(link: string): ImageTarget | null {
  const [pathPart, queryPart = ''] = link.split('?', 2)
  const path = pathPart.replace(/^\//, '')
  const def = allRoutes.find((r) => r.path === path)
  if (!def) return null
  const name = path.split('/').pop() as PageName
  if (NOT_LINKABLE.includes(name)) return null
  const spec = PARAMS[name] ?? {}
  const query: Record<string, string> = {}
  for (const pair of queryPart.split('&').filter(Boolean)) {
    const [k, v = ''] = pair.split('=', 2)
    const key = decode(k)
    const value = decode(v)
    if (key === null || value === null || !spec[key] || !spec[key].pattern.test(value) || key in query) return null
    query[key] = value
  }
  for (const [key, p] of Object.entries(spec)) if (p.required && !(key in query)) return null
  return { kind: 'route', name, query }
}

/** Where `link` leads, or null when it is not followed. */
export function imageTarget(link: string, policy: WebViewPolicy = buildPolicy()): ImageTarget | null {
  const l = link.trim()
  if (!l) return null
  if (/^https?:\/\//i.test(l)) return isAllowedWebUrl(l, policy) ? { kind: 'web', url: l } : null
  if (/^\/?(pages|subpackages\d*)\//.test(l)) return routeTarget(l)
  return null
}
