/** Other entries: copy texts, related programs, configured images, and the log upload. */
import { endpoint } from './endpoint'
import { childChannel, programCard } from './models'
import { opt, s } from './schema'

/** The most characters one log batch's records may take (the app's queue holds at most 200 records). */
export const LOG_TEXT_MAX = 128 * 1024
/** The most records one log batch may carry. */
export const LOG_RECORDS_MAX = 200

const domain = 'other' as const

export const other = {
  characters: endpoint({
    domain,
    path: 'wechatMini/characters',
    auth: 'none',
    request: s.obj({ keys: s.arr(s.str(), 'empty: all') }),
    response: s.obj({
      list: s.arr(
        s.obj({
          key: s.str(),
          title: s.str(),
          text: s.str(),
          validFrom: opt(s.str('YYYY-MM-DD: first day the text (e.g. activity rules) applies')),
          validTo: opt(s.str('YYYY-MM-DD: last day')),
        }),
      ),
    }),
    origin: 'defined',
    doc: 'Server-managed texts (user agreement, activity rules with their validity dates, share copy).',
  }),
  getRelevantList: endpoint({
    domain,
    path: 'vod/getRelevantList',
    auth: 'none',
    request: s.obj({ programId: s.str(), limit: s.num(), ...childChannel }),
    response: s.obj({ list: s.arr(programCard) }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Programs related to one (same category, shared cast).',
  }),
  configImage: endpoint({
    domain,
    path: 'applet/configImage',
    auth: 'none',
    request: s.obj({ position: s.str('e.g. home-banner, my-top, activity-top') }),
    response: s.obj({ list: s.arr(s.obj({ imageId: s.str(), url: s.str(), link: s.str(), title: s.str() })) }),
    origin: 'defined',
    doc: 'Operator-configured images for a position.',
  }),
  logApi: endpoint({
    domain,
    path: 'stb/logup.action',
    body: 'form',
    auth: 'none',
    request: s.obj({
      seqid: s.str(),
      curtime: s.str('epoch ms'),
      deviceid: s.str(),
      versionid: s.str(),
      platformid: s.str(),
      mac: s.str(),
      contentcount: s.str('number of records (at most 200)'),
      contenttext: s.str('JSON array of SPEC 3 log records (at most 128 KiB)', LOG_TEXT_MAX),
    }),
    response: s.obj({ accepted: s.num() }),
    origin: 'spec',
    doc: 'SPEC 7 logApi (form): uploads a batch of log records.',
  }),
}
