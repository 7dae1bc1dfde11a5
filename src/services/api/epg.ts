/** EPG api: program detail and cast person. */
import { epg as c } from '../../protocol/contract/epg'
import type { GatewayClient } from '../http/client'
import { bind } from './call'
import { withChannel } from './channel'

export function createEpgApi(client: GatewayClient) {
  const p = bind(client)
  return {
    getDetail: p(c.getDetail),
    /** `childMode` asks the child channel: the person's works child-friendly only (issue 24). */
    getCastPersonInfo: withChannel(client)(c.getCastPersonInfo),
  }
}
