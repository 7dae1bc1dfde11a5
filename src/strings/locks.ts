/**
 * User-facing strings of locks, screen mode and family members, in Chinese. A module of
 * their own beside src/strings/index.ts so that they load with the pages that show them, not with home.
 */
/** Child lock and global lock (pages/my-one-lock). */
export const locks = Object.freeze({
  childLock: '童锁',
  childLockHint: '开启后电视切换到少儿桌面，只播放少儿频道',
  globalLock: '全局锁',
  globalLockHint: '开启后电视不响应手机遥控和投屏',
  on: '已开启',
  off: '已关闭',
  tvLabel: (name: string) => `电视：${name}`,
  tvShows: (child: boolean, global: boolean) => `电视当前：${child ? '少儿桌面' : '普通桌面'}${global ? ' · 全局锁定' : ''}`,
  noPassword: '这台电视还没有锁密码，第一次开启锁时设置',
  setPassword: '设置4位数字锁密码',
  enterPassword: '输入4位数字锁密码',
  passwordInvalid: '锁密码为4位数字',
  passwordPlaceholder: '4位数字',
  confirmAction: '确定',
  turnedOn: (name: string) => `${name}已开启，电视已同步`,
  turnedOff: (name: string) => `${name}已关闭，电视已同步`,
  wrongPassword: (left: number) => `锁密码错误，还可以再试${left}次`,
  /** The wait after wrong passwords grows to a day: minutes up to an hour, then hours. */
  waiting: (minutes: number) => `锁密码错误次数过多，请${minutes <= 60 ? `${minutes}分钟` : minutes % 60 ? `${Math.floor(minutes / 60)}小时${minutes % 60}分钟` : `${minutes / 60}小时`}后再试`,
  forgot: '忘记密码',
  forgotOwnerOnly: '只有电视的管理员可以重置锁密码，请联系管理员',
  resetTitle: '重置锁密码',
  resetHint: '将重新验证您的手机号，验证后设置新的4位数字锁密码；家庭成员和电视都会收到提醒',
  resetPhoneFailed: '没有获取到手机号，请稍后重试',
  /** WeChat's real-time phone check: the mini-program's quota is used up (errno 1400001). */
  realtimeQuota: '今天的手机号验证次数已用完，请明天再试',
  realtimeDenied: '需要验证手机号才能重置锁密码',
  resetDone: '锁密码已重置',
  needTv: '请先绑定电视',
})

/** Screen mode (pages/my-tabmode). */
export const screenMode = Object.freeze({
  modeTitle: '投屏模式',
  qualityTitle: '画质',
  autoPlayNext: '自动播放下一集',
  modes: Object.freeze({ remote: '遥控模式', mirror: '镜像模式' }) satisfies Record<string, string>,
  modeHints: Object.freeze({ remote: '手机当遥控器，节目在电视上播放', mirror: '电视同步显示手机投送的内容' }) satisfies Record<string, string>,
  qualities: Object.freeze({ auto: '自动', hd: '高清', sd: '标清' }) satisfies Record<string, string>,
  current: '当前',
  applied: '已应用，电视已确认',
  tvReported: '电视已切换到该模式',
  tvPending: '等待电视确认…',
})

/** Family members of a TV (inside pages/my-tv). */
export const family = Object.freeze({
  title: '家庭成员',
  /** Presence (whose phones are connected to this TV now). */
  presentTitle: '正在使用这台电视',
  presentNone: '现在没有人在用',
  presentOnlyCurrent: '切换到这台电视后可看到谁在用',
  presentOffline: '电视不在线',
  hidePresence: '不让家人看到我在用',
  presenceHiddenDone: '家人将看不到你在用',
  presenceShownDone: '家人可以看到你在用',
  presenceHiddenNote: '（家人看不到你）',
  show: '家庭成员',
  hide: '收起',
  owner: '管理员',
  member: '成员',
  me: '（我）',
  line: (name: string, city: string) => `宽带户主：${name} · ${city}`,
  addByPhone: '按手机号添加',
  phonePlaceholder: '成员手机号（11位）',
  phoneInvalid: '请输入11位手机号',
  added: '已添加家庭成员',
  invite: '邀请成员',
  inviteTitle: (tv: string) => `邀请您加入「${tv}」的家庭`,
  inviteLink: '邀请链接（24小时内有效）',
  inviteCopied: '邀请链接已复制，发给家人即可',
  inviteShare: '点击右上角或下方按钮分享给家人',
  shareButton: '发送邀请给微信好友',
  remove: '移除',
  removeConfirm: (name: string) => `确定将「${name}」移出这台电视的家庭吗？移出后对方将无法遥控这台电视。`,
  removed: '已移出家庭',
  leave: '退出家庭',
  leaveConfirm: (tv: string) => `确定退出「${tv}」的家庭吗？退出后将无法遥控这台电视。`,
  left: '已退出家庭',
  invitation: '家庭邀请',
  invitationFrom: (owner: string, phone: string, tv: string) => `${owner}（${phone}）邀请您加入「${tv}」的家庭，加入后可以遥控这台电视`,
  invitationExpired: '邀请已过期或已被使用，请让管理员重新邀请',
  invitationLogin: '登录后即可接受邀请',
  accept: '接受邀请',
  decline: '暂不加入',
  joined: (tv: string) => `已加入「${tv}」的家庭`,
  /** My TVs: the unbind of a TV whose minors' mode or a lock is on takes its lock password. */
  unbindPasswordTitle: '输入锁密码后解绑',
  unbindPasswordPlaceholder: '4位数字锁密码',
})
