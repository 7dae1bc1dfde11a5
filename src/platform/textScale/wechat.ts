/**
 * WeChat's font size (小程序适老化设计指南): `wx.getAppBaseInfo()` gives `fontSizeSetting` (px) and
 * `fontSizeScaleFactor`; older base libraries (getAppBaseInfo from 2.20.1, its fontSizeSetting from
 * 2.23.4) give them through `wx.getSystemInfoSync()`, which WeChat no longer maintains.
 * iOS: the factor is fontSizeSetting / 17 px (7 steps; on a 375-wide screen 16, 17, 18, 19.5, 21, 22
 * and 23.8 px, the last being 关怀模式). Android: 8 steps, fontSizeSetting = 16 px x the factor.
 * WeChat announces no change of it to a running mini-program: the app reads it again when shown.
 */
import { positive, STANDARD_READING, type TextScalePort, type TextScaleReading } from './types'

/** The two fields of getAppBaseInfo / getSystemInfoSync read here (Taro's types lack them). */
export interface WeChatFontInfo {
  fontSizeSetting?: unknown
  fontSizeScaleFactor?: unknown
}

/** iOS standard size: the factor when only fontSizeSetting is given. */
const WECHAT_STANDARD_PX = 17

/** The reading of one info object (null: it says nothing about the font size). */
export function wechatReadingOf(info: WeChatFontInfo | null | undefined): TextScaleReading | null {
  if (!info) return null
  const px = positive(info.fontSizeSetting)
  const factor = positive(info.fontSizeScaleFactor) ?? (px ? px / WECHAT_STANDARD_PX : null)
  if (!factor) return null
  return { factor, ...(px ? { fontSizePx: px } : {}), source: 'wechat', applied: 1 }
}

export interface WeChatFontDeps {
  getAppBaseInfo?: () => WeChatFontInfo
  getSystemInfoSync?: () => WeChatFontInfo
}

/** getAppBaseInfo first; fields it lacks (an older base library) from getSystemInfoSync. */
export function readWeChatFont(deps: WeChatFontDeps): TextScaleReading {
  const safely = (f?: () => WeChatFontInfo): WeChatFontInfo | null => {
    try {
      return typeof f === 'function' ? f() : null
    } catch {
      return null
    }
  }
  const base = safely(deps.getAppBaseInfo)
  if (positive(base?.fontSizeScaleFactor) && positive(base?.fontSizeSetting)) return wechatReadingOf(base) as TextScaleReading
  const system = safely(deps.getSystemInfoSync)
  const merged: WeChatFontInfo = {
    fontSizeSetting: positive(base?.fontSizeSetting) ?? system?.fontSizeSetting,
    fontSizeScaleFactor: positive(base?.fontSizeScaleFactor) ?? system?.fontSizeScaleFactor,
  }
  return wechatReadingOf(merged) ?? STANDARD_READING
}

export function createWeChatTextScale(deps: WeChatFontDeps): TextScalePort {
  return { read: async () => readWeChatFont(deps) }
}
