import type { MqttConnect } from '../../services/tv/types'

/** The file WeChat loads from the `mqtt` subpackage (config/mqttSubpackage.ts writes it). */
export const MQTT_SUBPACKAGE_ROOT = 'mqtt'
export const MQTT_SUBPACKAGE_FILE = `${MQTT_SUBPACKAGE_ROOT}/index.js`

type RequireAsync = { async?: (path: string) => Promise<{ loadConnect?: () => Promise<MqttConnect> }> }
declare const __non_webpack_require__: RequireAsync

/**
 * weapp: WeChat's `require.async` (base library >= 2.11.2) fetches the mqtt subpackage on first use;
 * webpack leaves `__non_webpack_require__` as WeChat's own `require`. The app's modules sit at the
 * package root (app.js, common.js, vendors.js), so the path is relative to it.
 */
export function weappMqtt(): () => Promise<MqttConnect> {
  return async () => {
    const requireAsync = __non_webpack_require__.async
    if (typeof requireAsync !== 'function') throw new Error('require.async is not available (WeChat base library < 2.11.2)')
    const mod = await requireAsync(`./${MQTT_SUBPACKAGE_FILE}`)
    if (typeof mod?.loadConnect !== 'function') throw new Error('the mqtt subpackage has no loadConnect()')
    return mod.loadConnect()
  }
}
