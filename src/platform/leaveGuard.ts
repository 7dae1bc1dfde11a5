/**
 * Leaving a page with unsaved changes. The custom navigation bar's back asks on both targets
 * (NavBar beforeLeave); on WeChat the system back (gesture, Android key) is covered by
 * wx.enableAlertBeforeUnload, which shows WeChat's own dialog with `message` while it is on. H5 has no
 * such API (the browser's back is history); nothing is done there.
 */
import Taro from '@tarojs/taro'

export function alertBeforeUnload(on: boolean, message: string): void {
  if (process.env.TARO_ENV !== 'weapp') return
  try {
    if (on) Taro.enableAlertBeforeUnload({ message })
    else Taro.disableAlertBeforeUnload()
  } catch {
    // base library without the API: the nav bar still asks
  }
}
