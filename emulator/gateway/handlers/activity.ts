/** Activity handlers: points account, sign-in, tasks (receive -> progress -> finished -> rewarded). */
import type { activity } from '../../../src/services/contract/activity'
import type { Task } from '../../../src/services/contract/models'
import { dayKey } from '../../data/live'
import { fail, paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { account, addPoints, SIGN_POINTS, streak } from './points'

function taskOf(ctx: HandlerCtx, uid: string, taskId: string): Task {
  const tpl = ctx.cat.taskTemplates.find((t) => t.id === taskId) ?? fail('1003', '没有找到该任务')
  const st = ctx.db.state.tasks[uid]?.[taskId] ?? { status: 'NO_RECEIVED' as const, progress: 0 }
  return { ...tpl, status: st.status, progress: st.progress }
}

function setTask(ctx: HandlerCtx, uid: string, taskId: string, status: Task['status'], progress: number): Task {
  ;(ctx.db.state.tasks[uid] ??= {})[taskId] = { status, progress }
  ctx.db.touch()
  return taskOf(ctx, uid, taskId)
}

export const activityHandlers: DomainHandlers<typeof activity> = {
  userInfo: ({ userId }, ctx) => {
    ctx.user(userId)
    const acc = account(ctx, userId)
    const today = dayKey(ctx.now())
    const todayPoints = acc.records.filter((r) => r.points > 0 && dayKey(r.createdAt) === today).reduce((a, r) => a + r.points, 0)
    return { userId, points: acc.total, todayPoints, signDays: acc.signDays.length }
  },
  signInfo: ({ userId }, ctx) => {
    ctx.user(userId)
    const signedToday = account(ctx, userId).signDays.includes(dayKey(ctx.now()))
    const days = streak(ctx, userId)
    const inWeek = days === 0 ? 0 : ((days - 1) % 7) + 1
    return {
      signedToday,
      continuousDays: days,
      week: SIGN_POINTS.map((points, i) => ({ day: i + 1, points, signed: i < inWeek })),
    }
  },
  receiveReward: ({ userId, kind, taskId }, ctx) => {
    ctx.user(userId)
    if (kind === 'sign') {
      const acc = account(ctx, userId)
      const today = dayKey(ctx.now())
      if (acc.signDays.includes(today)) fail('2002', '今天已经签到过了')
      const points = SIGN_POINTS[streak(ctx, userId) % 7]
      acc.signDays.push(today)
      return { points, totalPoints: addPoints(ctx, userId, points, '每日签到') }
    }
    const task = taskOf(ctx, userId, taskId ?? '')
    if (task.status !== 'FINISHED') fail('2002', task.status === 'REWARDED' ? '奖励已领取' : '任务尚未完成')
    setTask(ctx, userId, task.id, 'REWARDED', task.progress)
    return { points: task.points, totalPoints: addPoints(ctx, userId, task.points, `完成任务：${task.name}`) }
  },
  receiveTask: ({ userId, taskId }, ctx) => {
    ctx.user(userId)
    const task = taskOf(ctx, userId, taskId)
    if (task.status !== 'NO_RECEIVED') fail('2002', '任务已领取')
    return setTask(ctx, userId, taskId, 'RECEIVED', 0)
  },
  taskInfo: ({ userId, taskId }, ctx) => {
    ctx.user(userId)
    return taskOf(ctx, userId, taskId)
  },
  taskInfoByTaskClass: ({ userId, taskClass }, ctx) => {
    ctx.user(userId)
    const classes = taskClass.split(',')
    const out: Record<string, Task[]> = {}
    for (const t of ctx.cat.taskTemplates) {
      if (classes.includes(t.type)) (out[t.type] ??= []).push(taskOf(ctx, userId, t.id))
    }
    return out
  },
  listUserPointsRecord: ({ userId, page, pageSize }, ctx) => {
    ctx.user(userId)
    return paginate(account(ctx, userId).records, page, pageSize)
  },
  reportTaskProgress: ({ userId, taskInfo }, ctx) => {
    ctx.user(userId)
    const list = taskInfo.map((info) => {
      const task = taskOf(ctx, userId, info.taskId)
      if (task.status !== 'RECEIVED') return task
      const progress = Math.min(task.needSum, task.progress + info.progress)
      return setTask(ctx, userId, task.id, progress >= task.needSum ? 'FINISHED' : 'RECEIVED', progress)
    })
    return { list }
  },
}
