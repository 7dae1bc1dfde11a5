/**
 * Entry of the weapp `crypto` subpackage (bundled by esbuild into dist/weapp/crypto/index.js,
 * CommonJS; see config/mqttSubpackage.ts): the AES-CBC scheme with the crypto-js parts it uses.
 */
export { aesCbcScheme } from '../../protocol/aesCbc'
