import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import type { PointsRecord, Task } from '@/protocol/contract/models'

const task = (over: Partial<Task>): Task => ({ id: 't', type: '6', name: '任务', description: '说明', status: 'NO_RECEIVED', points: 30, needSum: 1, progress: 0, action: 'play', daily: false, ...over })
const rec = (i: number, points: number): PointsRecord => ({ recordId: `r${i}`, points, reason: points > 0 ? '每日签到' : '积分兑换：耳机', source: points > 0 ? 'sign' : 'exchange', createdAt: Date.UTC(2026, 10, 20, 0, i) /* 08:i in UTC+8 */ })
const summary = { balance: 420, income: 620, spent: 200, bySource: [{ source: 'sign' as const, label: '每日签到', points: 620, count: 25 }], byMonth: [{ month: '2026-11', income: 620, spent: 200 }] }

describe('the points centre (subpackages4)', () => {
  let balance = 500
  let signed = false
  const tasks: Task[] = [
    task({ id: 'cast', type: '97', name: '使用投屏', status: 'FINISHED', progress: 1 }),
    task({ id: 'bind', type: '99', name: '绑定一台电视', action: 'bind', status: 'RECEIVED' }),
    task({ id: 'vip', type: '97', name: '开通会员', action: 'other', status: 'RECEIVED' }),
    task({ id: 'new', type: '6', name: '每日观看节目', status: 'NO_RECEIVED', needSum: 3, daily: true }),
  ]
  const ledger = Array.from({ length: 25 }, (_, i) => rec(i, i % 5 === 4 ? -200 : 10))
  const listUserPointsRecord = jest.fn(async ({ page, pageSize, kind }: { page: number; pageSize: number; kind?: string }) => {
    const all = ledger.filter((r) => (kind === 'income' ? r.points > 0 : kind === 'spent' ? r.points < 0 : true))
    return { total: all.length, list: all.slice((page - 1) * pageSize, page * pageSize), summary }
  })
  const receiveReward = jest.fn(async ({ kind }: { kind: string }) => {
    if (kind === 'sign') {
      signed = true
      balance += 10
      return { points: 10, totalPoints: balance }
    }
    balance += 30
    return { points: 30, totalPoints: balance }
  })
  const receiveTask = jest.fn(async ({ taskId }: { taskId: string }) => ({ ...tasks.find((x) => x.id === taskId)!, status: 'RECEIVED' as const }))

  beforeAll(async () => {
    const services = installLoggedIn({
      activity: {
        userInfo: async () => ({ userId: 'u1', points: balance, todayPoints: signed ? 10 : 0, signDays: 3 }),
        signInfo: async () => ({
          signedToday: signed,
          continuousDays: signed ? 3 : 2,
          week: [10, 10, 15, 15, 20, 20, 50].map((points, i) => ({ day: i + 1, points, signed: i < (signed ? 3 : 2) })),
        }),
        receiveReward,
        receiveTask,
        reportTaskProgress: async () => ({ list: [] }),
        taskInfoByTaskClass: async () => ({ '6': tasks.filter((x) => x.type === '6'), '99': tasks.filter((x) => x.type === '99'), '97': tasks.filter((x) => x.type === '97') }),
        listUserPointsRecord,
      },
      other: {
        characters: async () => ({ list: [{ key: 'activityRules', title: '积分活动规则', text: '1. 每天签到一次\n2. 奖励只领一次', validFrom: '2025-06-10', validTo: '2026-12-31' }] }),
      },
    } as never)
    await createTaroApp()
    await services.root.start()
  })

  it('home has an entry with the balance; it opens the points centre', async () => {
    await until(() => textsOf('.points-entry__balance').length === 1, 'balance on home')
    expect(textsOf('.points-entry__balance')).toEqual(['500 积分'])
    ;(topPage().querySelector('.points-entry') as HTMLElement).click()
    await until(() => textsOf('.points-hero__balance').length === 1, 'points centre')
    expect(textsOf('.points-hero__balance')).toEqual(['500'])
  })

  it('shows the 7-day strip with the streak, and signs in once', async () => {
    await until(() => textsOf('.sign-day').length === 7, 'sign strip')
    expect(textsOf('.sign-card__streak')).toEqual(['已连续签到 2 天'])
    expect(topPage().querySelectorAll('.sign-day--signed')).toHaveLength(2)
    const toast = jest.spyOn(Taro, 'showToast')
    ;(topPage().querySelector('.sign-card__button') as HTMLElement).click()
    await until(() => textsOf('.sign-card__streak').includes('已连续签到 3 天'), 'streak after sign-in')
    expect(textsOf('.points-hero__balance')).toEqual(['510'])
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '签到成功，获得10积分' }))
    expect(textsOf('.sign-card__button')).toEqual(['今日已签到'])
    ;(topPage().querySelector('.sign-card__button') as HTMLElement).click()
    await until(() => toast.mock.calls.some(([o]) => (o as { title: string }).title === '今天已经签到过了'), 'second sign-in refused in words')
    expect(receiveReward.mock.calls.filter(([a]) => a.kind === 'sign')).toHaveLength(1)
  })

  it('lists the tasks in class order with their next step: receive, go, claim, or nothing to do in the app', async () => {
    await until(() => textsOf('.task__name').length === 4, 'tasks')
    expect(textsOf('.task__name')).toEqual(['每日观看节目', '绑定一台电视', '使用投屏', '开通会员'])
    const row = (id: string) => topPage().querySelector(`[data-task="${id}"]`) as HTMLElement
    expect(row('new').querySelector('.task__receive')).not.toBeNull()
    expect(row('bind').querySelector('.task__go')).not.toBeNull()
    expect(row('cast').querySelector('.task__claim')).not.toBeNull()
    expect(row('vip').querySelector('.task__go, .task__receive, .task__claim')).toBeNull()
    expect(row('new').textContent).toContain('进度 0/3')

    ;(row('new').querySelector('.task__receive') as HTMLElement).click()
    await until(() => row('new').getAttribute('data-status') === 'RECEIVED', 'received')
    expect(receiveTask).toHaveBeenCalledWith({ userId: 'u1', taskId: 'new' })

    ;(row('cast').querySelector('.task__claim') as HTMLElement).click()
    await until(() => row('cast').getAttribute('data-status') === 'REWARDED', 'claimed')
    expect(textsOf('.points-hero__balance')).toEqual(['540'])
    expect(row('cast').textContent).toContain('已完成')
  })

  it('points-list: the ledger with reason and time, paged, filtered', async () => {
    ;(topPage().querySelectorAll('.points-entries__item')[0] as HTMLElement).click()
    await until(() => textsOf('.ledger-line').length === 20, 'first page')
    expect(textsOf('.ledger-line__reason')[0]).toBe('每日签到')
    expect(textsOf('.ledger-line__time')[0]).toBe('2026-11-20 08:00')
    expect(textsOf('.ledger-line__points')[4]).toBe('-200')
    ;[...topPage().querySelectorAll('.points-filter__tab')].find((e) => e.textContent === '支出')!.dispatchEvent(new Event('click', { bubbles: true }))
    await until(() => textsOf('.ledger-line').length === 5, 'spent only')
    expect(textsOf('.ledger-line__points').every((p) => p === '-200')).toBe(true)
    expect(listUserPointsRecord).toHaveBeenLastCalledWith({ userId: 'u1', page: 1, pageSize: 20, kind: 'spent' })
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-index/activity-index' })
    await until(() => textsOf('.points-hero__balance').length === 1, 'back to the centre')
  })

  it('points-income: the sums as the gateway answered them', async () => {
    ;(topPage().querySelectorAll('.points-entries__item')[1] as HTMLElement).click()
    await until(() => textsOf('.income-source').length === 1, 'income page')
    expect(textsOf('.income-total')).toEqual(['620'])
    expect(textsOf('.spent-total')).toEqual(['200'])
    expect(textsOf('.income-source')).toEqual(['每日签到25笔+620'])
    expect(textsOf('.income-month')).toEqual(['2026年11月支出 200+620'])
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-index/activity-index' })
    await until(() => textsOf('.points-hero__balance').length === 1, 'back to the centre')
  })

  it('activity-rules: the served rules with their validity dates', async () => {
    ;(topPage().querySelectorAll('.points-entries__item')[2] as HTMLElement).click()
    await until(() => textsOf('.rules__line').length === 2, 'rules page')
    expect(textsOf('.rules__validity')).toEqual(['活动时间：2025-06-10 至 2026-12-31'])
    expect(textsOf('.rules__line')).toEqual(['1. 每天签到一次', '2. 奖励只领一次'])
  })
})
