/** Search api (SPEC 5/7): fixed search flags, child-mode channel on hotSearch and ns.json. */
import { childChannelId, search as flags } from '../../config'
import { search as c } from '../../protocol/contract/search'
import type { GatewayClient } from '../http/client'
import { bind, call } from './call'

export function createSearchApi(client: GatewayClient) {
  const p = bind(client)
  return {
    label: async () => call(client, c.label, {}),
    /** SPEC 7 hotSearch: BIMS_ABILITY_STRING; serviceChannelId (the child channel) only in child mode. */
    hotSearch: async (args: { userId: string; abilityString: string; childMode: boolean }) =>
      call(client, c.hotSearch, {
          userId: args.userId,
          BIMS_ABILITY_STRING: args.abilityString,
          ...(args.childMode ? { serviceChannelId: childChannelId } : {}),
        }),
    /** SPEC 5 ns.json: limit 48, isFocusPinyin 0, supportSvs true, supportPositive false, unionType 1, version 9048. */
    ns: async (args: { keyword: string; childMode?: boolean }) =>
      call(client, c.ns, {
          keyword: args.keyword,
          ...flags,
          ...(args.childMode ? { serviceChannelId: childChannelId } : {}),
        }),
    hotTop: p(c.hotTop),
    searchProgramSeriesCategory: p(c.searchProgramSeriesCategory),
    searchProgramSeries: p(c.searchProgramSeries),
    searchTips: p(c.searchTips),
  }
}
