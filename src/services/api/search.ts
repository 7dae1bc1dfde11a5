/** Search api (SPEC 5/7): fixed search flags; every call carries the child channel in child mode. */
import { nsFlags } from '../../protocol/contract/nsFlags'
import { search as c } from '../../protocol/contract/search'
import type { GatewayClient } from '../http/client'
import { call } from './call'
import { channelOf, withChannel } from './channel'

export function createSearchApi(client: GatewayClient) {
  const ch = withChannel(client)
  return {
    label: async () => call(client, c.label, {}),
    /** SPEC 7 hotSearch: BIMS_ABILITY_STRING; serviceChannelId (the child channel) only in child mode. */
    hotSearch: async (args: { userId: string; abilityString: string; childMode: boolean }) =>
      call(client, c.hotSearch, {
          userId: args.userId,
          BIMS_ABILITY_STRING: args.abilityString,
          ...channelOf(args.childMode),
        }),
    /** SPEC 5 ns.json: limit 48, isFocusPinyin 0, supportSvs true, supportPositive false, unionType 1, version 9048. */
    ns: async (args: { keyword: string; childMode?: boolean }) =>
      call(client, c.ns, {
          keyword: args.keyword,
          ...nsFlags,
          ...channelOf(args.childMode),
        }),
    hotTop: ch(c.hotTop),
    searchProgramSeriesCategory: ch(c.searchProgramSeriesCategory),
    searchProgramSeries: ch(c.searchProgramSeries),
    searchTips: ch(c.searchTips),
  }
}
