/** EPG entries: program detail and cast person info. */
import { endpoint } from './endpoint'
import { childChannel, programCard, programDetail } from './models'
import { opt, s } from './schema'

const domain = 'epg' as const

export const epg = {
  getDetail: endpoint({
    domain,
    path: 'epg/getDetail.shtml',
    body: 'query',
    auth: 'none',
    request: s.obj({ programId: s.str(), uid: opt(s.str('fills collected / inBlackList')), ...childChannel }),
    response: programDetail,
    errors: ['1003', '1004'],
    origin: 'defined',
    doc: 'Program detail; third-party app content carries the h5Play payload. On the child channel a program it does not allow is refused (1004) with nothing of it.',
  }),
  getCastPersonInfo: endpoint({
    domain,
    path: 'epg/cast/getCastPersonInfo.shtml',
    body: 'query',
    auth: 'none',
    request: s.obj({ castId: s.str(), ...childChannel }),
    response: s.obj({
      castId: s.str(),
      name: s.str(),
      avatar: s.str(),
      gender: s.oneOf(['male', 'female'] as const),
      birthYear: s.num(),
      area: s.str(),
      biography: s.str(),
      works: s.arr(programCard),
    }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'A cast person and their works (detail-cast page).',
  }),
}
