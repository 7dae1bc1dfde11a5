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

/**
 * Whether sharing may earn anything on this target: the share task's points, the invitation credited
 * to the sharer, the new-user gift for the friend (SPEC 6's sharerUid). Inside the operator's app (H5)
 * the SPEC's share activity applies. WeChat's 《微信小程序平台运营规范》 (滥用分享) forbids rewarding a
 * share with cash, points or gifts, and schemes where the invited friend gets something: on weapp
 * sharing stays, plain (no task, no sharerUid in the card, no promise in the text). WeChat's rules win
 * over SPEC there, since breaking them means rejection, then a sharing ban, then removal.
 */
export function sharingRewarded(taroEnv: string | undefined = process.env.TARO_ENV): boolean {
  return taroEnv === 'h5'
}

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
