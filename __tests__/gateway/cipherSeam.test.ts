/** @jest-environment node */
/** The weapp cipher loader (WeChat's require.async of the `crypto` subpackage). */
import { CRYPTO_SUBPACKAGE_FILE, weappCipher } from '../../src/platform/crypto/weapp'
import { browserCipher } from '../../src/platform/crypto/browser'
import { aesCbcScheme, createCodec } from '../../src/protocol/codec'
import * as subpackage from '../../src/platform/crypto/subpackage'

describe('the request cipher seam', () => {
  it('weapp: loads ./crypto/index.js with require.async and hands over its AES-CBC scheme', async () => {
    const requireAsync = jest.fn(async () => subpackage)
    const factory = await weappCipher({ async: requireAsync })()
    expect(requireAsync).toHaveBeenCalledWith(`./${CRYPTO_SUBPACKAGE_FILE}`)
    expect(CRYPTO_SUBPACKAGE_FILE).toBe('crypto/index.js')
    // what the subpackage gives encrypts what the emulator's codec reads
    const iv = new Uint8Array(16).fill(7)
    const wire = factory(() => iv).encrypt('{"a":1}', 'k')
    expect(createCodec().decode(wire, 'k')).toEqual({ a: 1 })
  })

  it('weapp: a base library without require.async, a failed download or a subpackage without the scheme reject with the reason', async () => {
    await expect(weappCipher({})()).rejects.toThrow('require.async is not available')
    await expect(weappCipher({ async: async () => Promise.reject(new Error('loadSubpackage:fail')) })()).rejects.toThrow('loadSubpackage:fail')
    await expect(weappCipher({ async: async () => ({}) })()).rejects.toThrow('no aesCbcScheme')
  })

  it('H5: the scheme ships with the app', async () => {
    await expect(browserCipher()()).resolves.toBe(aesCbcScheme)
  })
})
