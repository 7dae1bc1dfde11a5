import * as mqttModule from 'mqtt'
import { connectOf } from './index'
import type { MqttConnect, MqttLoader } from '../../services/tv/types'

/**
 * mqtt.js loaded eagerly, for Node (tests, benchmarks, the emulator's tools): the app itself loads it
 * through the platform seam (src/platform/mqtt) when the TV link first connects.
 */
export const mqttConnect: MqttConnect = (url, opts) => connectOf(mqttModule)(url, opts)

export const loadMqttNow: MqttLoader = async () => mqttConnect
