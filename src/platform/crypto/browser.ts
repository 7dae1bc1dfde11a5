import { aesCbcScheme } from '../../protocol/aesCbc'
import type { SchemeFactory } from '../../protocol/codecCore'

/** H5: crypto-js ships with the app as before (the scheme is there at once). */
export function browserCipher(): () => Promise<SchemeFactory> {
  return async () => aesCbcScheme
}
