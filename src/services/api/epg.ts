/** EPG api: program detail and cast person. */
import { epg as c } from '../contract/epg'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

export function createEpgApi(client: GatewayClient) {
  return {
    getDetail: passThrough(client, c.getDetail),
    getCastPersonInfo: passThrough(client, c.getCastPersonInfo),
  }
}
