import Taro from '@tarojs/taro'

/**
 * Device metrics seam. The status bar height comes from the device (SPEC 9); H5 pages inside the
 * operator's app report 0 (the native app draws its own status bar).
 */
export function readStatusBarHeight(): number {
  // H5 draws no status bar of its own; not asking Taro keeps its UA parser off the first load.
  if (process.env.TARO_ENV === 'h5') return 0
  try {
    const info = typeof Taro.getWindowInfo === 'function' ? Taro.getWindowInfo() : Taro.getSystemInfoSync()
    const h = Number(info?.statusBarHeight)
    return Number.isFinite(h) && h > 0 ? h : 0
  } catch {
    return 0
  }
}

/** WeChat's capsule (menu button) rectangle in px; null on H5 or when the device gives none. */
export function readMenuButton(): ReturnType<typeof Taro.getMenuButtonBoundingClientRect> | null {
  if (process.env.TARO_ENV === 'h5') return null
  try {
    return Taro.getMenuButtonBoundingClientRect() ?? null
  } catch {
    return null
  }
}

/** The window's width in px (0 on H5, where the title bar keeps its stylesheet width). */
export function readWindowWidth(): number {
  if (process.env.TARO_ENV === 'h5') return 0
  try {
    return Number(Taro.getWindowInfo().windowWidth) || 0
  } catch {
    return 0
  }
}
