/** Live handlers: channel groups, channels with the programme on air, day lists, programme detail. */
import type { live } from '../../../src/protocol/contract/live'
import { dayKey, parsePsId, programmesOf } from '../../data/live'
import { fail, type DomainHandlers } from '../context'

export const liveHandlers: DomainHandlers<typeof live> = {
  getOpenNewAssortment: (_req, ctx) => ({ list: ctx.cat.assortments.map((a) => ({ ...a })) }),
  channelList: ({ assortmentId }, ctx) => {
    if (!ctx.cat.assortments.some((a) => a.assortmentId === assortmentId)) fail('1003', '没有找到该分组')
    const now = ctx.now()
    return {
      list: ctx.cat.channels
        .filter((c) => c.assortmentId === assortmentId)
        .map((c) => {
          const current = programmesOf(c, dayKey(now)).find((p) => p.startTime <= now && now < p.endTime)
          const { assortmentId: _a, ...rest } = c
          void _a
          return current ? { ...rest, current } : rest
        }),
    }
  },
  getAllProgramlist: ({ channelId, date }, ctx) => {
    const c = ctx.cat.channels.find((x) => x.channelId === channelId) ?? fail('1003', '没有找到该频道')
    if (!/^\d{8}$/.test(date)) fail('1001', 'date 应为 YYYYMMDD')
    return { channelId, date, list: programmesOf(c, date) }
  },
  psdetail: ({ psId }, ctx) => {
    const ref = parsePsId(psId) ?? fail('1003', '没有找到该节目')
    const c = ctx.cat.channels.find((x) => x.channelId === ref.channelId) ?? fail('1003', '没有找到该频道')
    const p = programmesOf(c, ref.date)[ref.index] ?? fail('1003', '没有找到该节目')
    return { ...p, channelName: c.name, description: `${c.name}《${p.title}》` }
  },
}
