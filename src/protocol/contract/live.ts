/** Live TV entries: assortments, channels, programme lists, programme detail. */
import { endpoint } from './endpoint'
import { liveProgramme } from './models'
import { opt, s } from './schema'

const domain = 'live' as const

export const live = {
  getOpenNewAssortment: endpoint({
    domain,
    path: 'lvps/getOpenNewAssortment',
    auth: 'none',
    request: s.obj({}),
    response: s.obj({ list: s.arr(s.obj({ assortmentId: s.str(), name: s.str() })) }),
    origin: 'defined',
    doc: 'Channel groups (央视, 卫视, ...).',
  }),
  channelList: endpoint({
    domain,
    path: 'lvps/channelList',
    auth: 'none',
    request: s.obj({ assortmentId: s.str() }),
    response: s.obj({
      list: s.arr(
        s.obj({
          channelId: s.str(),
          name: s.str(),
          number: s.num(),
          logo: s.str(),
          current: opt(liveProgramme),
        }),
      ),
    }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Channels of a group, each with the programme on air now.',
  }),
  getAllProgramlist: endpoint({
    domain,
    path: 'lvps/getAllProgramlist',
    auth: 'none',
    request: s.obj({ channelId: s.str(), date: s.str('YYYYMMDD, local time') }),
    response: s.obj({ channelId: s.str(), date: s.str(), list: s.arr(liveProgramme) }),
    errors: ['1003'],
    origin: 'defined',
    doc: "A channel's programme list of one day.",
  }),
  psdetail: endpoint({
    domain,
    path: 'lvps/psdetail',
    auth: 'none',
    request: s.obj({ psId: s.str() }),
    response: s.obj({ ...liveProgramme.fields, channelName: s.str(), description: s.str() }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'One programme.',
  }),
}
