/** Desktop entries: the three desktops, their tabs, blocks, topics and flows. */
import { endpoint } from './endpoint'
import { childChannel, pageReq, programCard } from './models'
import { opt, s } from './schema'

const domain = 'desktop' as const

export const block = s.obj({
  blockId: s.str(),
  title: s.str(),
  layout: s.oneOf(['banner', 'grid', 'row', 'topic'] as const),
  items: s.arr(programCard),
  topicId: opt(s.str('"more" opens this topic')),
  flowId: opt(s.str('"more" opens this flow')),
})

export const desktop = {
  mobileDesktop: endpoint({
    domain,
    path: 'v2/mobileDesktop',
    auth: 'none',
    request: s.obj({ deskTopId: s.str('one of config deskTopId'), version: s.str('config version') }),
    response: s.obj({
      deskTopId: s.str(),
      name: s.str(),
      tabs: s.arr(s.obj({ tabId: s.str(), name: s.str() })),
    }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'A desktop and its tabs.',
  }),
  blockList: endpoint({
    domain,
    path: 'v2/blockList',
    auth: 'none',
    request: s.obj({ deskTopId: s.str(), tabId: s.str(), ...pageReq, ...childChannel }),
    response: s.obj({ total: s.num(), list: s.arr(block) }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'The blocks (rows) of a desktop tab, paged.',
  }),
  mobileTopic: endpoint({
    domain,
    path: 'v2/mobileTopic',
    auth: 'none',
    request: s.obj({ topicId: s.str(), ...childChannel }),
    response: s.obj({ topicId: s.str(), title: s.str(), description: s.str(), poster: s.str(), items: s.arr(programCard) }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'A topic (curated list) with its programs (list-detail page).',
  }),
  mobileFlow: endpoint({
    domain,
    path: 'v2/mobileFlow',
    auth: 'none',
    request: s.obj({ flowId: s.str(), ...pageReq, ...childChannel }),
    response: s.obj({ flowId: s.str(), title: s.str(), total: s.num(), list: s.arr(programCard) }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'A flow (endless feed) of programs, paged (flow-more page).',
  }),
  desktopAttribute: endpoint({
    domain,
    path: 'v2/desktopAttribute',
    auth: 'none',
    request: s.obj({ deskTopId: s.str() }),
    response: s.obj({
      deskTopId: s.str(),
      themeColor: s.str('#rrggbb'),
      background: s.str('image URL'),
      searchHint: s.str(),
      childMode: s.bool(),
    }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Look of a desktop.',
  }),
}
