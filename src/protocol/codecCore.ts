/**
 * The body codec without its cipher code (SPEC 5, 7): the scheme interface, its errors, the JSON
 * codec over a scheme and the decrypt rule. No crypto-js here: the app's request client imports this,
 * and gets the AES-CBC scheme itself (./aesCbc.ts, crypto-js) through a loader, so the weapp main
 * package can leave crypto-js in an async subpackage (src/platform/crypto). ./codec.ts puts both
 * together for the emulator, the tests and the benchmarks. See ./codec.ts for the scheme.
 */
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
 * source: where none exists it throws SecureRandomError, never falling back to Math.random.
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

/** Makes a scheme drawing its IVs from a random source: what a cipher loader resolves. */
export type SchemeFactory = (randomBytes?: RandomBytes) => CipherScheme

/** JSON on top of a scheme: what the client and the emulator actually call. */
export interface Codec {
  readonly scheme: CipherScheme
  encode(value: unknown, key: string): string
  /** Throws CodecError when the text does not decrypt or is not JSON. */
  decode<T = unknown>(wire: string, key: string): T
}

/** The JSON codec over a scheme (codec.ts: createCodec, with the AES-CBC scheme by default). */
export function jsonCodec(scheme: CipherScheme): Codec {
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
