import { env } from '../../config'
import { taroCreateWebsocket } from '../../platform/socket'
import { mqttConnect } from './mqttConnect'
import type { TvLinkApi, TvLinkDeps } from './types'

/** The app's TV link dependencies: mqtt.js over Taro.connectSocket to env.mqttUrl. */
export function createTvLinkDeps(api: TvLinkApi): TvLinkDeps {
  return { api, connect: mqttConnect, url: env.mqttUrl, createWebsocket: taroCreateWebsocket() }
}
