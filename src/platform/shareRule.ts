/**
 * Whether sharing may earn anything on this target (re-exported by src/platform/share.ts, the seam):
 * the share task's points, the invitation credited to the sharer, the new-user gift for the friend
 * (SPEC 6's sharerUid). Inside the operator's app (H5) the SPEC's share activity applies. WeChat's
 * 《微信小程序平台运营规范》 (滥用分享) forbids rewarding a share with cash, points or gifts, and schemes
 * where the invited friend gets something: on weapp sharing stays, plain (no task, no sharerUid in the
 * card, no promise in the text). WeChat's rules win over SPEC there, since breaking them means
 * rejection, then a sharing ban, then removal. A module without Taro: the composition root reads it,
 * and H5's first load must not carry the clipboard code of share.ts.
 */
export function sharingRewarded(taroEnv: string | undefined = process.env.TARO_ENV): boolean {
  return taroEnv === 'h5'
}
