/** Activity api (SPEC 7): points, sign-in, tasks of classes 6/99/96/98/97. */
import { activityCall, taskClassParam } from '../../config'
import { activity as c } from '../../protocol/contract/activity'
import type { GatewayClient } from '../http/client'
import { serverDateTime } from '../../protocol/time'
import { bind, call } from './call'

/** sendDate of reportTaskProgress: 'YYYY-MM-DD HH:mm:ss' on the gateway's clock face (UTC+8), whatever the phone's time zone. */
export function formatSendDate(ms: number): string {
  return serverDateTime(ms)
}

export function createActivityApi(client: GatewayClient, now: () => number = Date.now) {
  const p = bind(client)
  const { source, ugsLabelCodes } = activityCall
  return {
    userInfo: p(c.userInfo),
    signInfo: p(c.signInfo),
    receiveReward: p(c.receiveReward),
    /** SPEC 7 actReceiveTask (GET). */
    receiveTask: async (args: { userId: string; taskId: string }) =>
      call(client, c.receiveTask, { ...args, source, ugsLabelCodes }),
    taskInfo: p(c.taskInfo),
    /** SPEC 7 actGetTaskInfoByTaskClass (GET): taskClass '6,99,96,98,97', channel 'H5'; keyed by type. */
    taskInfoByTaskClass: async (args: { uid: string }) =>
      call(client, c.taskInfoByTaskClass, {
          uid: args.uid,
          userId: args.uid,
          taskClass: taskClassParam as '6,99,96,98,97',
          ugsLabelCodes,
          source,
          channel: 'H5',
        }),
    listUserPointsRecord: p(c.listUserPointsRecord),
    /** SPEC 7 actReportTaskProgress (POST): taskInfo [{taskId, progress 1, needSum, sendDate, taskType 1}]. */
    reportTaskProgress: async (args: { userId: string; phone: string; tasks: ReadonlyArray<{ taskId: string; needSum: number }> }) =>
      call(client, c.reportTaskProgress, {
          userId: args.userId,
          phone: args.phone,
          ugsLabelCodes,
          taskInfo: args.tasks.map((t) => ({
            taskId: t.taskId,
            progress: 1 as const,
            needSum: t.needSum,
            sendDate: formatSendDate(now()),
            taskType: 1 as const,
          })),
          source,
        }),
  }
}
