/**
 * Live TV entries: assortments, channels, programme lists, programme detail.
 *
 * Time: the gateway counts days and on-air times in UTC+8 (src/protocol/time.ts) whatever
 * its host's time zone; `date` is a server day 'YYYYMMDD'. Every live answer carries the gateway's
 * `serverTime` (epoch ms): the app works out what is on air from it, never from the phone's clock.
 * Child mode: with `serviceChannelId` = the child channel, only child groups (`child: true`) and their
 * channels are answered; any other group or channel is 1004.
 */
import { endpoint } from './endpoint'
import { liveProgramme } from './models'
import { opt, s } from './schema'
import { reminders } from './reminders'

const domain = 'live' as const

export const live = {
  getOpenNewAssortment: endpoint({
    domain,
    path: 'lvps/getOpenNewAssortment',
    auth: 'none',
    request: s.obj({ serviceChannelId: opt(s.str('the child channel in child mode (curVersion 0)')) }),
    response: s.obj({
      list: s.arr(s.obj({ assortmentId: s.str(), name: s.str(), child: s.bool('a group for children: the only ones child mode shows') })),
    }),
    errors: ['1004'],
    origin: 'defined',
    doc: 'Channel groups (央视, 卫视, 地方, 少儿), each saying whether it is a child group.',
  }),
  channelList: endpoint({
    domain,
    path: 'lvps/channelList',
    auth: 'none',
    request: s.obj({ assortmentId: s.str(), serviceChannelId: opt(s.str('the child channel in child mode')) }),
    response: s.obj({
      serverTime: s.num('the gateway clock (epoch ms) the on-air programmes were chosen by'),
      list: s.arr(
        s.obj({
          channelId: s.str(),
          name: s.str(),
          number: s.num(),
          logo: s.str(),
          current: opt(liveProgramme),
          next: opt(liveProgramme),
        }),
      ),
    }),
    errors: ['1003', '1004'],
    origin: 'defined',
    doc: 'Channels of a group, each with the programme on air at serverTime and the one after it.',
  }),
  getAllProgramlist: endpoint({
    domain,
    path: 'lvps/getAllProgramlist',
    auth: 'none',
    request: s.obj({ channelId: s.str(), date: s.str('YYYYMMDD, a server day (UTC+8)'), serviceChannelId: opt(s.str('the child channel in child mode')) }),
    response: s.obj({
      channelId: s.str(),
      channelName: s.str(),
      channelNumber: s.num('what the remote types to switch to it'),
      logo: s.str('image URL'),
      date: s.str(),
      serverTime: s.num('the gateway clock (epoch ms)'),
      list: s.arr(liveProgramme),
    }),
    errors: ['1003', '1004'],
    origin: 'defined',
    doc:
      "A channel's programme list of one server day, today -3 .. +3 (any other day is 1003). A programme " +
      'crossing midnight belongs to the day it starts on and is listed whole; the list has no gaps or overlaps.',
  }),
  psdetail: endpoint({
    domain,
    path: 'lvps/psdetail',
    auth: 'none',
    request: s.obj({ psId: s.str() }),
    response: s.obj({
      ...liveProgramme.fields,
      channelName: s.str(),
      channelNumber: s.num(),
      description: s.str(),
      poster: s.str('image URL'),
      serverTime: s.num('the gateway clock (epoch ms)'),
    }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'One programme of the schedule days (today -3 .. +3): title, times, description, poster.',
  }),
  // programme reminders (extension entries, ./reminders.ts)
  ...reminders,
}
