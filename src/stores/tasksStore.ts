import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../services/api'
import type { Task } from '../services/contract/models'
import { Loadable } from './loadable'
import type { NetworkStatus } from './network'
import { failureMessage, type ActionResult } from './write'
import { devices as d, tasks as t } from '../strings'

export type TasksApi = Pick<Api['activity'], 'taskInfoByTaskClass' | 'receiveTask' | 'reportTaskProgress'>

/**
 * Activity tasks of classes 6/99/96/98/97, keyed by type (actGetTaskInfoByTaskClass). Reporting
 * progress follows SPEC 4: a task still NO_RECEIVED is received (actReceiveTask) first.
 */
export class TasksStore {
  readonly byType: Loadable<Record<string, Task[]>>

  constructor(
    private readonly api: TasksApi,
    network: NetworkStatus,
  ) {
    this.byType = new Loadable<Record<string, Task[]>>(network, (v) => Object.keys(v ?? {}).length === 0)
    makeAutoObservable<TasksStore, 'api'>(this, { api: false })
  }

  async load(uid: string): Promise<void> {
    await this.byType.run(async () => (await this.api.taskInfoByTaskClass({ uid })) ?? {})
  }

  /** Reports one step of progress on the first open task of `type`. */
  async reportProgress(type: string, user: { uid: string; phone: string }): Promise<ActionResult> {
    if (!user.uid) return { ok: false, message: d.needLogin }
    const task = (this.byType.value?.[type] ?? []).find((x) => x.status === 'NO_RECEIVED' || x.status === 'RECEIVED')
    if (!task) return { ok: false, message: t.noOpenTask }
    try {
      if (task.status === 'NO_RECEIVED') {
        const received = await this.api.receiveTask({ userId: user.uid, taskId: task.id })
        if (!received?.id) return { ok: false, message: d.failed }
        this.replace(type, received)
      }
      const res = await this.api.reportTaskProgress({ userId: user.uid, phone: user.phone, tasks: [{ taskId: task.id, needSum: task.needSum }] })
      const updated = res?.list?.find((x) => x.id === task.id)
      if (!updated) return { ok: false, message: d.failed }
      this.replace(type, updated)
      return { ok: true, message: t.progressReported }
    } catch (e) {
      return { ok: false, message: failureMessage(e) }
    }
  }

  private replace(type: string, task: Task): void {
    runInAction(() => {
      const all = this.byType.value ?? {}
      this.byType.set({ ...all, [type]: (all[type] ?? []).map((x) => (x.id === task.id ? task : x)) })
    })
  }
}
