import { connect } from 'mqtt'
import { env } from '../../config'
import { taroCreateWebsocket } from '../../platform/socket'
import type { MqttClientLike, MqttConnect, TvLinkApi, TvLinkDeps } from './types'

/** mqtt.js's connect behind the link's small client interface. */
export const mqttConnect: MqttConnect = (url, opts) => connect(url, opts) as unknown as MqttClientLike

/** The app's TV link dependencies: mqtt.js over Taro.connectSocket to env.mqttUrl. */
export function createTvLinkDeps(api: TvLinkApi): TvLinkDeps {
  return { api, connect: mqttConnect, url: env.mqttUrl, createWebsocket: taroCreateWebsocket() }
}
