/** Desktop api: desktops (config deskTopId), blocks, topics, flows, attributes. */
import { version } from '../../config'
import { desktop as c } from '../contract/desktop'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

export function createDesktopApi(client: GatewayClient) {
  return {
    /** version: the config version string (20250610). */
    mobileDesktop: async (args: { deskTopId: string }) => (await client.send(c.mobileDesktop, { ...args, version })).data,
    blockList: passThrough(client, c.blockList),
    mobileTopic: passThrough(client, c.mobileTopic),
    mobileFlow: passThrough(client, c.mobileFlow),
    desktopAttribute: passThrough(client, c.desktopAttribute),
  }
}
