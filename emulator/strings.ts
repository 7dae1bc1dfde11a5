/** The emulator's own Chinese strings (data it generates and hands to the app). */
export const emulatorStrings = Object.freeze({
  /** SPEC 5: the default nickname when the login gives none ("family user"). */
  familyUser: '家庭用户',
  /** bindDevice on a TV that has an owner (../pairing.ts). */
  pairNeeded: '这台电视已有主人，请输入电视上显示的8位配对码',
  pairWrong: '配对码不正确或已过期，请核对MAC地址，并以电视上当前显示的配对码为准',
  /** The person at the TV can always get a fresh code (../pairing.ts). */
  pairFreshHint: '可在电视上选择“换一个配对码”，新配对码立即可用',
  /** familyMember for a phone nobody logged in with: no account is made for it. */
  memberNotRegistered: '该手机号还没有登录过本应用：请对方先用自己的手机登录，或向对方发送家庭邀请',
  /** A family has at most this many people (handlers/userCenter.ts FAMILY_MEMBERS_MAX). */
  familyFull: (max: number) => `家庭成员已满（最多${max}人），请先移除不再使用的成员`,
  /** queryAgentTopic for a TV the caller is not in the family of (or no TV at all: the same answer). */
  notYourTv: '这台电视没有绑定到你的账号',
  /** The TV took too many wrong codes (from anyone); it shows a new one and waits. */
  pairLocked: (minutes: number) => `这台电视的配对码错误次数过多，请${minutes}分钟后再试；在电视旁可选择“换一个配对码”，新配对码立即可用`,
  /** WeChat identity. */
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
  /** createUser outside the session a phone login just created. */
  linkNeedsPhoneLogin: '请先用手机号登录，再关联微信',
  /** How a member who hid their presence is named in the last action the others see. */
  hiddenMember: '家人',
  nickNameLength: (max: number) => `昵称为1到${max}个字`,
  nickNameControl: '昵称不能包含控制字符',
  avatarType: '头像须为PNG、JPEG或WebP图片',
  avatarTooLarge: (kb: number) => `头像不能超过${kb}KB`,
  avatarMissing: '没有收到头像文件',
  /** getDetail on the child channel for a program it does not allow. */
  childNotAllowed: '儿童模式下不能查看这个节目：它不适合儿童',
  /** A 9999 says this, never the internal error text. */
  serverError: '服务暂时出现问题，请稍后再试',
  /** An avatar's declared pixel size is over the limit. */
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
  /** Programme reminders (gateway/reminders.ts): refusals, the subscribe message's note, the TV's banner. */
  reminders: Object.freeze({
    noProgramme: '节目单里没有这个节目（可能已调整），请刷新节目单后再预约',
    noReminder: '没有找到这条预约',
    full: (max: number) => `最多预约${max}个未开始的节目，请先取消一些预约`,
    ended: '这个节目已经结束，不能预约',
    child: '儿童模式下不能预约这个节目：它不适合儿童观看',
    badLead: '提醒时间只能选择提前1、5、10或30分钟',
    needId: '请指定要取消的预约',
    /** The subscribe message's 温馨提示 (thing, at most 20 characters). */
    noteAhead: (min: number) => `${min}分钟后开播，点击在电视上看`,
    noteLate: '节目已开始，点击在电视上看',
    /** The TV's banner (settop/box.ts). */
    bannerAhead: (hhmm: string, channel: string, title: string) => `${hhmm} ${channel} ${title} 即将开始 · 按 OK 切换`,
    bannerLate: (hhmm: string, channel: string, title: string) => `${hhmm} ${channel} ${title} 已开始 · 按 OK 切换`,
    bannerStart: (hhmm: string, channel: string, title: string) => `${hhmm} ${channel} ${title} 开始了 · 按 OK 切换`,
    bannerBlocked: (hhmm: string, channel: string, title: string, why: string) => `${hhmm} ${channel} ${title} 即将开始 · ${why}`,
    blocked: Object.freeze({
      curfew: '未成年人模式：现在是休息时间，不能切换',
      total: '未成年人模式：今天的观看时间已用完，不能切换',
      child: '童锁开启：这个频道不适合儿童，不能切换',
    }),
  }),
  /** The TV's screen, after its owner reset the lock password. */
  lockReset: '锁密码已被管理员重置，原密码不再有效',
  /** What the virtual box shows in minors' mode, and how it names what it counted. */
  minors: Object.freeze({
    total: '今天的观看时间已用完，明天再来吧',
    curfew: '现在是休息时间，请早点睡觉',
    rest: '已经连续观看30分钟了，起来活动一下，休息一下眼睛吧',
    desktopTile: (n: number) => `桌面推荐${n + 1}`,
    web: '第三方应用内容',
  }),
})
