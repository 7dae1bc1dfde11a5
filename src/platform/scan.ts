import Taro from '@tarojs/taro'

/**
 * Scanning seam: the camera scan of WeChat (Taro.scanCode). H5 inside the operator's app has no scan
 * API of its own here, so `canScan` is false there and the bind form offers typing only.
 */
export const canScan = process.env.TARO_ENV === 'weapp'

/** The scanned text; null when the user cancelled. Any other failure rejects. */
export async function scanText(): Promise<string | null> {
  try {
    const res = await Taro.scanCode({ onlyFromCamera: false, scanType: ['qrCode', 'barCode'] })
    return typeof res.result === 'string' ? res.result : null
  } catch (e) {
    const msg = String((e as { errMsg?: string })?.errMsg ?? e)
    if (/cancel/i.test(msg)) return null
    throw e
  }
}
