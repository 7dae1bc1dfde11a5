import * as mqttModule from 'mqtt'
import type { MqttClientLike, MqttConnect } from './types'

type ConnectFn = typeof mqttModule.connect

/**
 * mqtt.js's connect. Node resolves mqtt to its CommonJS build (named `connect`); bundlers for the
 * browser and WeChat resolve `dist/mqtt.esm.js`, whose only export is a default object carrying
 * `connect`. Take whichever this build has.
 */
function resolveConnect(): ConnectFn {
  const m = mqttModule as unknown as { connect?: ConnectFn; default?: { connect?: ConnectFn } }
  const fn = typeof m.connect === 'function' ? m.connect : m.default?.connect
  if (typeof fn !== 'function') throw new Error('mqtt.js connect() not found in this build')
  return fn
}

/** mqtt.js's connect behind the link's small client interface (no platform import: Node tests use it). */
export const mqttConnect: MqttConnect = (url, opts) => resolveConnect()(url, opts) as unknown as MqttClientLike
