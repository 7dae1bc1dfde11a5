/** Activity api (SPEC 7): points, sign-in, tasks of classes 6/99/96/98/97. */
import { activityCall, taskClassParam } from '../../config'
import { activity as c } from '../contract/activity'
import type { GatewayClient } from '../http/client'
import { passThrough } from './call'

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** sendDate of reportTaskProgress: local 'YYYY-MM-DD HH:mm:ss'. */
export function formatSendDate(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

export function createActivityApi(client: GatewayClient, now: () => number = Date.now) {
  const { source, ugsLabelCodes } = activityCall
  return {
    userInfo: passThrough(client, c.userInfo),
    signInfo: passThrough(client, c.signInfo),
    receiveReward: passThrough(client, c.receiveReward),
    /** SPEC 7 actReceiveTask (GET). */
    receiveTask: async (args: { userId: string; taskId: string }) =>
      (await client.send(c.receiveTask, { ...args, source, ugsLabelCodes })).data,
    taskInfo: passThrough(client, c.taskInfo),
    /** SPEC 7 actGetTaskInfoByTaskClass (GET): taskClass '6,99,96,98,97', channel 'H5'; keyed by type. */
    taskInfoByTaskClass: async (args: { uid: string }) =>
      (
        await client.send(c.taskInfoByTaskClass, {
          uid: args.uid,
          userId: args.uid,
          taskClass: taskClassParam as '6,99,96,98,97',
          ugsLabelCodes,
          source,
          channel: 'H5',
        })
      ).data,
    listUserPointsRecord: passThrough(client, c.listUserPointsRecord),
    /** SPEC 7 actReportTaskProgress (POST): taskInfo [{taskId, progress 1, needSum, sendDate, taskType 1}]. */
    reportTaskProgress: async (args: { userId: string; phone: string; tasks: ReadonlyArray<{ taskId: string; needSum: number }> }) =>
      (
        await client.send(c.reportTaskProgress, {
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
        })
      ).data,
  }
}
