/** EPG api: program detail and cast person. */
import { epg as c } from '../../protocol/contract/epg'
import type { GatewayClient } from '../http/client'
import { withChannel } from './channel'

export function createEpgApi(client: GatewayClient) {
  const ch = withChannel(client)
  return {
    /** `childMode` asks the child channel: a program it does not allow is refused (1004). */
    getDetail: ch(c.getDetail),
    /** `childMode` asks the child channel: the person's works child-friendly only. */
    getCastPersonInfo: ch(c.getCastPersonInfo),
  }
}
