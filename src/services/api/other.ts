/** Other api: copy texts, related programs, configured images, log upload (tracking uses logApi). */
import type { ReqOf } from '../contract/endpoint'
import { other as c } from '../contract/other'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

export function createOtherApi(client: GatewayClient) {
  return {
    characters: passThrough(client, c.characters),
    getRelevantList: passThrough(client, c.getRelevantList),
    configImage: passThrough(client, c.configImage),
    /**
     * SPEC 7 logApi (form, stb/logup.action). Background call: no toast on network failure; the reply
     * is then the empty shape ({accepted: 0}) and the tracker keeps the records for the next batch.
     */
    logApi: async (form: ReqOf<typeof c.logApi>) => (await client.send(c.logApi, form, { silent: true })).data,
  }
}
