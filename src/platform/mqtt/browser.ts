import type { MqttConnect } from '../../services/tv/types'
import { connectOf, installMqttGlobals, type MqttModule } from '.'

/** H5: mqtt.js's ES bundle as a lazy chunk (browsers of `browserslist` have AbortController). */
export function browserMqtt(hosts: () => ReadonlyArray<unknown>): () => Promise<MqttConnect> {
  return async () => {
    await installMqttGlobals(hosts(), () => import('abort-controller/dist/abort-controller'))
    return connectOf((await import('mqtt/dist/mqtt.esm')) as MqttModule)
  }
}
