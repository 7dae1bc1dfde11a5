/**
 * Sharing on WeChat earns nothing (src/platform/share.ts sharingRewarded; WeChat's 运营规范, 滥用分享):
 * the points centre offers no share task (and, on iOS, no task that leads to a purchase), the share
 * page and its card promise nothing, and WeChat's share (onShareAppMessage) records no task and carries
 * no sharerUid. The page runs in the H5 test runtime with the weapp seam's answers: the platform's
 * task policy of WeChat on iOS, sharingRewarded false and WeChat's share channel.
 */
import Taro from '@tarojs/taro'
import { safeExecute } from '@tarojs/runtime'
import * as shareRule from '@/platform/shareRule'
import * as bridgeShare from '@/platform/bridge/share'
import { createTaskPolicy } from '@/platform/taskPolicy'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import type { Task } from '@/protocol/contract/models'

const task = (over: Partial<Task>): Task => ({ id: 't', type: '96', name: '任务', description: '说明', status: 'RECEIVED', points: 30, needSum: 1, progress: 0, action: 'other', daily: false, ...over })
/** Words that promise something for sharing or for the friend. */
const REWARD_WORDS = /积分奖励|奖励|好礼|礼|券|获得/

/** What WeChat calls when the user shares the page on top (its useShareAppMessage hook). */
function shareTopPage(from: 'button' | 'menu'): { title: string; path: string } {
  const page = Taro.getCurrentPages().at(-1) as unknown as { $taroPath: string }
  return safeExecute(page.$taroPath, 'onShareAppMessage', { from }) as { title: string; path: string }
}

describe('sharing on WeChat (the weapp seam)', () => {
  const tasks: Task[] = [
    task({ id: 'share', name: '分享活动', description: '把活动分享给好友', action: 'share' }),
    task({ id: 'vip', type: '97', name: '开通会员', description: '开通任意增值业务' }),
    task({ id: 'bind', type: '99', name: '绑定一台电视', description: '绑定家中的电视机顶盒', action: 'bind' }),
  ]
  const reportTaskProgress = jest.fn(async () => ({ list: [] }))
  const receiveTask = jest.fn(async ({ taskId }: { taskId: string }) => tasks.find((x) => x.id === taskId)!)
  const participate = jest.fn(async () => ({ participated: true, firstTime: true }))

  beforeAll(async () => {
    jest.spyOn(shareRule, 'sharingRewarded').mockReturnValue(false)
    jest.spyOn(bridgeShare, 'shareChannel').mockReturnValue('weapp')
    const services = installLoggedIn({
      activity: {
        userInfo: async () => ({ userId: 'u1', points: 100, todayPoints: 0, signDays: 0 }),
        signInfo: async () => ({ signedToday: false, continuousDays: 0, week: [] }),
        taskInfoByTaskClass: async () => ({ '96': tasks.filter((x) => x.type === '96'), '97': tasks.filter((x) => x.type === '97'), '99': tasks.filter((x) => x.type === '99') }),
        reportTaskProgress,
        receiveTask,
      },
      valueAdded: { participate },
    } as never, { taskPolicy: createTaskPolicy('weapp', () => 'ios') })
    await createTaroApp('subpackages4/pages/activity-index/activity-index')
    await services.root.start()
  })

  it('the points centre on WeChat iOS offers neither the share task nor the purchase', async () => {
    await until(() => textsOf('.task__name').length > 0, 'tasks')
    expect(textsOf('.task__name')).toEqual(['绑定一台电视'])
  })

  it('the share page offers WeChat share with plain words: no points, no gift for the friend', async () => {
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-share/activity-share' })
    await until(() => topPage().querySelectorAll('.share-native-btn').length === 1, 'share button')
    const words = [...textsOf('.share-card__title'), ...textsOf('.share-card__text')]
    expect(words).toEqual(['把积分活动分享给好友', '好友打开分享卡片即可查看积分活动，签到、做任务攒积分。'])
    expect(topPage().textContent).not.toMatch(REWARD_WORDS)
    expect(textsOf('.share-copy')).toEqual([])
  })

  it("WeChat's share records no task and its card carries no sharerUid and promises nothing", async () => {
    const card = shareTopPage('button')
    expect(card.path).toBe('/subpackages4/pages/activity-share/activity-share')
    expect(card.title).not.toMatch(REWARD_WORDS)
    await new Promise((r) => setTimeout(r, 50))
    expect(reportTaskProgress).not.toHaveBeenCalled()
    expect(receiveTask).not.toHaveBeenCalled()
  })

  it('a card with a sharerUid from elsewhere opens the plain page: no join through an invitation', async () => {
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-share/activity-share?sharerUid=u9' })
    await until(() => topPage().querySelectorAll('.share-native-btn').length === 1, 'plain share page')
    expect(textsOf('.share-join')).toEqual([])
    expect(participate).not.toHaveBeenCalled()
  })

  it("the points centre's own share menu records nothing either", async () => {
    await Taro.navigateBack({ delta: 2 })
    await until(() => textsOf('.task__name').length > 0, 'centre again')
    const card = shareTopPage('menu')
    expect(card).toEqual({ title: '手机高清电视助手积分活动', path: '/subpackages4/pages/activity-share/activity-share' })
    await new Promise((r) => setTimeout(r, 50))
    expect(reportTaskProgress).not.toHaveBeenCalled()
  })
})
