import { TasksStore, type TasksApi } from '@/stores/tasksStore'
import { NetworkStatus } from '@/stores/network'
import type { Task } from '@/services/contract/models'

const task = (over: Partial<Task>): Task => ({ id: 't1', type: '6', name: '每日观看', description: '', status: 'RECEIVED', points: 10, needSum: 3, progress: 0, ...over })
const user = { uid: 'u1', phone: '13800000000' }

function api(tasks: Task[]) {
  const calls: string[] = []
  const a = {
    taskInfoByTaskClass: jest.fn(async () => ({ '6': tasks })),
    receiveTask: jest.fn(async ({ taskId }: { taskId: string }) => {
      calls.push(`receive ${taskId}`)
      return task({ id: taskId, status: 'RECEIVED' })
    }),
    reportTaskProgress: jest.fn(async ({ tasks: t }: { tasks: Array<{ taskId: string }> }) => {
      calls.push(`report ${t[0].taskId}`)
      return { list: [task({ id: t[0].taskId, status: 'RECEIVED', progress: 1 })] }
    }),
  }
  return { a, calls }
}

describe('TasksStore (SPEC 4: NO_RECEIVED is received before progress is reported)', () => {
  it('receives a NO_RECEIVED task first, then reports its progress', async () => {
    const { a, calls } = api([task({ status: 'NO_RECEIVED' })])
    const store = new TasksStore(a as unknown as TasksApi, new NetworkStatus())
    await store.load('u1')
    const res = await store.reportProgress('6', user)
    expect(res).toEqual({ ok: true, message: '任务进度已更新' })
    expect(calls).toEqual(['receive t1', 'report t1'])
    expect(a.receiveTask).toHaveBeenCalledWith({ userId: 'u1', taskId: 't1' })
    expect(a.reportTaskProgress).toHaveBeenCalledWith({ userId: 'u1', phone: '13800000000', tasks: [{ taskId: 't1', needSum: 3 }] })
    expect(store.byType.value?.['6'][0]).toMatchObject({ status: 'RECEIVED', progress: 1 })
  })

  it('an already received task is reported directly', async () => {
    const { a, calls } = api([task({ status: 'RECEIVED' })])
    const store = new TasksStore(a as unknown as TasksApi, new NetworkStatus())
    await store.load('u1')
    await store.reportProgress('6', user)
    expect(calls).toEqual(['report t1'])
  })

  it('a failed receive reports nothing', async () => {
    const { a } = api([task({ status: 'NO_RECEIVED' })])
    a.receiveTask.mockRejectedValueOnce(new Error('任务已下线'))
    const store = new TasksStore(a as unknown as TasksApi, new NetworkStatus())
    await store.load('u1')
    expect(await store.reportProgress('6', user)).toEqual({ ok: false, message: '任务已下线' })
    expect(a.reportTaskProgress).not.toHaveBeenCalled()
  })

  it('no open task of that type, or no user: nothing is sent', async () => {
    const { a } = api([task({ status: 'FINISHED' })])
    const store = new TasksStore(a as unknown as TasksApi, new NetworkStatus())
    await store.load('u1')
    expect((await store.reportProgress('6', user)).message).toBe('暂无可完成的任务')
    expect((await store.reportProgress('6', { uid: '', phone: '' })).message).toBe('请先登录')
    expect(a.receiveTask).not.toHaveBeenCalled()
    expect(a.reportTaskProgress).not.toHaveBeenCalled()
  })
})
