/**
 * User-facing strings of live TV (the 电视频道 tab and a channel's 节目单), in Chinese. A
 * module of their own beside src/strings/index.ts so that they load with the live tab and the schedule
 * page, not with home.
 */
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const

export const live = Object.freeze({
  onAir: '正在播出',
  next: '下一个',
  noProgramme: '暂无节目信息',
  noChannels: '这个分组暂时没有频道',
  watchOnTv: '在电视上看',
  schedule: '节目单',
  past: '已播',
  nowMark: '播出中',
  later: '未播',
  noSchedule: '这一天暂无节目单',
  dayOutOfRange: '只能查看前后3天的节目单',
  backToToday: '回到今天',
  channelTitle: (number: number, name: string) => `${String(number).padStart(2, '0')} ${name}`,
  /** "今天 11/24", "明天 11/25", "周四 11/26" (a server day, UTC+8). */
  dayLabel: (offset: number, month: number, day: number, weekday: number) =>
    `${offset === 0 ? '今天' : offset === -1 ? '昨天' : offset === 1 ? '明天' : WEEKDAYS[weekday]} ${month}/${day}`,
  timeRange: (from: string, to: string) => `${from}-${to}`,
  detailTime: (day: string, from: string, to: string) => `${day} ${from}-${to}（北京时间）`,
  detailClose: '关闭',
  onAirOnly: '只有正在播出的节目可以在电视上看',
})
