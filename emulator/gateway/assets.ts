/** GET routes for the images and third-party pages the catalogue points at. */
import { badgeSvg, posterSvg } from '../data/posters'
import type { Catalogue } from '../data/catalogue'

export interface Asset {
  type: string
  body: string
}

export function assetFor(cat: Catalogue, pathname: string): Asset | null {
  const m = /^\/(posters|avatars|logos|h5)\/([\w.-]+)\.(svg|html)$/.exec(pathname)
  if (!m) return null
  const [, kind, id, ext] = m
  const svg = (body: string): Asset => ({ type: 'image/svg+xml; charset=utf-8', body })
  if (kind === 'posters' && ext === 'svg') {
    const p = cat.programById.get(id)
    if (p) return svg(posterSvg(id, p.title, `${p.categoryName} · ${p.year}`))
    const t = cat.topics.find((x) => x.topicId === id)
    if (t) return svg(posterSvg(id, t.title, '专题'))
    const prize = cat.prizes.find((x) => x.prizeId === id)
    if (prize) return svg(posterSvg(id, prize.name, `${prize.points}积分`))
    return svg(posterSvg(id, '高清电视助手'))
  }
  if (kind === 'avatars' && ext === 'svg') return svg(badgeSvg(id, cat.castById.get(id)?.name ?? '家'))
  if (kind === 'logos' && ext === 'svg') return svg(badgeSvg(id, cat.channels.find((c) => c.channelId === id)?.name ?? '台'))
  if (kind === 'h5' && ext === 'html') {
    const p = cat.programById.get(id)
    if (!p?.h5Play) return null
    return {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><meta charset="utf-8"><title>${p.title}</title><h1>${p.h5Play.appName}</h1><p>正在播放《${p.title}》</p>`,
    }
  }
  return null
}
