/** The emulator's own Chinese strings (data it generates and hands to the app). */
export const emulatorStrings = Object.freeze({
  /** SPEC 5: the default nickname when the login gives none ("family user"). */
  familyUser: '家庭用户',
  /** bindDevice on a TV that has an owner (../pairing.ts). */
  pairNeeded: '这台电视已有主人，请输入电视上显示的8位配对码',
  pairWrong: '配对码不正确或已过期，请以电视上当前显示的为准',
  /** Issue 32: the TV took too many wrong codes (from anyone); it shows a new one and waits. */
  pairLocked: (minutes: number) => `这台电视的配对码错误次数过多，已更换新配对码，请${minutes}分钟后按电视上显示的新配对码再试`,
  /** WeChat identity (issue 23). */
  wxCodeInvalid: '微信登录凭证无效',
  wxCodeUsed: '微信登录凭证已被使用，请重新登录',
  wxCodeExpired: '微信登录凭证已过期，请重新登录',
  wxNotProven: '未能确认微信身份，请重新登录',
  /** A login by phone needs a proof the gateway verified (gateway/phoneProof.ts). */
  phoneProofMissing: '未能确认手机号，请重新获取手机号后登录',
  phoneProofInvalid: '手机号凭证无效，请重新获取手机号后登录',
  phoneProofUsed: '手机号凭证已被使用，请重新获取手机号后登录',
  phoneProofExpired: '手机号凭证已过期，请重新获取手机号后登录',
  phoneLinkedElsewhere: '该手机号已关联其他微信账号',
  /** Issue 32: createUser outside the session a phone login just created. */
  linkNeedsPhoneLogin: '请先用手机号登录，再关联微信',
  /** Issue 32: how a member who hid their presence is named in the last action the others see. */
  hiddenMember: '家人',
  nickNameLength: (max: number) => `昵称为1到${max}个字`,
  nickNameControl: '昵称不能包含控制字符',
  avatarType: '头像须为PNG、JPEG或WebP图片',
  avatarTooLarge: (kb: number) => `头像不能超过${kb}KB`,
  avatarMissing: '没有收到头像文件',
  /** Issue 32: getDetail on the child channel for a program it does not allow. */
  childNotAllowed: '儿童模式下不能查看这个节目：它不适合儿童',
  /** Issue 32: a 9999 says this, never the internal error text. */
  serverError: '服务暂时出现问题，请稍后再试',
  /** Issue 32: an avatar's declared pixel size is over the limit. */
  avatarPixels: (side: number) => `头像图片不能超过${side}×${side}像素，请换一张或裁小后再上传`,
  /** Live TV answers (handlers/live.ts). */
  live: Object.freeze({
    noGroup: '没有找到该频道分组',
    noChannel: '没有找到该频道',
    noProgramme: '没有找到该节目',
    notForChildren: '少儿模式下不能观看该频道',
    badDate: '日期应为 YYYYMMDD',
    dayOutOfRange: '只能查看前后3天的节目单',
  }),
  /** Issue 36: what the virtual box shows in minors' mode, and how it names what it counted. */
  minors: Object.freeze({
    total: '今天的观看时间已用完，明天再来吧',
    curfew: '现在是休息时间，请早点睡觉',
    rest: '已经连续观看30分钟了，起来活动一下，休息一下眼睛吧',
    desktopTile: (n: number) => `桌面推荐${n + 1}`,
    web: '第三方应用内容',
  }),
})
