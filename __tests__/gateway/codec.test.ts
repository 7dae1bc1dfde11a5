/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
import fs from 'node:fs'
import path from 'node:path'
import { aesCbcScheme, CodecError, createCodec, shouldDecrypt, type CipherScheme } from '../../src/protocol/codec'

const defaultCodec = createCodec()

describe('codec', () => {
  it('round-trips JSON with Chinese text under the same key', () => {
    const value = { title: '长安十二时辰', n: 42, list: [true, null] }
    expect(defaultCodec.decode(defaultCodec.encode(value, 'k'), 'k')).toEqual(value)
  })

  it('uses a fresh random IV per message, carried with the ciphertext', () => {
    const a = defaultCodec.encode({ same: 1 }, 'k')
    const b = defaultCodec.encode({ same: 1 }, 'k')
    expect(a).not.toBe(b)
    // Base64(16-byte IV || AES-CBC/PKCS7 blocks): length - 16 is a multiple of 16.
    const bytes = Buffer.from(a, 'base64')
    expect((bytes.length - 16) % 16).toBe(0)
    expect(bytes.length).toBeGreaterThanOrEqual(32)
  })

  it('is AES-256-CBC with PKCS7 under SHA-256(key), interoperable with node:crypto', async () => {
    const { createHash, createDecipheriv } = await import('node:crypto')
    const wire = defaultCodec.encode({ hello: '世界' }, 'secret-key')
    const raw = Buffer.from(wire, 'base64')
    const key = createHash('sha256').update('secret-key', 'utf8').digest()
    const d = createDecipheriv('aes-256-cbc', key, raw.subarray(0, 16))
    const plain = Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8')
    expect(JSON.parse(plain)).toEqual({ hello: '世界' })
  })

  it('rejects a wrong key, bad Base64 lengths and non-JSON with CodecError', () => {
    const wire = defaultCodec.encode({ a: 1 }, 'right')
    expect(() => defaultCodec.decode(wire, 'wrong')).toThrow(CodecError)
    expect(() => defaultCodec.decode('QUJDREVGR0g=', 'right')).toThrow(CodecError)
    const notJson = aesCbcScheme().encrypt('not json', 'k')
    expect(() => defaultCodec.decode(notJson, 'k')).toThrow(CodecError)
  })

  it('takes the scheme as a seam', () => {
    const reversing: CipherScheme = {
      name: 'test-reverse',
      randomBytesPerMessage: 0,
      encrypt: (p) => [...p].reverse().join(''),
      decrypt: (w) => [...w].reverse().join(''),
    }
    const codec = createCodec(reversing)
    expect(codec.encode({ a: 1 }, 'k')).toBe('}1:"a"{')
    expect(codec.decode('}1:"a"{', 'k')).toEqual({ a: 1 })
  })

  it('decrypts only strings longer than 10 characters (SPEC 5)', () => {
    expect(shouldDecrypt('0123456789')).toBe(false)
    expect(shouldDecrypt('0123456789a')).toBe(true)
    expect(shouldDecrypt({})).toBe(false)
    expect(shouldDecrypt(null)).toBe(false)
  })

  it('imports only crypto-js parts, never the whole library', () => {
    const src = fs.readFileSync(path.join(__dirname, '../../src/protocol/aesCbc.ts'), 'utf8')
    const imports = [...src.matchAll(/from '(crypto-js[^']*)'/g)].map((m) => m[1])
    expect(imports.length).toBeGreaterThan(0)
    expect(imports).not.toContain('crypto-js')
  })

  it('only aesCbc.ts imports crypto-js, and no app module but the cipher seam imports aesCbc.ts or codec.ts', () => {
    const src = path.join(__dirname, '../../src')
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []))
    const rel = (f: string) => path.relative(src, f).split(path.sep).join('/')
    const importing = (re: RegExp) => files(src).filter((f) => re.test(fs.readFileSync(f, 'utf8'))).map(rel).sort()
    expect(importing(/from 'crypto-js/)).toEqual(['protocol/aesCbc.ts'])
    // the weapp main package holds none of it: only the crypto subpackage's entry and H5's loader take it
    expect(importing(/from '[./]*(protocol\/)?(aesCbc|codec)'/)).toEqual(['platform/crypto/browser.ts', 'platform/crypto/subpackage.ts', 'protocol/codec.ts'])
  })
})

describe('codec: exact behaviour (known answers)', () => {
  const IV = Uint8Array.from({ length: 16 }, (_, i) => i * 17)
  const fixed = aesCbcScheme(() => IV)

  it('gives the same wire as node:crypto for a known IV and key: Base64(iv || AES-256-CBC(SHA-256(key)))', async () => {
    const { createHash, createCipheriv } = await import('node:crypto')
    for (const plain of ['', 'x', '长安十二时辰', 'a'.repeat(16), 'b'.repeat(33)]) {
      const key = createHash('sha256').update('secret-key', 'utf8').digest()
      const c = createCipheriv('aes-256-cbc', key, IV)
      const expected = Buffer.concat([Buffer.from(IV), c.update(plain, 'utf8'), c.final()]).toString('base64')
      expect(fixed.encrypt(plain, 'secret-key')).toBe(expected)
      expect(fixed.decrypt(expected, 'secret-key')).toBe(plain)
    }
  })

  it('keeps one derived key per key string: a second key does not reuse the first', () => {
    const a = fixed.encrypt('same', 'key-a')
    const b = fixed.encrypt('same', 'key-b')
    expect(a).not.toBe(b)
    expect(fixed.decrypt(a, 'key-a')).toBe('same')
    expect(fixed.decrypt(b, 'key-b')).toBe('same')
    expect(fixed.encrypt('same', 'key-a')).toBe(a)
  })

  it('names each failure', () => {
    const err = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return e instanceof CodecError ? `${e.name}: ${e.message}` : `not a CodecError: ${String(e)}`
      }
      return 'no error'
    }
    expect(err(() => fixed.decrypt(null as never, 'k'))).toBe('CodecError: not base64')
    // 16 bytes: an IV alone; 40 bytes: not whole blocks after the IV
    expect(err(() => fixed.decrypt(Buffer.alloc(16, 1).toString('base64'), 'k'))).toBe('CodecError: ciphertext has a wrong length')
    expect(err(() => fixed.decrypt(Buffer.alloc(40, 1).toString('base64'), 'k'))).toBe('CodecError: ciphertext has a wrong length')
    expect(err(() => fixed.decrypt(Buffer.alloc(31, 1).toString('base64'), 'k'))).toBe('CodecError: ciphertext has a wrong length')
    // a wrong key: the padding reads wrong, or the text is not UTF-8
    expect(err(() => fixed.decrypt(fixed.encrypt('x', 'k'), 'other'))).toBe('CodecError: bad padding')
    expect(err(() => fixed.decrypt(fixed.encrypt('{"a":1}', 'right'), 'wrong3'))).toBe('CodecError: cannot decrypt with this key')
    expect(err(() => createCodec(fixed).decode(fixed.encrypt('not json', 'k'), 'k'))).toBe('CodecError: decrypted text is not JSON')
    expect(fixed.name).toBe('aes-256-cbc/pkcs7/iv-prefix/base64')
  })

  it('decrypts the shortest wire (one block: the empty text)', () => {
    const wire = fixed.encrypt('', 'k')
    expect(Buffer.from(wire, 'base64')).toHaveLength(32)
    expect(fixed.decrypt(wire, 'k')).toBe('')
  })
})
