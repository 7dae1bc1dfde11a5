/** Desktop api: desktops (config deskTopId), blocks, topics, flows, attributes. */
import { version } from '../../config'
import { desktop as c } from '../../protocol/contract/desktop'
import type { GatewayClient } from '../http/client'
import { bind, call } from './call'
import { withChannel } from './channel'

export function createDesktopApi(client: GatewayClient) {
  const p = bind(client)
  const ch = withChannel(client)
  return {
    /** version: the config version string (20250610). */
    mobileDesktop: async (args: { deskTopId: string }) => call(client, c.mobileDesktop, { ...args, version }),
    /** blockList, mobileTopic, mobileFlow: `childMode` asks the child channel. */
    blockList: ch(c.blockList),
    mobileTopic: ch(c.mobileTopic),
    mobileFlow: ch(c.mobileFlow),
    desktopAttribute: p(c.desktopAttribute),
  }
}
