/** Jarvis (TV link) entries: broker credentials, TV topics, screen options. */
import { endpoint } from './endpoint'
import { s } from './schema'

const domain = 'jarvis' as const
const screenOption = s.obj({
  mac: s.str(),
  mode: s.oneOf(['remote', 'mirror'] as const),
  quality: s.oneOf(['auto', 'hd', 'sd'] as const),
  autoPlayNext: s.bool(),
})

export const jarvis = {
  jarvisLogin: endpoint({
    domain,
    path: 'v1/login',
    request: s.obj({
      uid: s.str(),
      mac: s.str('phone + "_app"'),
      deviceCode: s.str('random per login'),
      abilityString: s.str(),
    }),
    response: s.obj({
      cid: s.str('MQTT client id'),
      appKey: s.str('MQTT username'),
      sign: s.str('MQTT password'),
      clientTopic: s.arr(s.str(), 'first: this phone\'s topic'),
    }),
    origin: 'spec',
    doc: 'SPEC 7 jarvisLogin: broker credentials for this phone.',
  }),
  queryAgentTopic: endpoint({
    domain,
    path: 'jarvis/v1/queryAgentTopic',
    request: s.obj({ deviceMacs: s.arr(s.str(), 'lowercased macs') }),
    response: s.arr(s.obj({ mac: s.str(), topic: s.str() })),
    errors: ['1004'],
    origin: 'spec',
    doc:
      'SPEC 7 queryAgentTopic (POST): the TV topic of each mac, data[0].topic. Local stack: only for TVs the caller is ' +
      'in the family of (others are left out; none: 1004, the same whether the mac names a TV or not).',
  }),
  getScreenOption: endpoint({
    domain,
    path: 'wechat/v1/getScreenOption',
    request: s.obj({ uid: s.str(), mac: s.str() }),
    response: screenOption,
    errors: ['1004'],
    origin: 'defined',
    doc: 'Casting options of a bound TV.',
  }),
  setScreenOption: endpoint({
    domain,
    path: 'wechat/v1/setScreenOption',
    request: s.obj({
      uid: s.str(),
      mac: s.str(),
      mode: s.oneOf(['remote', 'mirror'] as const),
      quality: s.oneOf(['auto', 'hd', 'sd'] as const),
      autoPlayNext: s.bool(),
    }),
    response: screenOption,
    errors: ['1004'],
    origin: 'defined',
    doc: 'Saves the casting options of a bound TV.',
  }),
}
