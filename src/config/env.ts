/**
 * Build-environment values, read once (bulletproof-react's `config/env.ts`).
 *
 * The build (config/index.ts) replaces each `process.env.TARO_APP_*` below with the value of the
 * variable of the same name at build time; jest reads the real process environment. So one code base
 * targets the local stack (the defaults) or a real operator without code changes.
 */

/**
 * The local stack's subscribe message template (LOCAL_REMINDER_TEMPLATE_ID of src/protocol/reminders.ts,
 * the same string: __tests__/app/config.test.ts). Written here, not imported: that module's tables
 * would come with it into the main package.
 */
const LOCAL_REMINDER_TEMPLATE = 'tvc-local-reminder-template'

function read(value: string | undefined, fallback: string): string {
  return value !== undefined && value !== '' ? value : fallback
}

/**
 * Local stack defaults (see docs/operator.md "Configuration"). An operator build never falls back to them (the
 * build stops without its own addresses, config/target.ts), and carries none of them: the build folds
 * TARO_APP_TARGET, so no http:// or ws:// address is left in the package for WeChat to refuse
 * (scripts/check-weapp-release.mjs).
 */
export const LOCAL_GATEWAY_URL = process.env.TARO_APP_TARGET === 'operator' ? '' : 'http://127.0.0.1:8787/'
export const LOCAL_MQTT_URL = process.env.TARO_APP_TARGET === 'operator' ? '' : 'ws://127.0.0.1:8883/mqtt'

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}

/** Build target (config/target.ts): 'local' (default) or 'operator', checked by the build. */
const target = read(process.env.TARO_APP_TARGET, 'local') as 'local' | 'operator'
const gatewayUrl = withTrailingSlash(read(process.env.TARO_APP_GATEWAY_URL, LOCAL_GATEWAY_URL))

/** A build against the local stack: the gateway is on this machine (loopback). */
export function isLocalStackUrl(url: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)
}

export const env = Object.freeze({
  target,
  /** Gateway {host}: every endpoint path of SPEC section 7 is resolved against it. */
  gatewayUrl,
  /** Broker websocket URL (wss:// for a real operator; plain ws:// only for the local stack). */
  mqttUrl: read(process.env.TARO_APP_MQTT_URL, LOCAL_MQTT_URL),
  /** Key that encrypts bodies before login (after login: the `secret` mobileLogin returns). */
  appKey: read(process.env.TARO_APP_APP_KEY, 'tvc-local-app-key-0123456789abcdef'),
  /** appId header of value-added-service calls. */
  appId: read(process.env.TARO_APP_APP_ID, 'tvc-local-app'),
  /** 'dev' answers the native-bridge phone request from the `phone` query parameter (local stack). */
  bridge: read(process.env.TARO_APP_BRIDGE, target === 'operator' ? 'native' : 'dev') as 'dev' | 'native',
  /** Web-view product page address (SPEC section 7, value not shown by the spec). */
  productPageUrl: read(process.env.TARO_APP_PRODUCT_PAGE_URL, isLocalStackUrl(gatewayUrl) ? `${gatewayUrl}product/index.html` : ''),
  /** Further web-view addresses allowed (comma-separated URL prefixes, https only in operator builds). */
  webViewAllow: read(process.env.TARO_APP_WEBVIEW_ALLOW, '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
  /** The operator's WeChat official account: its name, said where the follow card tells how to find it. */
  officialAccountName: read(process.env.TARO_APP_OFFICIAL_ACCOUNT_NAME, '手机高清电视助手'),
  /** '1' when that account is linked to the mini-program (only then may WeChat's official-account component show). */
  officialAccountLinked: read(process.env.TARO_APP_OFFICIAL_ACCOUNT_LINKED, '') === '1',
  /**
   * The WeChat subscribe message template of programme reminders (one-time subscription): what 预约
   * asks WeChat for until the gateway's list names the template it sends. The local stack's by default.
   */
  reminderTemplateId: read(process.env.TARO_APP_REMINDER_TEMPLATE_ID, target === 'operator' ? '' : LOCAL_REMINDER_TEMPLATE),
})

export type Env = typeof env
