/**
 * Search handlers over the catalogue: a keyword matches a title (substring), a cast name, or the pinyin
 * initials of a title (e.g. "caws" finds 长安往事). Child mode (the child channel) keeps child-friendly
 * programs only. Results are ranked: exact title, title prefix, title substring, initials, cast; then heat.
 */
import { childChannelId } from '../../config'
import type { search } from '../../../src/protocol/contract/search'
import { toCard, type Program } from '../../data/catalogue'
import { paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { visibleTo } from './shared'

function score(p: Program, kw: string): number {
  const k = kw.toLowerCase()
  if (p.title === kw) return 5
  if (p.title.startsWith(kw)) return 4
  if (p.title.includes(kw)) return 3
  if (/^[a-z]+$/.test(k) && p.initials.startsWith(k)) return 2
  if (p.cast.some((c) => c.name.includes(kw))) return 1
  return 0
}

export function searchPrograms(ctx: HandlerCtx, keyword: string, childOnly = false): Program[] {
  const kw = keyword.trim()
  if (!kw) return []
  const visible = visibleTo(ctx)
  return ctx.cat.programs
    .filter((p) => (!childOnly || p.childFriendly) && visible(p))
    .map((p) => ({ p, s: score(p, kw) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || b.p.heat - a.p.heat)
    .map((x) => x.p)
}

export const searchHandlers: DomainHandlers<typeof search> = {
  label: (_req, ctx) => ({ labels: ctx.cat.categories.map((c) => ({ labelId: c.categoryId, name: c.name })) }),
  hotSearch: ({ serviceChannelId }, ctx) => ({
    tipsList: (serviceChannelId === childChannelId ? ctx.cat.childHotTips : ctx.cat.hotTips).map((name) => ({ name })),
  }),
  ns: ({ keyword, limit, serviceChannelId }, ctx) => {
    const found = searchPrograms(ctx, keyword, serviceChannelId === childChannelId)
    return { total: found.length, list: found.slice(0, limit).map(toCard) }
  },
  hotTop: ({ categoryId }, ctx) => {
    const visible = visibleTo(ctx)
    const ranked = ctx.cat.programs
      .filter((p) => (!categoryId || p.categoryId === categoryId) && visible(p))
      .sort((a, b) => b.heat - a.heat)
      .slice(0, 20)
    return { list: ranked.map((p, i) => ({ rank: i + 1, heat: p.heat, program: toCard(p) })) }
  },
  searchProgramSeriesCategory: ({ keyword }, ctx) => {
    const found = searchPrograms(ctx, keyword)
    return {
      list: ctx.cat.categories
        .map((c) => ({ categoryId: c.categoryId, name: c.name, count: found.filter((p) => p.categoryId === c.categoryId).length }))
        .filter((c) => c.count > 0),
    }
  },
  searchProgramSeries: ({ keyword, categoryId, page, pageSize }, ctx) => {
    const found = searchPrograms(ctx, keyword).filter((p) => !categoryId || p.categoryId === categoryId)
    const { total, list } = paginate(found, page, pageSize)
    return { total, list: list.map(toCard) }
  },
  searchTips: ({ keyword }, ctx) => ({
    list: searchPrograms(ctx, keyword)
      .slice(0, 10)
      .map((p) => ({ name: p.title, programId: p.programId })),
  }),
}
