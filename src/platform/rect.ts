import Taro from '@tarojs/taro'
import { shownElement } from './measure'

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/**
 * Where the first element of a class selector is on screen (the page's selector query on both
 * targets), or null when it is not there.
 */
export function rectOf(selector: string): Promise<Rect | null> {
  // H5: the DOM itself (the shown page's element: Taro keeps the pages below it in the DOM). Taro's H5
  // selector query looks the current page's container up when it runs, and throws (an uncaught
  // 在已加载页面中没有找到对应的容器元素) when a navigation has just begun and that container is not there yet
  if (process.env.TARO_ENV === 'h5') {
    // the laid-out one (the page on top); else the first there is, as the selector query answered
    const el = typeof document !== 'undefined' ? (shownElement(selector) ?? document.querySelector(selector)) : null
    const r = el?.getBoundingClientRect()
    return Promise.resolve(r ? { left: r.left, top: r.top, width: r.width, height: r.height } : null)
  }
  return new Promise((resolve) => {
    try {
      Taro.createSelectorQuery()
        .select(selector)
        .boundingClientRect((r) => {
          const rect = (Array.isArray(r) ? r[0] : r) as Rect | null
          resolve(rect ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : null)
        })
        .exec()
    } catch {
      resolve(null)
    }
  })
}
