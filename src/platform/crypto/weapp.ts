import type { SchemeFactory } from '../../protocol/codecCore'

/** The file WeChat loads from the `crypto` subpackage (config/mqttSubpackage.ts writes it). */
export const CRYPTO_SUBPACKAGE_ROOT = 'crypto'
export const CRYPTO_SUBPACKAGE_FILE = `${CRYPTO_SUBPACKAGE_ROOT}/index.js`

type RequireAsync = { async?: (path: string) => Promise<{ aesCbcScheme?: SchemeFactory } | undefined> }
declare const __non_webpack_require__: RequireAsync

/**
 * weapp: WeChat's `require.async` (base library >= 2.11.2) fetches the crypto subpackage (crypto-js
 * and the AES-CBC scheme, about 20 KB) when the first request is encrypted; WeChat keeps it with the
 * app's code afterwards. As for mqtt.js (../mqtt/weapp.ts), the path is relative to the package root.
 */
export function weappCipher(wxRequire: RequireAsync = __non_webpack_require__): () => Promise<SchemeFactory> {
  return async () => {
    if (typeof wxRequire.async !== 'function') throw new Error('require.async is not available (WeChat base library < 2.11.2)')
    const mod = await wxRequire.async(`./${CRYPTO_SUBPACKAGE_FILE}`)
    if (typeof mod?.aesCbcScheme !== 'function') throw new Error('the crypto subpackage has no aesCbcScheme()')
    return mod.aesCbcScheme
  }
}
