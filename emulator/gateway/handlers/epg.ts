/** EPG handlers: program detail (with the asker's favourite / black-list flags) and cast persons. */
import type { epg } from '../../../src/protocol/contract/epg'
import type { ProgramDetail } from '../../../src/protocol/contract/models'
import type { Program } from '../../data/catalogue'
import { fail, type DomainHandlers } from '../context'
import { cardsOf } from './desktop'
import { isChildChannel } from './shared'
import { emulatorStrings } from '../../strings'

export function detailOf(p: Program, collected: boolean, inBlackList: boolean): ProgramDetail {
  const { kind: _k, heat: _h, initials: _i, childFriendly, ...detail } = p
  void [_k, _h, _i]
  // extension: whether the child channel allows it
  return { ...detail, collected, inBlackList, child: childFriendly }
}

export const epgHandlers: DomainHandlers<typeof epg> = {
  getDetail: (req, ctx) => {
    const { programId, uid } = req
    const p = ctx.cat.programById.get(programId) ?? fail('1003', '节目不存在或已下线')
    // a link to a program the child channel does not allow opens nothing of it in child mode
    if (isChildChannel(req) && !p.childFriendly) fail('1004', emulatorStrings.childNotAllowed)
    const s = ctx.db.state
    // The user's own flags only: a uid that is not the caller's session learns nothing (the program
    // itself is public, so the call stays open to guests).
    const own = !!uid && ctx.session?.uid === uid
    const collected = own ? (s.favourites[uid] ?? []).some((f) => f.programId === programId) : false
    const black = own ? (s.blackList[uid] ?? []).some((b) => b.objectId === programId) : false
    return detailOf(p, collected, black)
  },
  getCastPersonInfo: (req, ctx) => {
    const c = ctx.cat.castById.get(req.castId) ?? fail('1003', '没有找到该演职人员')
    const { programIds, ...person } = c
    return { ...person, works: cardsOf(ctx, programIds, isChildChannel(req)) }
  },
}
