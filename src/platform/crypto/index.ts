import type { SchemeFactory } from '../../protocol/codecCore'

/**
 * The request cipher's seam: how this platform loads the AES-CBC scheme (crypto-js) for
 * the request client's `loadScheme`.
 * - weapp (weapp.ts): WeChat's `require.async` of the `crypto` subpackage, so crypto-js is not in the
 *   main package; the first request waits for it.
 * - H5 (browser.ts): bundled with the app, resolved at once.
 * The build constant-folds TARO_ENV and webpack does not follow the require of the dead branch.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a static import would bundle both */
export function platformCipher(): () => Promise<SchemeFactory> {
  return process.env.TARO_ENV === 'weapp'
    ? (require('./weapp') as { weappCipher: () => () => Promise<SchemeFactory> }).weappCipher()
    : (require('./browser') as { browserCipher: () => () => Promise<SchemeFactory> }).browserCipher()
}
/* eslint-enable @typescript-eslint/no-require-imports */
