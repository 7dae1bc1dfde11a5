/** Value-added service api (appId header added by the client for these entries). */
import { valueAdded as c } from '../../protocol/contract/valueAdded'
import type { GatewayClient } from '../http/client'
import { bind } from './call'

export function createValueAddedApi(client: GatewayClient) {
  const p = bind(client)
  return {
    inquiry: p(c.inquiry),
    prize: p(c.prize),
    award: p(c.award),
    coupon: p(c.coupon),
    prizeDetail: p(c.prizeDetail),
    participate: p(c.participate),
  }
}
