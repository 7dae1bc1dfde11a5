import Taro from '@tarojs/taro'

/** The WeChat launch scene value of this run of the mini-program, or null elsewhere (H5) or when unknown. */
export function launchScene(): number | null {
  if (process.env.TARO_ENV !== 'weapp') return null
  try {
    const scene = Taro.getLaunchOptionsSync?.().scene
    return typeof scene === 'number' ? scene : null
  } catch {
    return null // no launch options: treated as a scene the component may not show in
  }
}

/** The scene this run was last shown from (a hot start's, wx.getEnterOptionsSync), or null elsewhere or when unknown. */
export function enterScene(): number | null {
  if (process.env.TARO_ENV !== 'weapp') return null
  try {
    const scene = (Taro as unknown as { getEnterOptionsSync?: () => { scene?: unknown } }).getEnterOptionsSync?.().scene
    return typeof scene === 'number' ? scene : null
  } catch {
    return null
  }
}

/** Whether this build runs as the WeChat mini-program. */
export const isWeapp = process.env.TARO_ENV === 'weapp'
