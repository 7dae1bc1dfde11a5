import { connect } from 'mqtt'
import type { MqttClientLike, MqttConnect } from './types'

/** mqtt.js's connect behind the link's small client interface (no platform import: Node tests use it). */
export const mqttConnect: MqttConnect = (url, opts) => connect(url, opts) as unknown as MqttClientLike
