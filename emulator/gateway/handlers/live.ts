/**
 * Live handlers: channel groups, channels with the programme on air and the next, day lists,
 * programme detail. Days and on-air times follow the gateway clock in UTC+8 (`ctx.now()`, which tests
 * move); every answer carries it as `serverTime`. The child channel sees child groups only.
 */
import type { live } from '../../../src/protocol/contract/live'
import { isDayKey } from '../../../src/protocol/time'
import type { ChannelDef } from '../../data/catalogue'
import { isScheduleDay, parsePsId } from '../../data/live'
import { childChannelId } from '../../config'
import { fail, type DomainHandlers } from '../context'
import { emulatorStrings } from '../../strings'
import { reminderHandlers } from './reminders'

const childOnly = (serviceChannelId?: string) => serviceChannelId === childChannelId

function channelFor(channels: ChannelDef[], channelId: string, serviceChannelId?: string): ChannelDef {
  const c = channels.find((x) => x.channelId === channelId) ?? fail('1003', emulatorStrings.live.noChannel)
  if (childOnly(serviceChannelId) && !c.child) fail('1004', emulatorStrings.live.notForChildren)
  return c
}

function scheduleDay(date: string, now: number): string {
  if (!isDayKey(date)) fail('1001', emulatorStrings.live.badDate)
  if (!isScheduleDay(date, now)) fail('1003', emulatorStrings.live.dayOutOfRange)
  return date
}

export const liveHandlers: DomainHandlers<typeof live> = {
  getOpenNewAssortment: ({ serviceChannelId }, ctx) => ({
    list: ctx.cat.assortments.filter((a) => !childOnly(serviceChannelId) || a.child).map((a) => ({ ...a })),
  }),
  channelList: ({ assortmentId, serviceChannelId }, ctx) => {
    const group = ctx.cat.assortments.find((a) => a.assortmentId === assortmentId) ?? fail('1003', emulatorStrings.live.noGroup)
    if (childOnly(serviceChannelId) && !group.child) fail('1004', emulatorStrings.live.notForChildren)
    const now = ctx.now()
    return {
      serverTime: now,
      list: ctx.cat.channels
        .filter((c) => c.assortmentId === assortmentId)
        .map((c) => {
          const { current, next } = ctx.schedule.onAirAt(c, now)
          return {
            channelId: c.channelId,
            name: c.name,
            number: c.number,
            logo: c.logo,
            ...(current ? { current } : {}),
            ...(next ? { next } : {}),
          }
        }),
    }
  },
  getAllProgramlist: ({ channelId, date, serviceChannelId }, ctx) => {
    const now = ctx.now()
    const c = channelFor(ctx.cat.channels, channelId, serviceChannelId)
    return {
      channelId,
      channelName: c.name,
      channelNumber: c.number,
      logo: c.logo,
      date: scheduleDay(date, now),
      serverTime: now,
      list: ctx.schedule.day(c, date),
    }
  },
  psdetail: ({ psId }, ctx) => {
    const now = ctx.now()
    const ref = parsePsId(psId) ?? fail('1003', emulatorStrings.live.noProgramme)
    const c = ctx.cat.channels.find((x) => x.channelId === ref.channelId) ?? fail('1003', emulatorStrings.live.noChannel)
    if (!isDayKey(ref.date) || !isScheduleDay(ref.date, now)) fail('1003', emulatorStrings.live.noProgramme)
    // by id: a programme taken off the schedule is gone, the others keep their ids (../schedule.ts)
    const p = ctx.schedule.day(c, ref.date).find((x) => x.psId === psId) ?? fail('1003', emulatorStrings.live.noProgramme)
    return {
      ...p,
      channelName: c.name,
      channelNumber: c.number,
      description: liveDescription(c.name, p.title),
      poster: `${ctx.cat.baseUrl}posters/${p.psId}.svg`,
      serverTime: now,
    }
  },
  // programme reminders (extension entries)
  ...reminderHandlers,
}

function liveDescription(channel: string, title: string): string {
  const show = title.split('：')[0]
  return `${channel}播出《${title}》。${show}是本频道的常设栏目，节目单按北京时间编排，欢迎收看。`
}
