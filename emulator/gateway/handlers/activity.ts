/**
 * Activity handlers: points account, sign-in, tasks (receive -> progress -> finished -> rewarded).
 * Task rules: progress only on a RECEIVED task, +1 per task per request (a task id listed twice in one
 * request counts once), FINISHED at needSum, the reward paid once (FINISHED -> REWARDED, 2002 after).
 * Daily tasks start over (NO_RECEIVED, 0) on another server day.
 */
import type { activity } from '../../../src/protocol/contract/activity'
import type { Task } from '../../../src/protocol/contract/models'
import { dayKey } from '../../data/live'
import { dict } from '../../db/state'
import { fail, paginate, type DomainHandlers, type HandlerCtx } from '../context'
import { account, addPoints, balanceOf, SIGN_POINTS, streak, summarize } from './points'

function taskOf(ctx: HandlerCtx, uid: string, taskId: string): Task {
  const tpl = ctx.cat.taskTemplates.find((t) => t.id === taskId) ?? fail('1003', '没有找到该任务')
  const stored = ctx.db.state.tasks[uid]?.[taskId]
  const fresh = !stored || (tpl.daily && stored.day !== dayKey(ctx.now()))
  return fresh ? { ...tpl, status: 'NO_RECEIVED', progress: 0 } : { ...tpl, status: stored.status, progress: stored.progress }
}

function setTask(ctx: HandlerCtx, uid: string, task: Task, status: Task['status'], progress: number): Task {
  ;(ctx.db.state.tasks[uid] ??= dict())[task.id] = task.daily ? { status, progress, day: dayKey(ctx.now()) } : { status, progress }
  ctx.db.touch()
  return taskOf(ctx, uid, task.id)
}

export const activityHandlers: DomainHandlers<typeof activity> = {
  userInfo: ({ userId }, ctx) => {
    ctx.user(userId)
    const acc = ctx.db.state.points[userId]
    const today = dayKey(ctx.now())
    const todayPoints = (acc?.records ?? []).filter((r) => r.points > 0 && dayKey(r.createdAt) === today).reduce((a, r) => a + r.points, 0)
    return { userId, points: balanceOf(acc), todayPoints, signDays: acc?.signDays.length ?? 0 }
  },
  signInfo: ({ userId }, ctx) => {
    ctx.user(userId)
    const signedToday = (ctx.db.state.points[userId]?.signDays ?? []).includes(dayKey(ctx.now()))
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
      return { points, totalPoints: addPoints(ctx, userId, points, '每日签到', 'sign') }
    }
    const task = taskOf(ctx, userId, taskId ?? '')
    if (task.status !== 'FINISHED') fail('2002', task.status === 'REWARDED' ? '奖励已领取' : '任务尚未完成')
    setTask(ctx, userId, task, 'REWARDED', task.progress)
    return { points: task.points, totalPoints: addPoints(ctx, userId, task.points, `完成任务：${task.name}`, 'task') }
  },
  receiveTask: ({ userId, taskId }, ctx) => {
    ctx.user(userId)
    const task = taskOf(ctx, userId, taskId)
    if (task.status !== 'NO_RECEIVED') fail('2002', '任务已领取')
    return setTask(ctx, userId, task, 'RECEIVED', 0)
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
  listUserPointsRecord: ({ userId, page, pageSize, kind }, ctx) => {
    ctx.user(userId)
    const acc = ctx.db.state.points[userId] ?? { records: [], signDays: [] }
    const records = kind === 'income' ? acc.records.filter((r) => r.points >= 0) : kind === 'spent' ? acc.records.filter((r) => r.points < 0) : acc.records
    return { ...paginate(records, page, pageSize), summary: summarize(acc) }
  },
  reportTaskProgress: ({ userId, taskInfo }, ctx) => {
    ctx.user(userId)
    // unknown ids are refused before anything is written
    const ids = [...new Set(taskInfo.map((info) => info.taskId))]
    const tasks = ids.map((id) => taskOf(ctx, userId, id))
    const list = tasks.map((task) => {
      if (task.status !== 'RECEIVED') return task
      const progress = Math.min(task.needSum, task.progress + 1)
      return setTask(ctx, userId, task, progress >= task.needSum ? 'FINISHED' : 'RECEIVED', progress)
    })
    return { list }
  },
}
