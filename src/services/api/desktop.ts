/** Desktop api: desktops (config deskTopId), blocks, topics, flows, attributes. */
import { version } from '../../config'
import { desktop as c } from '../../protocol/contract/desktop'
import type { GatewayClient } from '../http/client'
import { bind, call } from './call'

export function createDesktopApi(client: GatewayClient) {
  const p = bind(client)
  return {
    /** version: the config version string (20250610). */
    mobileDesktop: async (args: { deskTopId: string }) => call(client, c.mobileDesktop, { ...args, version }),
    blockList: p(c.blockList),
    mobileTopic: p(c.mobileTopic),
    mobileFlow: p(c.mobileFlow),
    desktopAttribute: p(c.desktopAttribute),
  }
}
