/** Jarvis api (SPEC 7): broker login, TV topics, screen options. */
import { jarvis as c } from '../../protocol/contract/jarvis'
import type { GatewayClient } from '../http/client'
import { lowerMacList } from '../../protocol/mac'
import { bind, call } from './call'

/** Random deviceCode of a jarvisLogin (16 hex characters). */
export function randomDeviceCode(random: () => number = Math.random): string {
  let out = ''
  for (let i = 0; i < 16; i++) out += Math.floor(random() * 16).toString(16)
  return out
}

export function createJarvisApi(client: GatewayClient, random: () => number = Math.random) {
  const p = bind(client)
  return {
    /** SPEC 7 jarvisLogin: mac = phone + '_app', a random deviceCode per login. */
    jarvisLogin: async (args: { uid: string; phone: string; abilityString: string }) =>
      call(client, c.jarvisLogin, {
          uid: args.uid,
          mac: `${args.phone}_app`,
          deviceCode: randomDeviceCode(random),
          abilityString: args.abilityString,
        }),
    /** SPEC 7 queryAgentTopic: the lowercased mac list; the TV topic is data[0].topic. */
    queryAgentTopic: async (macs: readonly string[]) =>
      call(client, c.queryAgentTopic, { deviceMacs: lowerMacList(macs) }),
    getScreenOption: p(c.getScreenOption),
    setScreenOption: p(c.setScreenOption),
  }
}
