/** Live api: assortments, channels, programme lists, programme detail. */
import { live as c } from '../../protocol/contract/live'
import type { GatewayClient } from '../http/client'
import type { ReqOf } from '../../protocol/contract/endpoint'
import { bind, call } from './call'

export function createLiveApi(client: GatewayClient) {
  const p = bind(client)
  return {
    getOpenNewAssortment: async (req: ReqOf<typeof c.getOpenNewAssortment> = {}) => call(client, c.getOpenNewAssortment, req),
    channelList: p(c.channelList),
    getAllProgramlist: p(c.getAllProgramlist),
    psdetail: p(c.psdetail),
    // programme reminders (extension entries: src/protocol/contract/reminders.ts)
    reserveReminder: p(c.reserveReminder),
    cancelReminder: p(c.cancelReminder),
    cancelAllReminders: p(c.cancelAllReminders),
    queryReminders: p(c.queryReminders),
    readReminderNotices: p(c.readReminderNotices),
    setReminderLead: p(c.setReminderLead),
  }
}
