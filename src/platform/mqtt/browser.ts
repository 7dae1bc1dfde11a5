import type { MqttConnect } from '../../services/tv/types'
import { connectOf, installMqttGlobals, type MqttModule } from '.'
import { nextTask } from '../nextTask'

/** H5: mqtt.js's ES bundle as a lazy chunk (browsers of `browserslist` have AbortController). */
export function browserMqtt(hosts: () => ReadonlyArray<unknown>): () => Promise<MqttConnect> {
  return async () => {
    await installMqttGlobals(hosts(), () => import('abort-controller/dist/abort-controller'))
    const mqtt = (await import('mqtt/dist/mqtt.esm')) as MqttModule
    // the chunk's evaluation and the link's start (its first connect) in two tasks, not one long one
    await nextTask()
    return connectOf(mqtt)
  }
}
