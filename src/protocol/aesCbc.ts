/**
 * The default body cipher `aes-256-cbc/pkcs7/iv-prefix/base64` (see ./codec.ts), on crypto-js. Only
 * the crypto-js parts used are imported (never `crypto-js` whole). The weapp build bundles this file
 * alone into the `crypto` async subpackage (src/platform/crypto): nothing in the main package imports it.
 */
import AES from 'crypto-js/aes'
import Core from 'crypto-js/core'
import Base64 from 'crypto-js/enc-base64'
import Utf8 from 'crypto-js/enc-utf8'
import SHA256 from 'crypto-js/sha256'
import { CodecError, webCryptoRandomBytes, type CipherScheme, type RandomBytes } from './codecCore'

type WordArray = ReturnType<typeof Utf8.parse>

/** 16 bytes = 4 words: the IV and the ciphertext split on a word boundary. */
const IV_BYTES = 16
const IV_WORDS = IV_BYTES / 4

function bytesToWordArray(bytes: Uint8Array): WordArray {
  const words: number[] = []
  for (let i = 0; i < bytes.length; i++) words[i >>> 2] |= bytes[i] << (24 - (i % 4) * 8)
  return Core.lib.WordArray.create(words, bytes.length)
}

export function aesCbcScheme(randomBytes: RandomBytes = webCryptoRandomBytes): CipherScheme {
  const keyCache = new Map<string, WordArray>()
  const deriveKey = (key: string): WordArray => {
    let k = keyCache.get(key)
    if (!k) {
      k = SHA256(key)
      keyCache.set(key, k)
    }
    return k
  }
  return {
    name: 'aes-256-cbc/pkcs7/iv-prefix/base64',
    randomBytesPerMessage: IV_BYTES,
    encrypt(plain, key) {
      const iv = bytesToWordArray(randomBytes(IV_BYTES))
      const encrypted = AES.encrypt(Utf8.parse(plain), deriveKey(key), {
        iv,
        mode: Core.mode.CBC,
        padding: Core.pad.Pkcs7,
      })
      return Base64.stringify(iv.clone().concat(encrypted.ciphertext))
    },
    decrypt(wire, key) {
      let raw: WordArray
      try {
        raw = Base64.parse(wire)
      } catch {
        throw new CodecError('not base64')
      }
      if (raw.sigBytes < IV_BYTES * 2 || (raw.sigBytes - IV_BYTES) % 16 !== 0) {
        throw new CodecError('ciphertext has a wrong length')
      }
      const iv = Core.lib.WordArray.create(raw.words.slice(0, IV_WORDS), IV_BYTES)
      const ciphertext = Core.lib.WordArray.create(raw.words.slice(IV_WORDS, raw.sigBytes / 4), raw.sigBytes - IV_BYTES)
      let text: string
      try {
        const params = Core.lib.CipherParams.create({ ciphertext })
        const decrypted = AES.decrypt(params, deriveKey(key), {
          iv,
          mode: Core.mode.CBC,
          padding: Core.pad.Pkcs7,
        })
        if (decrypted.sigBytes < 0) throw new CodecError('bad padding')
        text = Utf8.stringify(decrypted)
      } catch (e) {
        throw e instanceof CodecError ? e : new CodecError('cannot decrypt with this key')
      }
      return text
    },
  }
}

