/** Desktop handlers: desktops, blocks, topics, flows, attributes from the generated catalogue. */
import type { desktop } from '../../../src/protocol/contract/desktop'
import type { ProgramCard } from '../../../src/protocol/contract/models'
import { toCard } from '../../data/catalogue'
import { fail, paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { isChildChannel, visibleTo } from './shared'

/** The cards of `ids` the caller may see (black lists applied; child-friendly only on the child channel). */
export function cardsOf(ctx: HandlerCtx, ids: readonly string[], childOnly = false): ProgramCard[] {
  const visible = visibleTo(ctx, childOnly)
  return ids.flatMap((id) => {
    const p = ctx.cat.programById.get(id)
    return p && visible(p) ? [toCard(p)] : []
  })
}

function desktopOf(ctx: HandlerCtx, id: string) {
  return ctx.cat.desktops.find((d) => d.deskTopId === id) ?? fail('1003', '没有找到该桌面')
}

export const desktopHandlers: DomainHandlers<typeof desktop> = {
  mobileDesktop: ({ deskTopId }, ctx) => {
    const d = desktopOf(ctx, deskTopId)
    return { deskTopId: d.deskTopId, name: d.name, tabs: d.tabs.map((t) => ({ tabId: t.tabId, name: t.name })) }
  },
  blockList: (req, ctx) => {
    const { deskTopId, tabId, page, pageSize } = req
    const d = desktopOf(ctx, deskTopId)
    const tab = d.tabs.find((t) => t.tabId === tabId) ?? fail('1003', '没有找到该栏目')
    // the child desktop, or any desktop asked on the child channel, shows child-friendly programs only
    const childOnly = d.childMode || isChildChannel(req)
    const blocks = tab.blocks.map((b) => {
      const out = { blockId: b.blockId, title: b.title, layout: b.layout, items: cardsOf(ctx, b.programIds, childOnly) }
      return { ...out, ...(b.topicId ? { topicId: b.topicId } : {}), ...(b.flowId ? { flowId: b.flowId } : {}) }
    })
    return paginate(blocks, page, pageSize)
  },
  mobileTopic: (req, ctx) => {
    const t = ctx.cat.topics.find((x) => x.topicId === req.topicId) ?? fail('1003', '没有找到该专题')
    return { topicId: t.topicId, title: t.title, description: t.description, poster: t.poster, items: cardsOf(ctx, t.programIds, isChildChannel(req)) }
  },
  mobileFlow: (req, ctx) => {
    const { flowId, page, pageSize } = req
    const f = ctx.cat.flows.find((x) => x.flowId === flowId) ?? fail('1003', '没有找到该内容')
    const { total, list } = paginate(cardsOf(ctx, f.programIds, isChildChannel(req)), page, pageSize)
    return { flowId: f.flowId, title: f.title, total, list }
  },
  desktopAttribute: ({ deskTopId }, ctx) => {
    const d = desktopOf(ctx, deskTopId)
    return {
      deskTopId: d.deskTopId,
      themeColor: d.themeColor,
      background: `${ctx.cat.baseUrl}posters/bg-${d.deskTopId}.svg`,
      searchHint: d.searchHint,
      childMode: d.childMode,
    }
  },
}
