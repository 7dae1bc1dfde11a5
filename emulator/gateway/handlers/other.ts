/** Other handlers: texts, related programs, configured images, log upload (kept for inspection). */
import type { other } from '../../../src/protocol/contract/other'
import { toCard, type Catalogue } from '../../data/catalogue'
import { SIGN_POINTS } from './points'
import { fail, type DomainHandlers } from '../context'
import { isChildChannel, visibleTo } from './shared'
import { LOG_RECORDS_MAX } from '../../../src/protocol/contract/other'
import { keepLogBatch } from '../context'

type Text = { title: string; text: string; validFrom?: string; validTo?: string }

/** The rules of the points activity, written from the emulator's own numbers (sign-in week, tasks). */
function activityRules(cat: Catalogue): Text {
  const week = SIGN_POINTS.map((p, i) => `第${i + 1}天${p}分`).join('、')
  const tasks = cat.taskTemplates.map((t) => `${t.name}（${t.description}）${t.points}分${t.daily ? '，每日更新' : ''}`).join('；')
  return {
    title: '积分活动规则',
    validFrom: '2025-06-10',
    validTo: '2026-12-31',
    text: [
      `1. 每天可签到一次，以服务器日期为准。连续签到7天为一轮：${week}；中断后从第1天重新计算。`,
      `2. 任务需先领取，完成对应操作后进度自动更新，完成后领取奖励，每个任务的奖励只能领取一次。任务：${tasks}。`,
      '3. 积分余额等于全部积分明细之和，可在积分明细中按收入、支出查看。',
      '4. 积分可兑换奖品，实物奖品需填写收货地址；兑换后积分不退回。',
      '5. 以不正当方式获取积分的，运营方有权扣除相应积分。活动最终解释权归运营方所有。',
    ].join('\n'),
  }
}

const TEXTS: Record<string, Text> = {
  userAgreement: {
    title: '用户协议',
    text: '欢迎使用手机高清电视助手。本应用用于绑定和控制您家中的电视机顶盒。我们仅在提供服务所必需的范围内使用您的手机号码。',
  },
  privacyPolicy: {
    title: '隐私政策',
    text: '我们收集的信息：您授权的手机号码、您绑定的电视机顶盒信息、收藏与观看记录；您自愿设置的头像和昵称。\n使用目的：登录、绑定与遥控电视、同步您的收藏与记录；头像和昵称用于在“我的”和家庭成员列表中展示您，上传的头像会去除拍摄地点等附加信息。\n我们不会将您的信息提供给与服务无关的第三方。您可以在“我的”中退出登录并解除绑定。',
  },
  shareCopy: { title: '分享文案', text: '我在用手机高清电视助手，一起来领积分换好礼！' },
}

export const otherHandlers: DomainHandlers<typeof other> = {
  characters: ({ keys }, ctx) => ({
    list: Object.entries({ ...TEXTS, activityRules: activityRules(ctx.cat) })
      .filter(([key]) => keys.length === 0 || keys.includes(key))
      .map(([key, v]) => ({ key, ...v })),
  }),
  getRelevantList: (req, ctx) => {
    const { programId, limit } = req
    const p = ctx.cat.programById.get(programId) ?? fail('1003', '节目不存在或已下线')
    const castIds = new Set(p.cast.map((c) => c.castId))
    const visible = visibleTo(ctx, isChildChannel(req))
    const related = ctx.cat.programs
      .filter((x) => x.programId !== programId && visible(x) && (x.categoryId === p.categoryId || x.cast.some((c) => castIds.has(c.castId))))
      .sort((a, b) => b.heat - a.heat)
    return { list: related.slice(0, Math.max(1, Math.min(limit, 30))).map(toCard) }
  },
  /**
   * Operator images of the positions the app shows: home-banner (three), my-top and
   * activity-top (one each); any other position has none. Links: app routes with their parameters,
   * or the product page (an address the web-view allows).
   */
  configImage: ({ position }, ctx) => {
    const img = (n: number, link: string, title: string) => ({ imageId: `${position}-${n}`, url: `${ctx.cat.baseUrl}posters/img-${position}-${n}.svg`, link, title })
    const topic = ctx.cat.topics[1]
    const top = [...ctx.cat.programs].sort((a, b) => b.heat - a.heat)[0]
    // keyed by the request's position: a Map, so `constructor` or `__proto__` find nothing
    const byPosition = new Map<string, ReturnType<typeof img>[]>(Object.entries({
      'home-banner': [
        img(1, '/subpackages4/pages/activity-index/activity-index', '签到领积分'),
        img(2, `/pages/list-detail/list-detail?topicId=${topic.topicId}`, topic.title),
        img(3, `${ctx.cat.baseUrl}product/index.html`, '产品介绍'),
      ],
      'my-top': [img(1, '/subpackages4/pages/points-exchange/points-exchange', '积分兑好礼')],
      'activity-top': [img(1, `/pages/detail/detail?programId=${top.programId}`, top.title)],
    }))
    return { list: byPosition.get(position) ?? [] }
  },
  logApi: (req, ctx) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(req.contenttext)
    } catch {
      fail('1001', 'contenttext 不是合法的 JSON')
    }
    if (!Array.isArray(parsed)) fail('1001', 'contenttext 应为数组')
    if (parsed.length !== Number(req.contentcount)) fail('1001', 'contentcount 与内容不符')
    if (parsed.length > LOG_RECORDS_MAX) fail('1001', `每批日志最多${LOG_RECORDS_MAX}条`)
    keepLogBatch(ctx.logs, { seqid: req.seqid, mac: req.mac, records: parsed, bytes: req.contenttext.length })
    return { accepted: parsed.length }
  },
}
