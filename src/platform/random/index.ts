import Taro from '@tarojs/taro'
import { net } from '../../strings'
import { createRandomPool, webCryptoRandom, type SecureRandom } from '../../services/http/secureRandom'
import { wxRandomSource, type WxRandom } from './wx'

/**
 * The secure random seam: the IVs of the body cipher.
 * - weapp: wx.getRandomValues (base library 2.15.0), asynchronous, behind a pool filled before the
 *   first encrypted request and refilled ahead of need (services/http/secureRandom.ts; wx.ts here).
 * - H5: crypto.getRandomValues, synchronous.
 * Without a secure source every encrypted request fails with SecureRandomError (net.noSecureRandom);
 * there is no Math.random fallback.
 */
export function createSecureRandom(): SecureRandom {
  if (process.env.TARO_ENV === 'weapp') return createRandomPool(wxRandomSource(Taro as unknown as WxRandom), { failure: net.noSecureRandom })
  return webCryptoRandom((globalThis as { crypto?: Parameters<typeof webCryptoRandom>[0] }).crypto, net.noSecureRandom)
}
