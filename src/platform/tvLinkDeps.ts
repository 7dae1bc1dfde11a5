import { env } from '../config'
import { createMqttLoader } from './mqtt'
import { taroCreateWebsocket } from './socket'
import { platformTvCode } from './tvCode'
import type { TvStoreDeps } from '../services/tv/code'
import type { MqttConnect, TvLinkApi } from '../services/tv/types'

type Load = () => Promise<MqttConnect>

/**
 * How this platform loads mqtt.js. The build constant-folds TARO_ENV and webpack does not follow the
 * require of the dead branch: the weapp main package holds no mqtt.js, H5 no subpackage code.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a static import would bundle both */
function platformMqtt(): Load {
  return process.env.TARO_ENV === 'weapp'
    ? (require('./mqtt/weapp') as { weappMqtt: () => Load }).weappMqtt()
    : (require('./mqtt/browser') as { browserMqtt: (hosts: () => unknown[]) => Load }).browserMqtt(() => [globalThis])
}
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The app's TV link dependencies: mqtt.js (loaded on first connect) over Taro.connectSocket to
 * env.mqttUrl, and the link's own code (loaded with the first TV: ./tvCode).
 */
export function createTvLinkDeps(api: TvLinkApi): TvStoreDeps {
  return { api, loadMqtt: createMqttLoader(platformMqtt()), url: env.mqttUrl, createWebsocket: taroCreateWebsocket(), ...platformTvCode() }
}

