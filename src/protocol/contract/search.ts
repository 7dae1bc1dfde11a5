/** Search entries: labels, hot search tips, keyword search, top lists, categories, suggestions. */
import { endpoint } from './endpoint'
import { childChannel, pageReq, programCard } from './models'
import { opt, s } from './schema'
import { nsFlags } from './nsFlags'

const domain = 'search' as const

export const search = {
  label: endpoint({
    domain,
    path: 'label.json',
    body: 'query',
    auth: 'none',
    request: s.obj({}),
    response: s.obj({ labels: s.arr(s.obj({ labelId: s.str('a program label (genre), e.g. 古装'), name: s.str() })) }),
    origin: 'defined',
    doc: 'Labels offered on the search page: browsed before typing (searchProgramSeries with labelId and no keyword) and filtering the results after typing. A label the caller black-listed as a category (program type) is left out.',
  }),
  hotSearch: endpoint({
    domain,
    path: 'hotSearch',
    auth: 'none',
    request: s.obj({
      userId: s.str(),
      BIMS_ABILITY_STRING: s.str(),
      serviceChannelId: opt(s.str('only in child mode (the child channel)')),
    }),
    response: s.obj({ tipsList: s.arr(s.obj({ name: s.str() })) }),
    origin: 'spec',
    doc: 'SPEC 7 hotSearch: hint words cycled in the search box.',
  }),
  ns: endpoint({
    domain,
    path: 'ns.json',
    body: 'query',
    auth: 'none',
    request: s.obj({
      keyword: s.str('Chinese words or pinyin initials'),
      limit: s.lit(nsFlags.limit),
      isFocusPinyin: s.lit(nsFlags.isFocusPinyin),
      supportSvs: s.lit(nsFlags.supportSvs),
      supportPositive: s.lit(nsFlags.supportPositive),
      unionType: s.lit(nsFlags.unionType),
      version: s.lit(nsFlags.version),
      serviceChannelId: opt(s.str('child channel in child mode: child-friendly programs only')),
    }),
    response: s.obj({ total: s.num(), list: s.arr(programCard) }),
    origin: 'spec',
    doc: 'SPEC 5/7 keyword search (at most 48 results).',
  }),
  hotTop: endpoint({
    domain,
    path: 'hotTop',
    auth: 'none',
    request: s.obj({ categoryId: opt(s.str()), ...childChannel }),
    response: s.obj({
      list: s.arr(s.obj({ rank: s.num(), heat: s.num(), program: programCard })),
      categories: opt(s.arr(s.obj({ categoryId: s.str(), name: s.str() }), 'extension: the categories 热搜榜 can be switched to')),
    }),
    origin: 'defined',
    doc: '热搜榜: top list by heat, at most 20 (optionally of one category), with the categories it can be switched to.',
  }),
  searchProgramSeriesCategory: endpoint({
    domain,
    path: 'searchProgramSeriesCategory',
    auth: 'none',
    request: s.obj({ keyword: s.str(), labelId: opt(s.str('extension: count only programs of this label')), ...childChannel }),
    response: s.obj({ list: s.arr(s.obj({ categoryId: s.str(), name: s.str(), count: s.num() })) }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'How many results of a keyword fall in each category (result tabs).',
  }),
  searchProgramSeries: endpoint({
    domain,
    path: 'searchProgramSeries',
    auth: 'none',
    request: s.obj({
      keyword: s.str('"" with a labelId: every program of the label (browsing by label)'),
      categoryId: opt(s.str()),
      labelId: opt(s.str('extension: only programs of this label (label.json)')),
      ...pageReq,
      ...childChannel,
    }),
    response: s.obj({ total: s.num(), list: s.arr(programCard) }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Keyword results of one category and/or label, paged (by heat); no keyword with a label: the label\'s programs.',
  }),
  searchTips: endpoint({
    domain,
    path: 'searchTips',
    auth: 'none',
    request: s.obj({ keyword: s.str(), ...childChannel }),
    response: s.obj({ list: s.arr(s.obj({ name: s.str(), programId: s.str() })) }),
    origin: 'defined',
    doc: 'Suggestions while typing (title prefix, substring or pinyin initials), at most 10.',
  }),
}
