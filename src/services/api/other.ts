/** Other api: copy texts, related programs, configured images, log upload (tracking uses logApi). */
import type { ReqOf } from '../../protocol/contract/endpoint'
import { other as c } from '../../protocol/contract/other'
import type { GatewayClient } from '../http/client'
import { bind, call } from './call'
import { withChannel } from './channel'

export function createOtherApi(client: GatewayClient) {
  const p = bind(client)
  return {
    characters: p(c.characters),
    /** `childMode` asks the child channel. */
    getRelevantList: withChannel(client)(c.getRelevantList),
    configImage: p(c.configImage),
    /**
     * SPEC 7 logApi (form, stb/logup.action). Background call: no toast on network failure; the reply
     * is then the empty shape ({accepted: 0}) and the tracker keeps the records for the next batch.
     */
    logApi: async (form: ReqOf<typeof c.logApi>) => call(client, c.logApi, form, { silent: true }),
  }
}
