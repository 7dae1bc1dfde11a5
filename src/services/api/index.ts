/**
 * The whole gateway API built from one client: stores receive it as a dependency.
 *   const api = createApi(createGatewayClient({...}))
 *   await api.userCenter.mobileLogin({ phone })
 * Each domain object has exactly one function per entry of the same domain in the contract
 * (src/protocol/contract), under the same name (checked by __tests__/gateway/contract.test.ts).
 */
import type { GatewayClient } from '../http/client'
import { createActivityApi } from './activity'
import { createBoxApi } from './box'
import { createDesktopApi } from './desktop'
import { createEpgApi } from './epg'
import { createJarvisApi } from './jarvis'
import { createLiveApi } from './live'
import { createOtherApi } from './other'
import { createSearchApi } from './search'
import { createUserCenterApi } from './userCenter'
import { createValueAddedApi } from './valueAdded'

export interface ApiDeps {
  /** Clock for dated payloads (reportTaskProgress sendDate). */
  now?: () => number
  /** Random source (jarvisLogin deviceCode). */
  random?: () => number
}

export function createApi(client: GatewayClient, deps: ApiDeps = {}) {
  return {
    userCenter: createUserCenterApi(client),
    jarvis: createJarvisApi(client, deps.random),
    desktop: createDesktopApi(client),
    epg: createEpgApi(client),
    search: createSearchApi(client),
    live: createLiveApi(client),
    box: createBoxApi(client),
    other: createOtherApi(client),
    activity: createActivityApi(client, deps.now),
    valueAdded: createValueAddedApi(client),
  }
}

export type Api = ReturnType<typeof createApi>
export type { LoginResult, MobileLoginArgs } from './userCenter'
export { formatSendDate } from './activity'
export { randomDeviceCode } from './jarvis'
