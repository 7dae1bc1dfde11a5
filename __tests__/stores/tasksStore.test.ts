import { TasksStore, type TasksApi } from '@/stores/app/tasksStore'
import type { Task } from '@/protocol/contract/models'

const task = (over: Partial<Task>): Task => ({ id: 't1', type: '6', name: '每日观看', description: '', status: 'RECEIVED', points: 10, needSum: 3, progress: 0, action: 'play', daily: true, ...over })
const user = { uid: 'u1', phone: '13800000000' }

function api(byType: Record<string, Task[]>) {
  const calls: string[] = []
  const a = {
    taskInfoByTaskClass: jest.fn(async () => byType),
    receiveTask: jest.fn(async ({ taskId }: { taskId: string }) => {
      calls.push(`receive ${taskId}`)
      const t = Object.values(byType).flat().find((x) => x.id === taskId)
      return { ...t, status: 'RECEIVED' } as Task
    }),
    reportTaskProgress: jest.fn(async ({ tasks: ts }: { tasks: Array<{ taskId: string; needSum: number }> }) => {
      calls.push(`report ${ts.map((x) => x.taskId).join(',')}`)
      return {
        list: ts.map(({ taskId }) => {
          const t = Object.values(byType).flat().find((x) => x.id === taskId) as Task
          const progress = t.progress + 1
          return { ...t, status: progress >= t.needSum ? 'FINISHED' : 'RECEIVED', progress } as Task
        }),
      }
    }),
    receiveReward: jest.fn(async () => ({ points: 10, totalPoints: 510 })),
    taskInfo: jest.fn(async ({ taskId }: { taskId: string }) => ({ ...Object.values(byType).flat().find((x) => x.id === taskId)!, status: 'REWARDED' as const })),
  }
  return { a, calls }
}

function store(a: unknown, who: typeof user | null = user, onBalance = jest.fn()) {
  return new TasksStore(a as TasksApi, () => who, onBalance)
}

describe('TasksStore (SPEC 4 / SPEC 7: NO_RECEIVED -> actReceiveTask -> action -> actReportTaskProgress -> reward once)', () => {
  it('lists the tasks in the order of the task classes 6, 99, 96, 98, 97', async () => {
    const { a } = api({ '97': [task({ id: 'c', type: '97' })], '6': [task({ id: 'a' })], '99': [task({ id: 'b', type: '99' })] })
    const s = store(a)
    await s.load()
    expect(a.taskInfoByTaskClass).toHaveBeenCalledWith({ uid: 'u1' })
    expect(s.list.map((x) => x.id)).toEqual(['a', 'b', 'c'])
  })

  it('an action receives its NO_RECEIVED tasks first, then reports every open task of that action once, in one request', async () => {
    const { a, calls } = api({
      '6': [task({ id: 'w', status: 'NO_RECEIVED' }), task({ id: 's', action: 'sign', status: 'NO_RECEIVED' })],
      '97': [task({ id: 'cast', type: '97', needSum: 1, status: 'RECEIVED', daily: false })],
      '98': [task({ id: 'done', type: '98', status: 'REWARDED' })],
    })
    const s = store(a)
    await s.load()
    const res = await s.completeAction('play')
    expect(calls).toEqual(['receive w', 'report w,cast'])
    expect(a.reportTaskProgress).toHaveBeenCalledWith({ userId: 'u1', phone: '13800000000', tasks: [{ taskId: 'w', needSum: 3 }, { taskId: 'cast', needSum: 1 }] })
    expect(res).toEqual({ ok: true, message: '任务完成：每日观看，去活动中心领取奖励' })
    expect(s.list.find((x) => x.id === 'w')).toMatchObject({ status: 'RECEIVED', progress: 1 })
    expect(s.list.find((x) => x.id === 'cast')).toMatchObject({ status: 'FINISHED' })
    expect(s.list.find((x) => x.id === 's')?.status).toBe('NO_RECEIVED')
  })

  it('loads the tasks before an action when the list was never loaded', async () => {
    const { a, calls } = api({ '6': [task({ id: 'w' })] })
    const s = store(a)
    expect(await s.completeAction('play')).toMatchObject({ ok: true })
    expect(a.taskInfoByTaskClass).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(['report w'])
  })

  it('a failed receive reports nothing and gives the reason', async () => {
    const { a } = api({ '6': [task({ status: 'NO_RECEIVED' })] })
    a.receiveTask.mockRejectedValueOnce(new Error('任务已下线'))
    const s = store(a)
    await s.load()
    expect(await s.completeAction('play')).toEqual({ ok: false, message: '任务已下线' })
    expect(a.reportTaskProgress).not.toHaveBeenCalled()
  })

  it('no open task for the action, no user, or an action no task has: nothing is sent', async () => {
    const { a } = api({ '6': [task({ status: 'FINISHED' })] })
    const s = store(a)
    await s.load()
    expect(await s.completeAction('play')).toBeNull()
    expect(await s.completeAction('other')).toBeNull()
    expect(await store(a, null).completeAction('play')).toBeNull()
    expect(a.receiveTask).not.toHaveBeenCalled()
    expect(a.reportTaskProgress).not.toHaveBeenCalled()
  })

  it('the reward: only a FINISHED task, once; the new balance goes to the points store', async () => {
    const { a } = api({ '6': [task({ id: 'f', status: 'FINISHED', progress: 3 }), task({ id: 'r', status: 'RECEIVED' })] })
    const onBalance = jest.fn()
    const s = store(a, user, onBalance)
    await s.load()
    expect(await s.claim(s.list[1])).toEqual({ ok: false, message: '任务尚未完成' })
    expect(await s.claim(s.list[0])).toEqual({ ok: true, message: '领取成功，获得10积分' })
    expect(a.receiveReward).toHaveBeenCalledWith({ userId: 'u1', kind: 'task', taskId: 'f' })
    expect(a.taskInfo).toHaveBeenCalledWith({ userId: 'u1', taskId: 'f' })
    expect(onBalance).toHaveBeenCalledWith(510)
    expect(s.list[0].status).toBe('REWARDED')
    expect(await s.claim(s.list[0])).toEqual({ ok: false, message: '奖励已领取' })
    expect(a.receiveReward).toHaveBeenCalledTimes(1)
  })

  it('receive: only NO_RECEIVED; a second write while one runs is refused', async () => {
    const { a } = api({ '6': [task({ id: 'n', status: 'NO_RECEIVED' })] })
    const s = store(a)
    await s.load()
    const first = s.receive(s.list[0])
    expect(await s.receive(s.list[0])).toEqual({ ok: false, message: '正在处理，请稍候' })
    expect(await first).toEqual({ ok: true, message: '任务已领取，快去完成吧' })
    expect(await s.receive(s.list[0])).toEqual({ ok: false, message: '任务已领取' })
    expect(a.receiveTask).toHaveBeenCalledTimes(1)
  })
})
