/** EPG api: program detail and cast person. */
import { epg as c } from '../../protocol/contract/epg'
import type { GatewayClient } from '../http/client'
import { bind } from './call'

export function createEpgApi(client: GatewayClient) {
  const p = bind(client)
  return {
    getDetail: p(c.getDetail),
    getCastPersonInfo: p(c.getCastPersonInfo),
  }
}
