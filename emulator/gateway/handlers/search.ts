/**
 * Search handlers over the catalogue: a keyword matches a title (substring), a cast name, or the pinyin
 * initials of a title (e.g. "caws" finds 长安往事). Child mode (the child channel) keeps child-friendly
 * programs only, on every search call (the tabs, suggestions and top list too). Results are ranked: exact title, title prefix, title substring, initials, cast; then heat.
 */
import type { search } from '../../../src/protocol/contract/search'
import { toCard, type Program } from '../../data/catalogue'
import { fail, paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { isChildChannel, visibleTo } from './shared'

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
  const visible = visibleTo(ctx, childOnly)
  return ctx.cat.programs
    .filter(visible)
    .map((p) => ({ p, s: score(p, kw) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || b.p.heat - a.p.heat)
    .map((x) => x.p)
}

/** The name of a label (a genre: the catalogue's program types), '' when unknown. */
function labelName(ctx: HandlerCtx, labelId: string | undefined): string {
  return (labelId && ctx.cat.programTypes.find((t) => t.typeId === labelId)?.name) || ''
}

/** Programs of `keyword` (or, with no keyword and a label, every program of the label), label applied. */
function found(ctx: HandlerCtx, keyword: string, labelId: string | undefined, childOnly: boolean): Program[] {
  if (labelId === undefined) return searchPrograms(ctx, keyword, childOnly)
  const name = labelName(ctx, labelId)
  if (!name) fail('1003', '没有找到该标签')
  const base = keyword.trim() ? searchPrograms(ctx, keyword, childOnly) : ctx.cat.programs.filter(visibleTo(ctx, childOnly)).sort((a, b) => b.heat - a.heat)
  return base.filter((p) => p.tags.includes(name))
}

export const searchHandlers: DomainHandlers<typeof search> = {
  label: (_req, ctx) => {
    const blocked = ctx.session ? (ctx.db.state.typeBlackList[ctx.session.uid] ?? []) : []
    return { labels: ctx.cat.programTypes.filter((t) => !blocked.includes(t.typeId)).map((t) => ({ labelId: t.typeId, name: t.name })) }
  },
  hotSearch: (req, ctx) => ({
    tipsList: (isChildChannel(req) ? ctx.cat.childHotTips : ctx.cat.hotTips).map((name) => ({ name })),
  }),
  ns: (req, ctx) => {
    const { keyword, limit } = req
    const found = searchPrograms(ctx, keyword, isChildChannel(req))
    return { total: found.length, list: found.slice(0, limit).map(toCard) }
  },
  hotTop: (req, ctx) => {
    const { categoryId } = req
    const visible = visibleTo(ctx, isChildChannel(req))
    const ranked = ctx.cat.programs
      .filter((p) => (!categoryId || p.categoryId === categoryId) && visible(p))
      .sort((a, b) => b.heat - a.heat)
      .slice(0, 20)
    const categories = ctx.cat.categories
      .filter((c) => ctx.cat.programs.some((p) => p.categoryId === c.categoryId && visible(p)))
      .map((c) => ({ categoryId: c.categoryId, name: c.name }))
    return { list: ranked.map((p, i) => ({ rank: i + 1, heat: p.heat, program: toCard(p) })), categories }
  },
  searchProgramSeriesCategory: (req, ctx) => {
    const hits = found(ctx, req.keyword, req.labelId, isChildChannel(req))
    return {
      list: ctx.cat.categories
        .map((c) => ({ categoryId: c.categoryId, name: c.name, count: hits.filter((p) => p.categoryId === c.categoryId).length }))
        .filter((c) => c.count > 0),
    }
  },
  searchProgramSeries: (req, ctx) => {
    const { keyword, categoryId, labelId, page, pageSize } = req
    const hits = found(ctx, keyword, labelId, isChildChannel(req)).filter((p) => !categoryId || p.categoryId === categoryId)
    const { total, list } = paginate(hits, page, pageSize)
    return { total, list: list.map(toCard) }
  },
  searchTips: (req, ctx) => ({
    list: searchPrograms(ctx, req.keyword, isChildChannel(req))
      .slice(0, 10)
      .map((p) => ({ name: p.title, programId: p.programId })),
  }),
}
