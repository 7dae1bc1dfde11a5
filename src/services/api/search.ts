/** Search api (SPEC 5/7): fixed search flags, child-mode channel on hotSearch and ns.json. */
import { childChannelId, search as flags } from '../../config'
import { search as c } from '../contract/search'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

export function createSearchApi(client: GatewayClient) {
  return {
    label: async () => (await client.send(c.label, {})).data,
    /** SPEC 7 hotSearch: BIMS_ABILITY_STRING; serviceChannelId (the child channel) only in child mode. */
    hotSearch: async (args: { userId: string; abilityString: string; childMode: boolean }) =>
      (
        await client.send(c.hotSearch, {
          userId: args.userId,
          BIMS_ABILITY_STRING: args.abilityString,
          ...(args.childMode ? { serviceChannelId: childChannelId } : {}),
        })
      ).data,
    /** SPEC 5 ns.json: limit 48, isFocusPinyin 0, supportSvs true, supportPositive false, unionType 1, version 9048. */
    ns: async (args: { keyword: string; childMode?: boolean }) =>
      (
        await client.send(c.ns, {
          keyword: args.keyword,
          ...flags,
          ...(args.childMode ? { serviceChannelId: childChannelId } : {}),
        })
      ).data,
    hotTop: passThrough(client, c.hotTop),
    searchProgramSeriesCategory: passThrough(client, c.searchProgramSeriesCategory),
    searchProgramSeries: passThrough(client, c.searchProgramSeries),
    searchTips: passThrough(client, c.searchTips),
  }
}
