/** Other api: copy texts, related programs, configured images, log upload (tracking uses logApi). */
import { other as c } from '../contract/other'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

export function createOtherApi(client: GatewayClient) {
  return {
    characters: passThrough(client, c.characters),
    getRelevantList: passThrough(client, c.getRelevantList),
    configImage: passThrough(client, c.configImage),
    /** SPEC 7 logApi (form, stb/logup.action). */
    logApi: passThrough(client, c.logApi),
  }
}
