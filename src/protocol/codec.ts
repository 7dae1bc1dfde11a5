/**
 * Body codec shared by the app's request client and the gateway emulator (SPEC 7: bodies are
 * encrypted; SPEC 5: data is decrypted only when it is a string longer than 10 characters).
 *
 * Default scheme `aes-256-cbc/pkcs7/iv-prefix/base64`:
 *   key        = SHA-256(UTF-8 key string)            (any configured key length works)
 *   iv         = 16 random bytes from a secure source, fresh per message
 *   ciphertext = AES-CBC(PKCS7(UTF-8 plaintext))
 *   wire       = Base64(iv || ciphertext)
 * The scheme is a seam: `createCodec(otherScheme)` drops a real operator's cipher in without touching
 * the client or the emulator. Only the crypto-js parts used are imported (never `crypto-js` whole).
 */
import { aesCbcScheme } from './aesCbc'
import { jsonCodec, type CipherScheme, type Codec } from './codecCore'

export * from './codecCore'
export { aesCbcScheme }

/** JSON on the given scheme, by default AES-CBC: what the emulator, the tests and the benchmarks call. */
export function createCodec(scheme: CipherScheme = aesCbcScheme()): Codec {
  return jsonCodec(scheme)
}
