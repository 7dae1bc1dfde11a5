/** Other handlers: texts, related programs, configured images, log upload (kept for inspection). */
import type { other } from '../../../src/services/contract/other'
import { toCard } from '../../data/catalogue'
import { fail, type DomainHandlers } from '../context'

const TEXTS: Record<string, { title: string; text: string }> = {
  userAgreement: {
    title: '用户协议',
    text: '欢迎使用手机高清电视助手。本应用用于绑定和控制您家中的电视机顶盒。我们仅在提供服务所必需的范围内使用您的手机号码。',
  },
  activityRules: {
    title: '活动规则',
    text: '1. 每日签到可获得积分；2. 完成任务后领取积分；3. 积分可兑换奖品，实物奖品需填写收货地址；4. 活动最终解释权归运营方所有。',
  },
  shareCopy: { title: '分享文案', text: '我在用手机高清电视助手，一起来领积分换好礼！' },
}

export const otherHandlers: DomainHandlers<typeof other> = {
  characters: ({ keys }) => ({
    list: Object.entries(TEXTS)
      .filter(([key]) => keys.length === 0 || keys.includes(key))
      .map(([key, v]) => ({ key, ...v })),
  }),
  getRelevantList: ({ programId, limit }, ctx) => {
    const p = ctx.cat.programById.get(programId) ?? fail('1003', '节目不存在或已下线')
    const castIds = new Set(p.cast.map((c) => c.castId))
    const related = ctx.cat.programs
      .filter((x) => x.programId !== programId && (x.categoryId === p.categoryId || x.cast.some((c) => castIds.has(c.castId))))
      .sort((a, b) => b.heat - a.heat)
    return { list: related.slice(0, Math.max(1, Math.min(limit, 30))).map(toCard) }
  },
  configImage: ({ position }, ctx) => ({
    list: [1, 2, 3].map((n) => ({
      imageId: `${position}-${n}`,
      url: `${ctx.cat.baseUrl}posters/img-${position}-${n}.svg`,
      link: n === 1 ? '/subpackages4/pages/activity-index/activity-index' : `/pages/list-detail/list-detail?topicId=${ctx.cat.topics[n].topicId}`,
      title: n === 1 ? '签到领积分' : ctx.cat.topics[n].title,
    })),
  }),
  logApi: (req, ctx) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(req.contenttext)
    } catch {
      fail('1001', 'contenttext 不是合法的 JSON')
    }
    if (!Array.isArray(parsed)) fail('1001', 'contenttext 应为数组')
    if (parsed.length !== Number(req.contentcount)) fail('1001', 'contentcount 与内容不符')
    ctx.logs.push({ seqid: req.seqid, mac: req.mac, records: parsed })
    if (ctx.logs.length > 500) ctx.logs.shift()
    return { accepted: parsed.length }
  },
}
