import type { TvLinkCode } from '../../services/tv/code'
import type { MqttConnect } from '../../services/tv/types'

/** The file WeChat loads from the `mqtt` subpackage (config/mqttSubpackage.ts writes it). */
export const MQTT_SUBPACKAGE_ROOT = 'mqtt'
export const MQTT_SUBPACKAGE_FILE = `${MQTT_SUBPACKAGE_ROOT}/index.js`

type LinkCode = Awaited<ReturnType<TvLinkCode['loadKeys']>> & { TvLink: Awaited<ReturnType<TvLinkCode['loadLink']>> }
type SubpackageModule = { loadConnect?: () => Promise<MqttConnect> } & Partial<LinkCode>
type RequireAsync = { async?: (path: string) => Promise<SubpackageModule | undefined> }
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

/**
 * The TV link's code (the link, the key queue) from the same subpackage, so the main package
 * carries none of it. WeChat loads the subpackage once (home preloads it); a failed load rejects and
 * the TV store says so and tries again.
 */
export function weappTvCode(wxRequire: RequireAsync = __non_webpack_require__): TvLinkCode {
  const load = async (): Promise<LinkCode> => {
    if (typeof wxRequire.async !== 'function') throw new Error('require.async is not available (WeChat base library < 2.11.2)')
    const mod = await wxRequire.async(`./${MQTT_SUBPACKAGE_FILE}`)
    if (typeof mod?.TvLink !== 'function' || typeof mod.KeyQueue !== 'function' || typeof mod.channelKeys !== 'function') throw new Error('the mqtt subpackage has no TV link code')
    return { TvLink: mod.TvLink, KeyQueue: mod.KeyQueue, channelKeys: mod.channelKeys }
  }
  return {
    loadLink: async () => (await load()).TvLink,
    loadKeys: async () => {
      const { KeyQueue, channelKeys } = await load()
      return { KeyQueue, channelKeys }
    },
  }
}
