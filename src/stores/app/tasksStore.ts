import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../services/api'
import type { Task } from '../../protocol/contract/models'
import { taskClasses } from '../../config'
import { Loadable } from '../kit/loadable'
import type { ActionResult } from '../kit/write'
import { failureMessage } from '../kit/loadState'
import { devices as d, tasks as t } from '../../strings'
import type { TaskPolicy } from '../../platform/taskPolicy'
import { OFFER_ALL, taskOffered } from './taskOffer'

export type TasksApi = Pick<Api['activity'], 'taskInfoByTaskClass' | 'receiveTask' | 'reportTaskProgress' | 'receiveReward' | 'taskInfo'>
export type TaskAction = Task['action']

export interface TaskUser {
  uid: string
  phone: string
}

const OPEN: ReadonlyArray<Task['status']> = ['NO_RECEIVED', 'RECEIVED']

/**
 * Activity tasks of classes 6/99/96/98/97, keyed by type (actGetTaskInfoByTaskClass), and how they are
 * completed (SPEC 4, SPEC 7 act* calls):
 *   receive  NO_RECEIVED -> actReceiveTask -> RECEIVED (the points centre's 领取任务)
 *   action   after a real app action (play on the TV, favourite, bind, share, sign-in), every open task
 *            of that action: the NO_RECEIVED ones are received first, then one actReportTaskProgress
 *            lists each task once (progress 1, needSum, sendDate, taskType 1)
 *   claim    FINISHED -> stb/receiveReward kind 'task' -> REWARDED, once; the new balance goes to
 *            `onBalance`; the task is re-read (stb/taskInfo)
 * One write at a time: a second one while `busy` is refused.
 * Tasks the platform must not offer (the share task on WeChat, a purchase on WeChat iOS: `policy`,
 * src/stores/app/taskOffer.ts) are neither listed nor advanced.
 */
export class TasksStore {
  readonly byType: Loadable<Record<string, Task[]>>
  busy = false

  constructor(
    private readonly api: TasksApi,
    private readonly who: () => TaskUser | null = () => null,
    private readonly onBalance: (total: number) => void = () => undefined,
    private readonly policy: TaskPolicy = OFFER_ALL,
  ) {
    this.byType = new Loadable<Record<string, Task[]>>((v) => Object.keys(v ?? {}).length === 0)
    makeAutoObservable<TasksStore, 'api' | 'who' | 'onBalance' | 'policy'>(this, { api: false, who: false, onBalance: false, policy: false })
  }

  /** The user left: their tasks are no longer shown. */
  clear(): void {
    this.byType.reset()
  }

  /** Every task offered here, in the order of the task classes (6, 99, 96, 98, 97). */
  get list(): Task[] {
    const all = this.byType.value ?? {}
    return taskClasses.flatMap((c) => all[String(c)] ?? []).filter((x) => taskOffered(x, this.policy))
  }

  async load(uid = this.who()?.uid ?? ''): Promise<void> {
    if (!uid) return
    await this.byType.run(async () => (await this.api.taskInfoByTaskClass({ uid })) ?? {})
  }

  /** The points centre's 领取任务: NO_RECEIVED -> RECEIVED. */
  async receive(task: Task): Promise<ActionResult> {
    const user = this.who()
    if (!user) return { ok: false, message: d.needLogin }
    if (task.status !== 'NO_RECEIVED') return { ok: false, message: t.alreadyReceived }
    return this.write(async () => {
      const received = await this.api.receiveTask({ userId: user.uid, taskId: task.id })
      if (!received?.id) return { ok: false, message: d.failed }
      this.replace(received)
      return { ok: true, message: t.received }
    })
  }

  /**
   * A real action happened in the app: one step of progress on every open task it advances.
   * Resolves null when no open task is advanced by it (nothing to report), else the outcome.
   */
  async completeAction(action: TaskAction): Promise<ActionResult | null> {
    const user = this.who()
    if (!user || action === 'other') return null
    if (this.byType.status === 'idle' || this.byType.status === 'error' || this.byType.status === 'offline') await this.load(user.uid)
    const open = this.list.filter((x) => x.action === action && OPEN.includes(x.status))
    if (open.length === 0) return null
    return this.write(async () => {
      for (const task of open) {
        if (task.status !== 'NO_RECEIVED') continue
        const received = await this.api.receiveTask({ userId: user.uid, taskId: task.id })
        if (!received?.id) return { ok: false, message: d.failed }
        this.replace(received)
      }
      const res = await this.api.reportTaskProgress({
        userId: user.uid,
        phone: user.phone,
        tasks: open.map((x) => ({ taskId: x.id, needSum: x.needSum })),
      })
      if (!res?.list) return { ok: false, message: d.failed }
      for (const x of res.list) this.replace(x)
      const finished = res.list.filter((x) => x.status === 'FINISHED')
      return { ok: true, message: finished.length ? t.finished(finished.map((x) => x.name).join('、')) : t.progressReported }
    })
  }

  /** The reward of a FINISHED task, once. */
  async claim(task: Task): Promise<ActionResult> {
    const user = this.who()
    if (!user) return { ok: false, message: d.needLogin }
    if (task.status === 'REWARDED') return { ok: false, message: t.alreadyClaimed }
    if (task.status !== 'FINISHED') return { ok: false, message: t.notFinished }
    return this.write(async () => {
      const res = await this.api.receiveReward({ userId: user.uid, kind: 'task', taskId: task.id })
      if (!res) return { ok: false, message: d.failed }
      this.onBalance(res.totalPoints)
      // the task as the gateway now has it (stb/taskInfo); REWARDED if that read gives nothing
      let fresh: Task | undefined
      try {
        fresh = await this.api.taskInfo({ userId: user.uid, taskId: task.id })
      } catch {
        fresh = undefined // the reward is paid; only the re-read failed
      }
      this.replace(fresh?.id === task.id ? fresh : { ...task, status: 'REWARDED' })
      return { ok: true, message: t.claimed(res.points) }
    })
  }

  private async write(action: () => Promise<ActionResult>): Promise<ActionResult> {
    if (this.busy) return { ok: false, message: d.busy }
    this.busy = true
    try {
      return await action()
    } catch (e) {
      // the gateway's reason (e.g. already claimed): the list is re-read so it shows the truth
      await this.load()
      return { ok: false, message: failureMessage(e, d.failed) }
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  private replace(task: Task): void {
    runInAction(() => {
      const all = this.byType.value ?? {}
      const type = task.type
      this.byType.set({ ...all, [type]: (all[type] ?? []).map((x) => (x.id === task.id ? task : x)) })
    })
  }
}
