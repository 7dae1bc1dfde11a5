/**
 * User-facing strings of programme reminders (预约), in Chinese: the 预约 button of the schedule, the
 * programme's detail and the live tab's next line, 我的预约, and the notice a reminder gives. A module
 * of its own beside src/strings/index.ts, so that they load with the pages that use them, not with
 * home. (The 我的 entry and the page title are in ./personal.ts and ./index.ts: the main package
 * shows them.)
 */
export const reminders = Object.freeze({
  reserve: '预约',
  reserved: '已预约',
  /** Read by screen readers on the button. */
  reserveLabel: (title: string) => `预约 ${title}`,
  cancelLabel: (title: string) => `取消预约 ${title}`,
  /** What a reservation tells, by where the notice will reach the phone. */
  reservedWechat: (lead: number) => `已预约，开播前${lead}分钟通过微信通知你`,
  reservedApp: (lead: number) => `已预约，开播前${lead}分钟在 App 里通知你`,
  reservedInApp: (lead: number) => `已预约，开播前${lead}分钟提醒（打开应用时可见）`,
  /** weapp: the user did not allow the subscribe message: the reminder is kept in the app. */
  reservedNoWechat: (lead: number) => `已预约。你没有允许微信通知，开播前${lead}分钟只在小程序里提醒`,
  cancelled: '已取消预约',
  /** An optimistic change taken back: what the gateway said, and that nothing changed. */
  reserveFailed: (why: string) => `预约没有成功：${why}`,
  cancelFailed: (why: string) => `取消预约没有成功：${why}`,
  failedWhy: '请稍后重试',
  atCap: (max: number) => `最多只能预约 ${max} 个未开播的节目，请先取消一些`,
  ended: '节目已经结束，不能预约',
  busy: '正在处理，请稍候',
  needLogin: '登录后才能预约',
  /** 我的预约 */
  upcomingTitle: (n: number, max: number) => `即将开播（${n}/${max}）`,
  pastTitle: '已结束',
  empty: '还没有预约节目。在节目单里点“预约”，开播前会提醒你',
  cancel: '取消预约',
  cancelAll: '全部取消',
  cancelAllTitle: '全部取消',
  cancelAllConfirm: (n: number) => `确定取消全部 ${n} 个预约吗？`,
  cancelledAll: (n: number) => `已取消 ${n} 个预约`,
  leadTitle: '提前提醒',
  leadOption: (n: number) => `${n}分钟`,
  leadSaved: (n: number) => `已改为开播前${n}分钟提醒`,
  leadFailed: (why: string) => `提醒时间没有改好：${why}`,
  /** 到点自动切换, per upcoming reminder: the TV asks at the start, and switches only on OK. */
  autoSwitch: (on: boolean) => `到点切换：${on ? '开' : '关'}`,
  autoSwitchLabel: (title: string) => `${title}开播时让电视询问是否切换`,
  autoSwitchOn: '已开启：开播时电视会询问，按 OK 才切换',
  autoSwitchOff: '已关闭到点切换，只在开播前提醒',
  autoSwitchFailed: (why: string) => `到点切换没有改好：${why}`,
  capReached: (max: number) => `已预约 ${max} 个，达到上限，取消一些后才能再预约`,
  /** Where the notices go, by platform (the list's footnote). */
  channelWechat: '提醒通过微信服务通知发送；没有允许微信通知的预约，只在小程序里提醒。',
  channelApp: '提醒通过 App 通知发送，打开应用时也会提醒。',
  channelInApp: '打开应用时会在顶部提醒你。',
  inAppOnly: '仅应用内提醒',
  status: Object.freeze({
    sent: '已提醒',
    late: '已提醒（已开始）',
    missed: '未能提醒',
    removed: '节目已撤下',
  }),
  when: (day: string, time: string) => `${day} ${time}`,
  today: '今天',
  tomorrow: '明天',
  /** The in-app banner. */
  bannerTitle: '节目提醒',
  bannerSoon: (time: string, channel: string, title: string) => `${time} ${channel} ${title} 即将开始`,
  bannerStarted: (time: string, channel: string, title: string) => `${time} ${channel} ${title} 已开始`,
  bannerAction: '去看看',
  bannerRemovedTitle: '预约已取消',
  bannerList: '查看',
  bannerRemoved: (title: string) => `“${title}”已从节目单撤下，预约已自动取消`,
  /** The TV offered no switch: why (the phone's own 在电视上看 judges again). */
  blocked: Object.freeze({
    curfew: '电视处于禁用时段，暂时不能切换',
    total: '今日观看时长已用完，暂时不能切换',
    child: '电视开着童锁，不能切换到这个频道',
  }),
  removedNoticeTitle: '节目单变动',
  dismiss: '知道了',
  /** The notice the operator's app shows (through the bridge). */
  appNoticeTitle: (title: string) => `${title} 即将开始`,
  appNoticeText: (time: string, channel: string) => `${time} ${channel}，点击在电视上看`,
})
