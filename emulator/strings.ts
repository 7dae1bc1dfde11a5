/** The emulator's own Chinese strings (data it generates and hands to the app). */
export const emulatorStrings = Object.freeze({
  /** SPEC 5: the default nickname when the login gives none ("family user"). */
  familyUser: '家庭用户',
  /** bindDevice on a TV that has an owner (../pairing.ts). */
  pairNeeded: '这台电视已有主人，请输入电视上显示的6位配对码',
  pairWrong: '配对码不正确或已过期，请以电视上当前显示的为准',
  pairLocked: '配对码错误次数过多，请10分钟后再试',
  /** Live TV answers (handlers/live.ts). */
  live: Object.freeze({
    noGroup: '没有找到该频道分组',
    noChannel: '没有找到该频道',
    noProgramme: '没有找到该节目',
    notForChildren: '少儿模式下不能观看该频道',
    badDate: '日期应为 YYYYMMDD',
    dayOutOfRange: '只能查看前后3天的节目单',
  }),
})
