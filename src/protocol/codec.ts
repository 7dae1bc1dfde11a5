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
import AES from 'crypto-js/aes'
import Core from 'crypto-js/core'
import Base64 from 'crypto-js/enc-base64'
import Utf8 from 'crypto-js/enc-utf8'
import SHA256 from 'crypto-js/sha256'

type WordArray = ReturnType<typeof Utf8.parse>

/** A cipher scheme: plaintext string <-> wire string, under a key string. */
export interface CipherScheme {
  readonly name: string
  /** Random bytes one encrypt draws (the IV): what the client makes sure the pool holds first. */
  readonly randomBytesPerMessage: number
  encrypt(plain: string, key: string): string
  /** Throws CodecError when the text cannot be decrypted with the key. */
  decrypt(wire: string, key: string): string
}

export class CodecError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CodecError'
  }
}

/**
 * Source of random bytes for IVs, synchronous so the codec stays synchronous. It must be a secure
 * source: where none exists it throws SecureRandomError, never falling back to Math.random (issue 10).
 * The app hands in a pool (src/services/http/secureRandom.ts) filled ahead of need.
 */
export type RandomBytes = (n: number) => Uint8Array

/** No secure random source to draw an IV from: the message is meant for the user. */
export class SecureRandomError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SecureRandomError'
  }
}

/** Web Crypto's getRandomValues (browsers, Node, the emulator); SecureRandomError where it is missing. */
export const webCryptoRandomBytes: RandomBytes = (n) => {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  if (!crypto || typeof crypto.getRandomValues !== 'function') throw new SecureRandomError('no secure random source (crypto.getRandomValues)')
  return crypto.getRandomValues(new Uint8Array(n))
}

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

/** JSON on top of a scheme: what the client and the emulator actually call. */
export interface Codec {
  readonly scheme: CipherScheme
  encode(value: unknown, key: string): string
  /** Throws CodecError when the text does not decrypt or is not JSON. */
  decode<T = unknown>(wire: string, key: string): T
}

export function createCodec(scheme: CipherScheme = aesCbcScheme()): Codec {
  return {
    scheme,
    encode: (value, key) => scheme.encrypt(JSON.stringify(value), key),
    decode<T>(wire: string, key: string): T {
      const text = scheme.decrypt(wire, key)
      try {
        return JSON.parse(text) as T
      } catch {
        throw new CodecError('decrypted text is not JSON')
      }
    },
  }
}

/** SPEC 5: response data is decrypted only when it is a string longer than 10 characters. */
export const DECRYPT_MIN_EXCLUSIVE = 10
export function shouldDecrypt(data: unknown): data is string {
  return typeof data === 'string' && data.length > DECRYPT_MIN_EXCLUSIVE
}
