/** Desktop handlers: desktops, blocks, topics, flows, attributes from the generated catalogue. */
import type { desktop } from '../../../src/protocol/contract/desktop'
import type { ProgramCard } from '../../../src/protocol/contract/models'
import { toCard } from '../../data/catalogue'
import { fail, paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { visibleTo } from './shared'

/** The cards of `ids` the caller may see (black lists applied). */
export function cardsOf(ctx: HandlerCtx, ids: readonly string[]): ProgramCard[] {
  const visible = visibleTo(ctx)
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
  blockList: ({ deskTopId, tabId, page, pageSize }, ctx) => {
    const tab = desktopOf(ctx, deskTopId).tabs.find((t) => t.tabId === tabId) ?? fail('1003', '没有找到该栏目')
    const blocks = tab.blocks.map((b) => {
      const out = { blockId: b.blockId, title: b.title, layout: b.layout, items: cardsOf(ctx, b.programIds) }
      return { ...out, ...(b.topicId ? { topicId: b.topicId } : {}), ...(b.flowId ? { flowId: b.flowId } : {}) }
    })
    return paginate(blocks, page, pageSize)
  },
  mobileTopic: ({ topicId }, ctx) => {
    const t = ctx.cat.topics.find((x) => x.topicId === topicId) ?? fail('1003', '没有找到该专题')
    return { topicId: t.topicId, title: t.title, description: t.description, poster: t.poster, items: cardsOf(ctx, t.programIds) }
  },
  mobileFlow: ({ flowId, page, pageSize }, ctx) => {
    const f = ctx.cat.flows.find((x) => x.flowId === flowId) ?? fail('1003', '没有找到该内容')
    const { total, list } = paginate(cardsOf(ctx, f.programIds), page, pageSize)
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
