/** GET routes for the images and third-party pages the catalogue points at. */
import { badgeSvg, logoSvg, posterSvg } from '../data/posters'
import { parsePsId, programmesOf } from '../data/live'
import type { Catalogue } from '../data/catalogue'

export interface Asset {
  type: string
  body: string
}

/** The product page the web-view opens in the local build (产品介绍 in 我的). */
export const PRODUCT_PAGE_PATH = '/product/index.html'

function productPage(cat: Catalogue): Asset {
  const apps = [...new Set(cat.programs.flatMap((p) => (p.h5Play ? [p.h5Play.appName] : [])))].join('、')
  return {
    type: 'text/html; charset=utf-8',
    body: [
      '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>产品介绍 · 手机高清电视助手</title>',
      '<style>body{font-family:sans-serif;margin:0;padding:24px;color:#1f2329;background:#fff;line-height:1.6}h1{font-size:22px}h2{font-size:18px;margin-top:24px}</style>',
      '</head><body><main>',
      '<h1>手机高清电视助手</h1>',
      '<p>用手机绑定家里的电视机顶盒，浏览电视桌面、搜索节目、收藏和查看观看记录，并直接遥控电视。</p>',
      '<h2>能做什么</h2><ul><li>绑定多台电视，随时切换</li><li>遥控器：方向、确定、音量、电源</li>',
      `<li>第三方内容一键在电视上播放（${apps}）</li><li>收藏、观看记录、节目与分类黑名单</li><li>童锁与全局锁</li></ul>`,
      `<p>共收录 ${cat.programs.length} 部节目。</p>`,
      '</main></body></html>',
    ].join(''),
  }
}

export function assetFor(cat: Catalogue, pathname: string): Asset | null {
  if (pathname === PRODUCT_PAGE_PATH) return productPage(cat)
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
    const live = livePoster(cat, id)
    if (live) return svg(live)
    return svg(posterSvg(id, '高清电视助手'))
  }
  if (kind === 'avatars' && ext === 'svg') return svg(badgeSvg(id, cat.castById.get(id)?.name ?? '家'))
  if (kind === 'logos' && ext === 'svg') {
    const c = cat.channels.find((x) => x.channelId === id)
    return svg(c ? logoSvg(id, c.name) : badgeSvg(id, '台'))
  }
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

/** A live programme's poster (psdetail `poster`): its title over the channel's name. */
function livePoster(cat: Catalogue, psId: string): string | null {
  const ref = parsePsId(psId)
  const c = ref && cat.channels.find((x) => x.channelId === ref.channelId)
  const p = ref && c ? programmesOf(c, ref.date)[ref.index] : undefined
  return c && p ? posterSvg(psId, p.title, c.name) : null
}
