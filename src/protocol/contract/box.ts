/** Box entries: watch history, favourites (collection), program and program-type black lists. */
import { endpoint } from './endpoint'
import { childChannel, collectionItem, historyItem, pageReq } from './models'
import { opt, s } from './schema'

const domain = 'box' as const
const H = 'integration/2.0/'
const PB = 'v5.0/programblacklist/'
const TB = 'v5.0/programtypeblacklist/'
const addOrDel = s.oneOf(['add', 'del'] as const)
const typeEntry = s.obj({ typeId: s.str(), name: s.str(), inBlackList: s.bool() })
/** Extension: how many of the user's own items the child channel leaves out of the answer. */
const ownListHidden = opt(s.num('extension: on the child channel, how many of the user\'s items it leaves out'))

export const box = {
  queryHistory: endpoint({
    domain,
    path: `${H}queryHistory`,
    request: s.obj({ uid: s.str(), ...pageReq, ...childChannel }),
    response: s.obj({ total: s.num(), list: s.arr(historyItem), hidden: ownListHidden }),
    origin: 'defined',
    doc: 'Watch records, newest first. On the child channel only what it allows (total counts those), `hidden` the rest.',
  }),
  deleteHistory: endpoint({
    domain,
    path: `${H}deleteHistory`,
    request: s.obj({ uid: s.str(), programIds: s.arr(s.str(), 'empty with clearAll'), clearAll: s.bool() }),
    response: s.obj({ deleted: s.num() }),
    origin: 'defined',
    doc: 'Deletes watch records (some, or all with clearAll).',
  }),
  querySingleHistory: endpoint({
    domain,
    path: `${H}querySingleHistory`,
    request: s.obj({ uid: s.str(), programId: s.str() }),
    response: s.obj({ found: s.bool(), list: s.arr(historyItem, 'zero or one record') }),
    origin: 'defined',
    doc: 'The watch record of one program (resume point on the detail page).',
  }),
  queryCollection: endpoint({
    domain,
    path: `${H}queryCollection`,
    request: s.obj({ uid: s.str(), ...pageReq, ...childChannel }),
    response: s.obj({ total: s.num(), list: s.arr(collectionItem), hidden: ownListHidden }),
    origin: 'defined',
    doc: 'Favourites, newest first. On the child channel only what it allows (total counts those), `hidden` the rest.',
  }),
  addCollection: endpoint({
    domain,
    path: `${H}addCollection`,
    request: s.obj({ uid: s.str(), programId: s.str() }),
    response: s.obj({ collected: s.bool() }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Adds a favourite (idempotent).',
  }),
  deleteCollection: endpoint({
    domain,
    path: `${H}deleteCollection`,
    request: s.obj({ uid: s.str(), programIds: s.arr(s.str()) }),
    response: s.obj({ deleted: s.num() }),
    origin: 'defined',
    doc: 'Removes favourites.',
  }),
  checkIsCollection: endpoint({
    domain,
    path: `${H}checkIsCollection`,
    request: s.obj({ uid: s.str(), programId: s.str() }),
    response: s.obj({ collected: s.bool() }),
    origin: 'defined',
    doc: 'Whether a program is a favourite.',
  }),
  blackListQuery: endpoint({
    domain,
    path: `${PB}batchQueryListByObjectIds`,
    request: s.obj({ uid: s.str(), objectIds: s.arr(s.str(), 'empty: the whole list'), page: opt(s.num('1-based; with pageSize, one page of the list')), pageSize: opt(s.num()), ...childChannel }),
    response: s.obj({
      total: opt(s.num('entries in the whole (filtered) list')),
      list: s.arr(s.obj({ objectId: s.str(), title: s.str(), poster: s.str(), addedAt: s.num(), child: opt(s.bool('extension: the child channel allows the program; absent counts as not allowed in child mode')) })),
      hidden: ownListHidden,
    }),
    origin: 'defined',
    doc: 'Black-listed programs among objectIds (or all of them). On the child channel only what it allows, `hidden` the rest.',
  }),
  isInBlackList: endpoint({
    domain,
    path: `${PB}isinblacklist`,
    request: s.obj({ uid: s.str(), objectId: s.str() }),
    response: s.obj({ inBlackList: s.bool() }),
    origin: 'defined',
    doc: 'Whether a program is black-listed.',
  }),
  blackListBatch: endpoint({
    domain,
    path: `${PB}batchaddordel`,
    request: s.obj({ uid: s.str(), objectIds: s.arr(s.str()), action: addOrDel }),
    response: s.obj({ count: s.num('entries changed') }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Adds or removes programs to/from the black list.',
  }),
  typeBlackList: endpoint({
    domain,
    path: `${TB}list`,
    request: s.obj({ uid: s.str() }),
    response: s.obj({ list: s.arr(typeEntry) }),
    origin: 'defined',
    doc: 'Every program type with its black-list flag.',
  }),
  typeBlackListAdd: endpoint({
    domain,
    path: `${TB}add`,
    request: s.obj({ uid: s.str(), typeId: s.str() }),
    response: typeEntry,
    errors: ['1003'],
    origin: 'defined',
    doc: 'Black-lists a program type.',
  }),
  typeBlackListDelete: endpoint({
    domain,
    path: `${TB}delete`,
    request: s.obj({ uid: s.str(), typeId: s.str() }),
    response: typeEntry,
    errors: ['1003'],
    origin: 'defined',
    doc: 'Removes a program type from the black list.',
  }),
  typeBlackListBatch: endpoint({
    domain,
    path: `${TB}batchaddordel`,
    request: s.obj({ uid: s.str(), typeIds: s.arr(s.str()), action: addOrDel }),
    response: s.obj({ count: s.num() }),
    errors: ['1003'],
    origin: 'defined',
    doc: 'Adds or removes several program types.',
  }),
}
