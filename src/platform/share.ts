import Taro from '@tarojs/taro'

/**
 * The invitation's way out of the app. WeChat: a share card (the page's onShareAppMessage gives the
 * path), so no link. H5: a link to the same route in this app (hash routing), copied to the clipboard.
 */
export function shareLink(route: string): string {
  if (process.env.TARO_ENV !== 'h5') return ''
  return `${window.location.origin}${window.location.pathname}#${route}`
}

export const sharesByCard = process.env.TARO_ENV !== 'h5'

export async function copyText(text: string): Promise<boolean> {
  try {
    await Taro.setClipboardData({ data: text })
    return true
  } catch {
    return false
  }
}
