/** Live api: assortments, channels, programme lists, programme detail. */
import { live as c } from '../contract/live'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

export function createLiveApi(client: GatewayClient) {
  return {
    getOpenNewAssortment: async () => (await client.send(c.getOpenNewAssortment, {})).data,
    channelList: passThrough(client, c.channelList),
    getAllProgramlist: passThrough(client, c.getAllProgramlist),
    psdetail: passThrough(client, c.psdetail),
  }
}
