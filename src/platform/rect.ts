import Taro from '@tarojs/taro'

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
