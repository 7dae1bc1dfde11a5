/** Box handlers: history, favourites and black lists of the caller (persisted). */
import type { box } from '../../../src/protocol/contract/box'
import type { HistoryItem } from '../../../src/protocol/contract/models'
import { toCard } from '../../data/catalogue'
import type { DbState } from '../../db/state'
import { fail, paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { isChildChannel } from './shared'

type HistoryRec = DbState['history'][string][number]

function historyItemOf(ctx: HandlerCtx, h: HistoryRec): HistoryItem | null {
  const p = ctx.cat.programById.get(h.programId)
  if (!p) return null
  // extensions beyond SPEC: finished, the program's types (the type black list matches them by name) and the child channel
  const typeIds = ctx.cat.programTypes.filter((t) => p.tags.includes(t.name)).map((t) => t.typeId)
  const ep = p.episodes[h.episodeIndex - 1] ?? p.episodes[0]
  return {
    programId: p.programId,
    title: p.title,
    poster: p.poster,
    episodeIndex: h.episodeIndex,
    positionSec: h.positionSec,
    durationSec: ep?.durationSec ?? 0,
    watchedAt: h.watchedAt,
    mac: h.mac,
    source: p.source,
    ...(p.appName ? { appName: p.appName } : {}),
    finished: h.finished === true,
    typeIds,
    child: p.childFriendly,
  }
}

function requireProgram(ctx: HandlerCtx, id: string) {
  return ctx.cat.programById.get(id) ?? fail('1003', '节目不存在或已下线')
}

function typeEntry(ctx: HandlerCtx, uid: string, typeId: string) {
  const t = ctx.cat.programTypes.find((x) => x.typeId === typeId) ?? fail('1003', '没有找到该类型')
  return { typeId: t.typeId, name: t.name, inBlackList: (ctx.db.state.typeBlackList[uid] ?? []).includes(t.typeId) }
}

function changeTypes(ctx: HandlerCtx, uid: string, typeIds: readonly string[], action: 'add' | 'del'): number {
  for (const id of typeIds) typeEntry(ctx, uid, id)
  const list = (ctx.db.state.typeBlackList[uid] ??= [])
  let count = 0
  for (const id of typeIds) {
    const has = list.includes(id)
    if (action === 'add' && !has) {
      list.push(id)
      count++
    } else if (action === 'del' && has) {
      list.splice(list.indexOf(id), 1)
      count++
    }
  }
  ctx.db.touch()
  return count
}

/**
 * The user's own list as the child channel allows it: on the child channel only child-friendly
 * programs (the page and its total count those), and how many it left out; off it, everything.
 */
function ownList<T>(items: readonly T[], childOnly: boolean, allowed: (item: T) => boolean, page: number, pageSize: number) {
  if (!childOnly) return paginate(items, page, pageSize)
  const kept = items.filter(allowed)
  return { ...paginate(kept, page, pageSize), hidden: items.length - kept.length }
}

export const boxHandlers: DomainHandlers<typeof box> = {
  queryHistory: (req, ctx) => {
    const { uid, page, pageSize } = req
    ctx.user(uid)
    const all = [...(ctx.db.state.history[uid] ?? [])].sort((a, b) => b.watchedAt - a.watchedAt)
    const items = all.map((h) => historyItemOf(ctx, h)).filter((h): h is HistoryItem => h !== null)
    return ownList(items, isChildChannel(req), (h) => h.child === true, page, pageSize)
  },
  deleteHistory: ({ uid, programIds, clearAll }, ctx) => {
    ctx.user(uid)
    const before = ctx.db.state.history[uid] ?? []
    const after = clearAll ? [] : before.filter((h) => !programIds.includes(h.programId))
    ctx.db.state.history[uid] = after
    ctx.db.touch()
    return { deleted: before.length - after.length }
  },
  querySingleHistory: ({ uid, programId }, ctx) => {
    ctx.user(uid)
    const h = (ctx.db.state.history[uid] ?? []).find((x) => x.programId === programId)
    const item = h ? historyItemOf(ctx, h) : null
    return { found: item !== null, list: item ? [item] : [] }
  },
  queryCollection: (req, ctx) => {
    const { uid, page, pageSize } = req
    ctx.user(uid)
    const favs = [...(ctx.db.state.favourites[uid] ?? [])].sort((a, b) => b.collectedAt - a.collectedAt)
    const items = favs.flatMap((f) => {
      const p = ctx.cat.programById.get(f.programId)
      // extension: whether the child channel allows it
      return p ? [{ ...toCard(p), collectedAt: f.collectedAt, child: p.childFriendly }] : []
    })
    return ownList(items, isChildChannel(req), (c) => c.child, page, pageSize)
  },
  addCollection: ({ uid, programId }, ctx) => {
    ctx.user(uid)
    requireProgram(ctx, programId)
    const list = (ctx.db.state.favourites[uid] ??= [])
    if (!list.some((f) => f.programId === programId)) {
      list.push({ programId, collectedAt: ctx.now() })
      ctx.db.touch()
    }
    return { collected: true }
  },
  deleteCollection: ({ uid, programIds }, ctx) => {
    ctx.user(uid)
    const before = ctx.db.state.favourites[uid] ?? []
    const after = before.filter((f) => !programIds.includes(f.programId))
    ctx.db.state.favourites[uid] = after
    ctx.db.touch()
    return { deleted: before.length - after.length }
  },
  checkIsCollection: ({ uid, programId }, ctx) => {
    ctx.user(uid)
    return { collected: (ctx.db.state.favourites[uid] ?? []).some((f) => f.programId === programId) }
  },
  blackListQuery: (req, ctx) => {
    const { uid, objectIds, page, pageSize } = req
    ctx.user(uid)
    const entries = (ctx.db.state.blackList[uid] ?? []).filter((b) => objectIds.length === 0 || objectIds.includes(b.objectId))
    const all = [...entries]
      .sort((a, b) => b.addedAt - a.addedAt)
      .flatMap((b) => {
        const p = ctx.cat.programById.get(b.objectId)
        return p ? [{ objectId: b.objectId, title: p.title, poster: p.poster, addedAt: b.addedAt, child: p.childFriendly }] : []
      })
    // on the child channel, only what it allows
    const childOnly = isChildChannel(req)
    const list = childOnly ? all.filter((b) => b.child) : all
    const hidden = childOnly ? { hidden: all.length - list.length } : {}
    return page !== undefined && pageSize !== undefined ? { ...paginate(list, page, pageSize), ...hidden } : { total: list.length, list, ...hidden }
  },
  isInBlackList: ({ uid, objectId }, ctx) => {
    ctx.user(uid)
    return { inBlackList: (ctx.db.state.blackList[uid] ?? []).some((b) => b.objectId === objectId) }
  },
  blackListBatch: ({ uid, objectIds, action }, ctx) => {
    ctx.user(uid)
    for (const id of objectIds) requireProgram(ctx, id)
    const list = (ctx.db.state.blackList[uid] ??= [])
    let count = 0
    for (const id of objectIds) {
      const i = list.findIndex((b) => b.objectId === id)
      if (action === 'add' && i < 0) {
        list.push({ objectId: id, addedAt: ctx.now() })
        count++
      } else if (action === 'del' && i >= 0) {
        list.splice(i, 1)
        count++
      }
    }
    ctx.db.touch()
    return { count }
  },
  typeBlackList: ({ uid }, ctx) => {
    ctx.user(uid)
    return { list: ctx.cat.programTypes.map((t) => typeEntry(ctx, uid, t.typeId)) }
  },
  typeBlackListAdd: ({ uid, typeId }, ctx) => {
    ctx.user(uid)
    changeTypes(ctx, uid, [typeId], 'add')
    return typeEntry(ctx, uid, typeId)
  },
  typeBlackListDelete: ({ uid, typeId }, ctx) => {
    ctx.user(uid)
    changeTypes(ctx, uid, [typeId], 'del')
    return typeEntry(ctx, uid, typeId)
  },
  typeBlackListBatch: ({ uid, typeIds, action }, ctx) => {
    ctx.user(uid)
    return { count: changeTypes(ctx, uid, typeIds, action) }
  },
}
