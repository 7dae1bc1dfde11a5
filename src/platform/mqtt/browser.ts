import type { MqttClientLike, MqttConnect, MqttConnectOptions } from '../../services/tv/types'
import { connectOf, installMqttGlobals, type MqttModule } from '.'
import { nextTask } from '../nextTask'

type ManualClient = MqttClientLike & { connect(): unknown; disconnecting?: boolean; disconnected?: boolean }

/**
 * mqtt.js's client set up in one task and its connection opened in the next (mqtt.js's
 * `manualConnect`): the two halves of the link's start are each shorter than the whole (the H5 first
 * load's blocking time, measured with `npm run perf`). A client ended meanwhile is never connected.
 */
export function connectInTwoTasks(connect: MqttConnect, next: () => Promise<void> = nextTask): MqttConnect {
  return (url, opts) => {
    const client = connect(url, { ...opts, manualConnect: true } as MqttConnectOptions) as ManualClient
    void next().then(() => {
      if (!client.disconnecting && !client.disconnected) client.connect()
    })
    return client
  }
}

/** H5: mqtt.js's ES bundle as a lazy chunk (browsers of `browserslist` have AbortController). */
export function browserMqtt(hosts: () => ReadonlyArray<unknown>): () => Promise<MqttConnect> {
  return async () => {
    await installMqttGlobals(hosts(), () => import('abort-controller/dist/abort-controller'))
    const mqtt = (await import('mqtt/dist/mqtt.esm')) as MqttModule
    // the chunk's evaluation and the link's start (its first connect) in two tasks, not one long one
    await nextTask()
    return connectInTwoTasks(connectOf(mqtt))
  }
}
