import type { AsyncRandomSource } from '../../services/http/secureRandom'

/** WeChat's secure random source (no Taro import: Node tests load it). */
export interface WxRandom {
  getRandomValues?: (o: { length: number; success: (res: { randomValues: ArrayBuffer }) => void; fail: (res: { errMsg?: string }) => void }) => void
}

/** wx.getRandomValues as a promise of exactly n bytes; rejects where the base library lacks it. */
export function wxRandomSource(wx: WxRandom): AsyncRandomSource {
  return (n) =>
    new Promise((resolve, reject) => {
      if (typeof wx.getRandomValues !== 'function') {
        reject(new Error('wx.getRandomValues is missing (base library below 2.15.0)'))
        return
      }
      wx.getRandomValues({ length: n, success: (res) => resolve(new Uint8Array(res.randomValues)), fail: (res) => reject(new Error(res.errMsg ?? 'getRandomValues:fail')) })
    })
}
