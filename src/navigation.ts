import Taro from '@tarojs/taro'
import { routeOf, type PageName } from './routes'

export type Query = Record<string, string | number | undefined>

export function urlOf(name: PageName, query: Query = {}): string {
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  return qs ? `${routeOf[name]}?${qs}` : routeOf[name]
}

/** Opens a page on top of the current one. */
export function go(name: PageName, query?: Query): void {
  Taro.navigateTo({ url: urlOf(name, query) }).catch(() => Taro.redirectTo({ url: urlOf(name, query) }))
}

/** Reads a route parameter, decoded ('' when absent). */
export function param(params: Record<string, string | undefined>, key: string): string {
  const raw = params[key]
  if (!raw) return ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Back to home with nothing above it (after logout: no page of the previous user stays open). */
export function goHome(): void {
  Taro.reLaunch({ url: urlOf('index') }).catch(() => Taro.redirectTo({ url: urlOf('index') }))
}
