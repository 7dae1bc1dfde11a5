/**
 * The mqtt.js seam: the TV link asks for mqtt.js's connect when it first connects, and each platform
 * loads the library its own way, off the first load:
 *
 * - H5 (browser.ts): `import()` of mqtt.js's ES bundle, a lazy chunk.
 * - weapp (weapp.ts): WeChat's `require.async` of the `mqtt` subpackage, which holds mqtt.js bundled
 *   with what WeChat lacks (subpackage.ts; built by config/mqttSubpackage.ts). mqtt.js is not in the
 *   main package at all.
 *
 * Both give mqtt.js's browser bundle the globals it reads while it loads. It takes
 * `AbortController`/`AbortSignal` from `self`, falling back to `window`; on weapp those are Taro's
 * window object or nothing, and app.js threw while it loaded (NervJS/taro#15580, mqttjs/MQTT.js#1797).
 */
import type { MqttConnect, MqttLoader } from '../../services/tv/types'

export type MqttModule = { connect?: unknown; default?: { connect?: unknown } }
type Host = Record<string, unknown>
type AbortPolyfill = { AbortController: unknown; AbortSignal: unknown }

/**
 * mqtt.js's connect from whichever build was loaded: Node's CommonJS build exports `connect`; the
 * browser bundles export a default object carrying it.
 */
export function connectOf(mod: MqttModule): MqttConnect {
  const fn = typeof mod.connect === 'function' ? mod.connect : mod.default?.connect
  if (typeof fn !== 'function') throw new Error('mqtt.js connect() not found in this build')
  return fn as MqttConnect
}

const lacks = (host: unknown): host is Host =>
  Boolean(host) &&
  (typeof host === 'object' || typeof host === 'function') &&
  (typeof (host as Host).AbortController !== 'function' || typeof (host as Host).AbortSignal !== 'function')

/**
 * Gives every host that lacks them AbortController and AbortSignal. The polyfill (abort-controller:
 * event-target-shim based, no DOM) is loaded only when some host lacks them.
 */
export async function installMqttGlobals(hosts: ReadonlyArray<unknown>, loadPolyfill: () => Promise<AbortPolyfill>): Promise<void> {
  const needy = hosts.filter(lacks)
  if (needy.length === 0) return
  const { AbortController, AbortSignal } = await loadPolyfill()
  for (const h of needy) {
    if (typeof h.AbortController !== 'function') h.AbortController = AbortController
    if (typeof h.AbortSignal !== 'function') h.AbortSignal = AbortSignal
  }
}

/** One load, shared by every connection; a failed load is tried again on the next connection. */
export function createMqttLoader(load: () => Promise<MqttConnect>): MqttLoader {
  let loading: Promise<MqttConnect> | null = null
  return () => {
    if (!loading) {
      const attempt = Promise.resolve().then(load)
      attempt.catch(() => {
        if (loading === attempt) loading = null
      })
      loading = attempt
    }
    return loading
  }
}
