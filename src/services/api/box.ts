/** Box api: history, favourites, program and program-type black lists. */
import { box as c } from '../../protocol/contract/box'
import type { GatewayClient } from '../http/client'
import { bind } from './call'
import { withChannel } from './channel'

export function createBoxApi(client: GatewayClient) {
  const p = bind(client)
  const ch = withChannel(client)
  return {
    /** `childMode` asks the child channel: only what it allows, and how many it left out (`hidden`). */
    queryHistory: ch(c.queryHistory),
    deleteHistory: p(c.deleteHistory),
    querySingleHistory: p(c.querySingleHistory),
    queryCollection: ch(c.queryCollection),
    addCollection: p(c.addCollection),
    deleteCollection: p(c.deleteCollection),
    checkIsCollection: p(c.checkIsCollection),
    blackListQuery: ch(c.blackListQuery),
    isInBlackList: p(c.isInBlackList),
    blackListBatch: p(c.blackListBatch),
    typeBlackList: p(c.typeBlackList),
    typeBlackListAdd: p(c.typeBlackListAdd),
    typeBlackListDelete: p(c.typeBlackListDelete),
    typeBlackListBatch: p(c.typeBlackListBatch),
  }
}
