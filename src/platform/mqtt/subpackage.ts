/**
 * Entry of the weapp `mqtt` subpackage (bundled by esbuild into dist/weapp/mqtt/index.js, CommonJS;
 * see config/mqttSubpackage.ts). `loadConnect` installs AbortController/AbortSignal on the host
 * mqtt.js reads, then evaluates mqtt.js (the dynamic imports stay lazy inside the bundle).
 */
import type { MqttConnect } from '../../services/tv/types'
import { connectOf, installMqttGlobals, type MqttModule } from '.'
import { mqttHost } from './subpackageHost'

export async function loadConnect(): Promise<MqttConnect> {
  await installMqttGlobals([mqttHost], () => import('abort-controller/dist/abort-controller'))
  return connectOf((await import('mqtt/dist/mqtt.esm')) as MqttModule)
}

export { TvLink } from '../../services/tv/link'
export { KeyQueue, channelKeys } from '../../services/tv/keySequence'
