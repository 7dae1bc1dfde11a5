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

/** The share seam's rule (a module of its own, without Taro): see shareRule.ts. */
export { sharingRewarded } from './shareRule'

/**
 * Copies text to the clipboard (H5 only). The weapp package carries no clipboard call: it is a privacy
 * API WeChat wants declared in the privacy guide (an undeclared one fails with "api scope is not
 * declared in the privacy agreement"), and every weapp path shares by card instead. The build folds
 * TARO_ENV, so on weapp this is `return false` and nothing else.
 */
export async function copyText(text: string): Promise<boolean> {
  if (process.env.TARO_ENV !== 'h5') return false
  try {
    await Taro.setClipboardData({ data: text })
    return true
  } catch {
    return false
  }
}
