/**
 * Activity entries: points account, sign-in, tasks (classes 6/99/96/98/97), points records.
 *
 * Which call does what (the points centre and the tasks):
 *   stb/userInfo             the balance (= the sum of the ledger) and today's points
 *   stb/signInfo             the 7-day sign-in strip and the current streak
 *   stb/receiveReward        kind 'sign': today's sign-in, once per server day (2002 after);
 *                            kind 'task': a FINISHED task's reward, paid once (2002 after)
 *   stb/taskInfoByTaskClass  SPEC actGetTaskInfoByTaskClass: the task list of the points centre
 *   stb/receiveTask          SPEC actReceiveTask: NO_RECEIVED -> RECEIVED, before any progress
 *   common/reportTaskProgress SPEC actReportTaskProgress: +1 per task after the app action; a task id
 *                            listed twice in one request counts once; FINISHED at needSum
 *   stb/taskInfo             one task, re-read by the points centre after a claim
 *   userPointsRecord/listUserPointsRecord  the ledger (paged, all / income / spent) + its sums
 */
import { endpoint } from './endpoint'
import { pageReq, pointsRecord, pointsSummary, task } from './models'
import { opt, s } from './schema'

const domain = 'activity' as const

export const activity = {
  userInfo: endpoint({
    domain,
    path: 'stb/userInfo',
    request: s.obj({ userId: s.str() }),
    response: s.obj({ userId: s.str(), points: s.num(), todayPoints: s.num(), signDays: s.num() }),
    origin: 'defined',
    doc: 'Points account of the user.',
  }),
  signInfo: endpoint({
    domain,
    path: 'stb/signInfo',
    request: s.obj({ userId: s.str() }),
    response: s.obj({
      signedToday: s.bool(),
      continuousDays: s.num(),
      week: s.arr(s.obj({ day: s.num('1..7'), points: s.num(), signed: s.bool() })),
    }),
    origin: 'defined',
    doc: 'Sign-in calendar of the current streak week.',
  }),
  receiveReward: endpoint({
    domain,
    path: 'stb/receiveReward',
    request: s.obj({
      userId: s.str(),
      kind: s.oneOf(['sign', 'task'] as const),
      taskId: opt(s.str('with kind task: a FINISHED task')),
    }),
    response: s.obj({ points: s.num('earned now'), totalPoints: s.num() }),
    errors: ['1003', '2002'],
    origin: 'defined',
    doc: "Signs in today, or collects a finished task's points.",
  }),
  receiveTask: endpoint({
    domain,
    path: 'stb/receiveTask',
    body: 'query',
    request: s.obj({ userId: s.str(), taskId: s.str(), source: s.str(), ugsLabelCodes: s.str() }),
    response: task,
    errors: ['1003', '2002'],
    origin: 'spec',
    doc: 'SPEC 7 actReceiveTask (GET): NO_RECEIVED -> RECEIVED.',
  }),
  taskInfo: endpoint({
    domain,
    path: 'stb/taskInfo',
    request: s.obj({ userId: s.str(), taskId: s.str() }),
    response: task,
    errors: ['1003'],
    origin: 'defined',
    doc: 'One task with its progress.',
  }),
  taskInfoByTaskClass: endpoint({
    domain,
    path: 'stb/taskInfoByTaskClass',
    body: 'query',
    request: s.obj({
      uid: s.str(),
      userId: s.str(),
      taskClass: s.lit('6,99,96,98,97'),
      ugsLabelCodes: s.str(),
      source: s.str(),
      channel: s.lit('H5'),
    }),
    response: s.rec(s.arr(task), 'tasks keyed by type (task class)'),
    origin: 'spec',
    doc: 'SPEC 7 actGetTaskInfoByTaskClass (GET): tasks keyed by type.',
  }),
  listUserPointsRecord: endpoint({
    domain,
    path: 'userPointsRecord/listUserPointsRecord',
    request: s.obj({ userId: s.str(), ...pageReq, kind: opt(s.oneOf(['all', 'income', 'spent'] as const, 'filter; default all')) }),
    response: s.obj({ total: s.num('records matching kind'), list: s.arr(pointsRecord), summary: pointsSummary }),
    origin: 'defined',
    doc: 'The points ledger, newest first, filtered by kind; summary: the sums of the whole ledger (balance, by source, by month).',
  }),
  reportTaskProgress: endpoint({
    domain,
    path: 'common/reportTaskProgress',
    request: s.obj({
      userId: s.str(),
      phone: s.str(),
      ugsLabelCodes: s.str(),
      taskInfo: s.arr(
        s.obj({
          taskId: s.str(),
          progress: s.lit(1),
          needSum: s.num(),
          sendDate: s.str('YYYY-MM-DD HH:mm:ss'),
          taskType: s.lit(1),
        }),
      ),
      source: s.str(),
    }),
    response: s.obj({ list: s.arr(task) }),
    errors: ['1003'],
    origin: 'spec',
    doc: 'SPEC 7 actReportTaskProgress (POST): +1 progress per task; FINISHED at needSum.',
  }),
}
