/**
 * What the points centre may offer per platform (src/platform/taskPolicy.ts, src/stores/app/taskOffer.ts):
 * WeChat offers no share task (no reward for sharing: WeChat's 运营规范, 滥用分享) and, on iOS, no task
 * that leads to a purchase; H5 inside the operator's app offers everything, as SPEC. A task not offered
 * is not listed and an action never advances it (the "only" rule's attack: the share action on WeChat).
 */
import { TasksStore, type TasksApi } from '@/stores/app/tasksStore'
import { leadsToPurchase, OFFER_ALL, taskOffered } from '@/stores/app/taskOffer'
import { createTaskPolicy } from '@/platform/taskPolicy'
import { sharingRewarded } from '@/platform/shareRule'
import { ShareModel, shareCardPath, shareWording } from '@/features/points/models/shareModel'
import type { Task } from '@/protocol/contract/models'

const task = (over: Partial<Task>): Task => ({ id: 't', type: '96', name: '任务', description: '', status: 'RECEIVED', points: 30, needSum: 1, progress: 0, action: 'other', daily: false, ...over })
const shareTask = task({ id: 'share', name: '分享活动', description: '把活动分享给好友', action: 'share' })
const vipTask = task({ id: 'vip', type: '97', name: '开通会员', description: '开通任意增值业务' })
const rechargeTask = task({ id: 'pay', type: '97', name: '话费任务', description: '充值话费50元' })
const bindTask = task({ id: 'bind', type: '99', name: '绑定一台电视', description: '绑定家中的电视机顶盒', action: 'bind' })

describe('the platform policy', () => {
  it('WeChat never rewards sharing; H5 inside the operator app does (SPEC)', () => {
    expect(sharingRewarded('weapp')).toBe(false)
    expect(sharingRewarded('h5')).toBe(true)
  })

  it('WeChat on iOS hides purchases, on Android only the share task; H5 offers all', () => {
    expect(createTaskPolicy('weapp', () => 'ios')).toEqual({ rewardsSharing: false, showsPurchases: false })
    expect(createTaskPolicy('weapp', () => 'android')).toEqual({ rewardsSharing: false, showsPurchases: true })
    expect(createTaskPolicy('h5', () => 'ios')).toEqual({ rewardsSharing: true, showsPurchases: true })
  })
})

describe('taskOffered', () => {
  it('recognises a task that leads to a purchase by its words', () => {
    expect(leadsToPurchase(vipTask)).toBe(true)
    expect(leadsToPurchase(rechargeTask)).toBe(true)
    expect(leadsToPurchase(bindTask)).toBe(false)
    expect(leadsToPurchase(shareTask)).toBe(false)
  })

  it('applies the policy', () => {
    const weappIos = createTaskPolicy('weapp', () => 'ios')
    expect([shareTask, vipTask, rechargeTask, bindTask].filter((x) => taskOffered(x, weappIos)).map((x) => x.id)).toEqual(['bind'])
    expect([shareTask, vipTask, rechargeTask, bindTask].filter((x) => taskOffered(x, OFFER_ALL)).map((x) => x.id)).toEqual(['share', 'vip', 'pay', 'bind'])
  })
})

describe('TasksStore with a policy', () => {
  const byType = { '96': [shareTask], '97': [vipTask], '99': [bindTask] }
  const api = () => ({
    taskInfoByTaskClass: jest.fn(async () => byType),
    receiveTask: jest.fn(),
    reportTaskProgress: jest.fn(async ({ tasks }: { tasks: Array<{ taskId: string }> }) => ({ list: tasks.map(({ taskId }) => ({ ...Object.values(byType).flat().find((x) => x.id === taskId)!, status: 'FINISHED' as const, progress: 1 })) })),
    receiveReward: jest.fn(),
    taskInfo: jest.fn(),
  })
  const who = () => ({ uid: 'u1', phone: '13800000000' })

  it('on WeChat iOS lists neither the share task nor the purchase, and a share reports nothing', async () => {
    const a = api()
    const s = new TasksStore(a as unknown as TasksApi, who, () => undefined, createTaskPolicy('weapp', () => 'ios'))
    await s.load()
    expect(s.list.map((x) => x.id)).toEqual(['bind'])
    expect(await s.completeAction('share')).toBeNull()
    expect(a.reportTaskProgress).not.toHaveBeenCalled()
  })

  it('on H5 the share advances the share task (SPEC 7 actReportTaskProgress)', async () => {
    const a = api()
    const s = new TasksStore(a as unknown as TasksApi, who, () => undefined, createTaskPolicy('h5'))
    await s.load()
    expect(s.list.map((x) => x.id)).toEqual(['bind', 'share', 'vip'])
    expect(await s.completeAction('share')).toMatchObject({ ok: true })
    expect(a.reportTaskProgress).toHaveBeenCalledWith(expect.objectContaining({ tasks: [{ taskId: 'share', needSum: 1 }] }))
  })
})

describe('the share page where sharing earns nothing', () => {
  it('its card carries no sharerUid and its words promise nothing', () => {
    expect(shareCardPath('u1', false)).toBe('/subpackages4/pages/activity-share/activity-share')
    expect(shareCardPath('u1', true)).toBe('/subpackages4/pages/activity-share/activity-share?sharerUid=u1')
    const plain = shareWording(false)
    expect(Object.values(plain).join(' ')).not.toMatch(/奖励|礼|券|获得/)
    expect(shareWording(true).text).toContain('积分奖励')
  })

  it('a sharerUid in an opened card is ignored: not visiting, joining sends none', async () => {
    const participate = jest.fn(async () => ({ participated: true, firstTime: true }))
    const m = new ShareModel({ participate }, () => 'u2', 'u1', false)
    expect(m.visiting).toBe(false)
    await m.join()
    expect(participate).toHaveBeenCalledWith({ activityId: 'act-points-2025', userId: 'u2' })
  })
})
