/**
 * Build-environment values, read once (bulletproof-react's `config/env.ts`).
 *
 * The build (config/index.ts) replaces each `process.env.TARO_APP_*` below with the value of the
 * variable of the same name at build time; jest reads the real process environment. So one code base
 * targets the local stack (the defaults) or a real operator without code changes.
 */

function read(value: string | undefined, fallback: string): string {
  return value !== undefined && value !== '' ? value : fallback
}

/** Local stack defaults (see README "Configuration"). */
export const LOCAL_GATEWAY_URL = 'http://127.0.0.1:8787/'
export const LOCAL_MQTT_URL = 'ws://127.0.0.1:8883/mqtt'

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}

export const env = Object.freeze({
  /** Gateway {host}: every endpoint path of SPEC section 7 is resolved against it. */
  gatewayUrl: withTrailingSlash(read(process.env.TARO_APP_GATEWAY_URL, LOCAL_GATEWAY_URL)),
  /** Broker websocket URL (wss:// for a real operator; plain ws:// only for the local stack). */
  mqttUrl: read(process.env.TARO_APP_MQTT_URL, LOCAL_MQTT_URL),
  /** Key that encrypts bodies before login (after login: the `secret` mobileLogin returns). */
  appKey: read(process.env.TARO_APP_APP_KEY, 'tvc-local-app-key-0123456789abcdef'),
  /** appId header of value-added-service calls. */
  appId: read(process.env.TARO_APP_APP_ID, 'tvc-local-app'),
  /** 'dev' answers the native-bridge phone request from the `phone` query parameter (local stack). */
  bridge: read(process.env.TARO_APP_BRIDGE, 'dev') as 'dev' | 'native',
  /** Web-view product page address (SPEC section 7, value not shown by the spec). */
  productPageUrl: read(process.env.TARO_APP_PRODUCT_PAGE_URL, ''),
})

export type Env = typeof env
