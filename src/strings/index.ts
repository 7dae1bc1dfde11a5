/**
 * Every user-facing string of the app, in Chinese, in one place. Pages, components, services and
 * stores import from here; nothing user-visible is written inline elsewhere.
 */
import { defaultTitle } from '../config'

export const titles = Object.freeze({
  app: defaultTitle,
  index: defaultTitle,
  indexSearch: '搜索',
  detail: '节目详情',
  listDetail: '专题详情',
  myFav: '我的收藏',
  myTv: '我的电视',
  myRecord: '观看记录',
  myTabmode: '模式切换',
  myOneLock: '童锁与全局锁',
  myBlackList: '我的黑名单',
  blackList: '黑名单',
  myHome: '我的',
  myInfo: '个人信息',
  webView: '网页',
  flowMore: '更多',
  detailCast: '演职人员',
  userAgreement: '用户协议',
  liveChannel: '节目单',
  minorsMode: '未成年人模式',
  myReminders: '我的预约',
  settings: '设置',
  privacyPolicy: '隐私政策',
  pointsList: '积分明细',
  pointsIncome: '积分收入',
  activityRules: '活动规则',
  pointsExchange: '积分兑换',
  pointsMyPrize: '我的奖品',
  pointsExchangeDetail: '兑换详情',
  activityShare: '活动分享',
  activityIndex: '活动中心',
  addAddress: '收货地址',
  chooseLocation: '选择位置',
  openLocation: '查看位置',
})

export const common = Object.freeze({
  back: '返回',
  home: '首页',
  loading: '加载中…',
  empty: '暂无内容',
  retry: '重试',
  confirm: '确定',
  cancel: '取消',
  errorTitle: '出错了',
  notBuilt: '该功能即将上线，敬请期待',
  familyUser: '家庭用户',
  close: '关闭',
})

export const net = Object.freeze({
  /** SPEC 8: network failure on any request. */
  networkError: '网络连接错误，请稍后重试',
  timeout: '请求超时，请稍后重试',
  sessionExpired: '登录已过期，请重新登录',
  serverError: '服务异常，请稍后重试',
  badResponse: '服务返回的数据有误，请稍后重试',
  chunkLoadError: '页面加载失败，请检查网络后重试',
  /** No secure random source for the request cipher (WeChat below base library 2.15.0). */
  noSecureRandom: '当前环境无法安全加密请求，请升级微信或更换浏览器后重试',
  /** The request cipher's code (weapp: an async subpackage) did not load; nothing was sent. */
  cipherLoadError: '加密组件加载失败，请检查网络后重试',
})

/** SPEC 9: an H5 page whose code is still loading. */
export const pageLoading = Object.freeze({
  loading: '页面加载中…',
  timedOut: '页面加载超时，请检查网络',
  retry: '重试',
})

export const tv = Object.freeze({
  noDevice: '还没有绑定电视',
  connecting: '正在连接电视…',
  online: '电视在线',
  offline: '电视不在线',
  idle: '未连接',
  /** The phone's own link is down (not the TV): mqtt.js or the link is reconnecting it. */
  reconnecting: '手机重新连接中…',
  offlineCannotSend: '电视不在线，指令未发送，请确认电视已开机并联网',
  resync: '刷新状态',
  resyncSent: '正在同步电视状态',
  playing: '电视正在播放节目',
  /** Line 1 of the TV card when the box reports the program it plays. */
  playingVod: (title: string, episode: number | null) => (episode === null ? `正在播放 ${title}` : `正在播放 ${title} · 第${episode}集`),
  /** Line 1 of the TV card while the box reports a live channel. */
  playingLive: (channel: string, title: string) => (title ? `正在播放 ${channel} · ${title}` : `正在播放 ${channel}`),
  /** Keys go one after another's reply. */
  sequenceStopped: '电视没有响应，后面的按键没有发送',
  keysBusy: '按得太快了，请稍候再按',
  switching: (channel: string) => `正在切换到 ${channel}…`,
  switched: (channel: string) => `电视已切换到 ${channel}`,
  switchSent: '换台指令已发送到电视',
  switchUnfinished: '电视没有响应，换台没有完成，请重试',
  switchNoChannel: (n: number) => `电视上没有 ${n} 频道`,
  switchChildOnly: '电视处于少儿模式，只能观看少儿频道',
  switchTv: '切换电视',
  /** SPEC 5: the third-party play confirm: program source is the named app, plays directly on TV. */
  playConfirmTitle: '投屏播放',
  playConfirm: (app: string) => `该节目来源于「${app}」，将直接在电视上播放`,
  playSent: '已发送到电视',
  /** The box refused to start a program under its child lock (its reply's childRefused). */
  childRefused: '电视开着童锁，这个节目不适合儿童观看，电视没有播放',
  /** The TV is under global lock: nothing is sent or queued. */
  globalLocked: '电视已开启全局锁，暂时不能遥控或投屏，请先在“童锁与全局锁”中关闭',
  sourceLabel: '来源：',
  /** Broker CONNACK refusal codes (MQTT 3.1.1). */
  refusal: Object.freeze({
    1: '电视连接失败：协议版本不被支持',
    2: '电视连接失败：客户端标识无效',
    3: '电视连接失败：消息服务暂不可用，请稍后重试',
    4: '电视连接失败：账号或密码错误，请重新登录',
    5: '电视连接失败：没有控制该电视的权限',
  } as Record<number, string>),
  refusalUnknown: '电视连接失败，请稍后重试',
  /** TV link: jarvisLogin / queryAgentTopic failed, no reply, broker lost, SUBACK refused. */
  linkLoginFailed: '电视连接失败：消息服务登录失败，请稍后重试',
  linkTopicMissing: '电视连接失败：没有找到这台电视，请确认电视已绑定',
  linkNoReply: '电视没有响应，请确认电视已开机并联网',
  linkLost: '手机网络连接断开，正在重连',
  linkLoadFailed: '遥控组件加载失败，请检查网络后重试',
  linkConnectTimeout: '连接电视超时，稍后自动重试',
  linkClientFault: (reason: string) => `电视连接出错（${reason}），稍后自动重试`,
  linkSubscribeRefused: '电视连接失败：消息订阅被拒绝，请重新登录',
  keys: Object.freeze({
    up: '上',
    down: '下',
    left: '左',
    right: '右',
    ok: '确定',
    back: '返回',
    home: '主页',
    menu: '菜单',
    volumeUp: '音量+',
    volumeDown: '音量-',
    mute: '静音',
    power: '电源',
    channelUp: '频道+',
    channelDown: '频道−',
    digit0: '0',
    digit1: '1',
    digit2: '2',
    digit3: '3',
    digit4: '4',
    digit5: '5',
    digit6: '6',
    digit7: '7',
    digit8: '8',
    digit9: '9',
    del: '删除',
    enter: '确认',
    search: '搜索',
    // the media keys (now playing)
    playPause: '播放/暂停',
    play: '播放',
    pause: '暂停',
    fastForward: '+10秒',
    rewind: '−10秒',
    next: '下一集',
    previous: '上一集',
  }),
})


export const login = Object.freeze({
  noPhone: '未获取到手机号，无法登录',
  loggingIn: '正在登录…',
  getPhone: '手机号快捷登录',
  failed: '登录失败，请稍后重试',
  loginAction: '登录',
  notLoggedIn: '登录后即可管理电视、收藏节目',
  loadingDevices: '正在获取你的电视…',
  /** createUser's 1004 (the phone is linked to another WeChat identity). */
  linkedElsewhere: '该手机号已绑定其他微信账号，请用原微信登录',
})

/** Consent to the user agreement and privacy terms, asked for before the phone number. */
export const consent = Object.freeze({
  prefix: '我已阅读并同意',
  agreement: '《用户协议》',
  and: '和',
  privacy: '《隐私政策》',
  required: '请先阅读并同意用户协议和隐私政策',
  privacyDenied: '需要同意隐私保护指引后才能使用该功能',
  sheetTitle: '用户协议与隐私政策',
  /** The sheet's text around its two links (the guide opens WeChat's own page on weapp). */
  sheetLead: '使用手机号登录、编辑头像昵称等功能前，请阅读并同意',
  sheetGuide: '《隐私保护指引》',
  sheetAnd: '和',
  sheetAgreement: '《用户协议》',
  sheetTail: '。',
  agree: '同意并继续',
  decline: '暂不同意',
  checkbox: '同意用户协议和隐私政策',
})

export const devices = Object.freeze({
  needLogin: '请先登录',
  nameRequired: '请输入电视名称',
  nameTooLong: '电视名称最多16个字',
  macInvalid: '请输入电视的MAC地址（12位）',
  busy: '正在处理，请稍候',
  failed: '操作失败，请稍后重试',
  switched: (name: string) => `已切换到「${name}」`,
  renamed: '已修改名称',
  bound: '绑定成功',
  unbound: '已解除绑定',
  current: '当前',
  switchAction: '切换',
  renameAction: '重命名',
  unbindAction: '解绑',
  bindAction: '绑定新电视',
  unbindConfirm: (name: string) => `确定解除绑定「${name}」吗？解绑后将无法遥控这台电视。`,
  /** The unbind asked for the TV's lock password (its minors' mode or a lock is on). */
  unbindPasswordInvalid: '锁密码为4位数字',
  renamePlaceholder: '电视名称',
  macPlaceholder: 'MAC地址，如 AA:BB:CC:DD:EE:FF',
  pairCodePlaceholder: '配对码（电视上显示的8位数字）',
  pairCodeInvalid: '配对码是电视上显示的8位数字',
  pairCodeNeeded: '请输入电视上显示的8位配对码（在电视上选择“换一个配对码”可随时获取新的）',
  scanAction: '扫描电视上的二维码',
  scanUnreadable: '没有识别出电视的二维码，请对准电视屏幕上的绑定二维码',
  scanFailed: '无法打开扫码，请手动输入MAC地址',
  namePlaceholder: '电视名称（选填）',
  empty: '还没有绑定电视，绑定后即可用手机遥控',
  macLabel: 'MAC',
  notConnected: '切换后连接',
  /** A TV left the list because its owner removed the user from its family. */
  lostTv: (tv: string) => `你已被移出「${tv}」的家庭`,
  /** The owner unbound the TV while this member's app may have been closed. */
  unboundTv: (tv: string) => `「${tv}」已被管理员解绑，已从你的电视列表中移除`,
  /** To a TV's owner: wrong lock passwords started to wait (someone may be guessing it). */
  pinGuessed: (tv: string, count: number) => `「${tv}」的锁密码已被连续输错${count}次，可能有人在猜密码`,
  /** To the family: the owner reset the TV's lock password. */
  pinReset: (tv: string) => `「${tv}」的锁密码已被管理员重置`,
  save: '保存',
})

export const home = Object.freeze({
  /** 长辈版's home did not load (its code arrives after the entry). */
  elderLoadFailed: '长辈版没有加载成功，点这里重试',
  /** Channel schedules, not streaming: nothing plays on the phone (WeChat judges the category by the words). */
  liveTab: '电视频道',
  more: '更多',
  searchPlaceholder: '搜索节目、演员',
  onAir: '正在播出',
  noProgramme: '暂无节目单',
  remote: '遥控器',
  remotePad: '方向键',
  remoteDigits: '数字键',
  /** The remote's third mode. */
  remoteTouch: '触控板',
  /**
   * The remote, now playing and the touch pad load after home (weapp: an async subpackage);
   * what the user reads when that code did not arrive (a tap tries again).
   */
  remoteLoadFailed: '遥控器加载失败，请检查网络后重试',
  nowPlayingLoadFailed: '播放控制加载失败，请检查网络',
  touchPadLoadFailed: '触控板加载失败，请检查网络',
  /** The shared TV's 手机输入 under the remote's keys (H5: its own chunk). */
  textInputLoadFailed: '手机输入加载失败，请检查网络',
  /** The 电视频道 tab's code (weapp: home-parts) did not arrive. */
  liveLoadFailed: '电视频道加载失败，请检查网络后重试',
  bindTv: '去绑定',
})

export const program = Object.freeze({
  /** A program the child channel does not allow, opened from a link in child mode. */
  childNotAllowed: '儿童模式下不能查看这个节目：它不适合儿童',
  thirdParty: '第三方',
  episodes: '选集',
  cast: '演职人员',
  related: '相关推荐',
  description: '简介',
  favourite: '收藏',
  favourited: '已收藏',
  favouriteAdded: '已加入收藏',
  favouriteRemoved: '已取消收藏',
  blackList: '不感兴趣',
  blackListed: '已屏蔽',
  blackListConfirm: (title: string) => `屏蔽「${title}」后将不再为你推荐，确定吗？`,
  blackListDone: '已加入黑名单',
  playOnTv: '电视播放',
  playNeedsApp: '该节目暂不支持在电视上直接播放',
  director: '导演',
  actor: '演员',
  notFound: '节目不存在或已下架',
  works: '参演作品',
  noWorks: '暂无作品',
})

export const search = Object.freeze({
  submit: '搜索',
  recent: '最近搜索',
  clearRecent: '清空',
  hot: '热门搜索',
  noHot: '暂无热门搜索',
  all: '全部',
  noResult: (k: string) => `没有找到与「${k}」相关的节目，换个关键词试试`,
  summary: (k: string, n: number) => `「${k}」共找到 ${n} 个节目`,
})

export const lists = Object.freeze({
  topicMissing: '专题不存在或已下线',
  castMissing: '没有找到这位演职人员',
  agreementMissing: '用户协议暂未发布',
  flowMissing: '内容不存在或已下线',
  count: (n: number) => `共 ${n} 部`,
  noItems: '这个专题还没有节目',
  gender: Object.freeze({ male: '男', female: '女' }) satisfies Record<string, string>,
  born: (y: number) => `${y}年出生`,
  loadingMore: '正在加载更多…',
  noMore: '没有更多了',
  loadMoreFailed: '加载失败，点击重试',
})

export const tasks = Object.freeze({
  noOpenTask: '暂无可完成的任务',
  progressReported: '任务进度已更新',
  received: '任务已领取，快去完成吧',
  alreadyReceived: '任务已领取',
  notFinished: '任务尚未完成',
  alreadyClaimed: '奖励已领取',
  finished: (names: string) => `任务完成：${names}，去活动中心领取奖励`,
  claimed: (points: number) => `领取成功，获得${points}积分`,
  reportFailed: (reason: string) => `任务进度未更新：${reason}`,
})

/** The points centre: activity-index, points-list, points-income, activity-rules. */
export const points = Object.freeze({
  balance: '我的积分',
  todayPoints: (n: number) => `今日已获得 ${n} 积分`,
  unit: '积分',
  signTitle: '每日签到',
  streak: (n: number) => `已连续签到 ${n} 天`,
  dayLabel: (n: number) => `第${n}天`,
  signIn: '签到',
  signedToday: '今日已签到',
  signedDone: (n: number) => `签到成功，获得${n}积分`,
  alreadySigned: '今天已经签到过了',
  tasksTitle: '积分任务',
  noTasks: '暂无任务',
  taskProgress: (p: number, n: number) => `进度 ${p}/${n}`,
  taskReward: (n: number) => `+${n}积分`,
  receive: '领取任务',
  go: '去完成',
  claim: '领奖励',
  rewarded: '已完成',
  inProgress: '进行中',
  daily: '每日',
  homeEntry: '活动中心',
  homeEntryHint: '签到领积分，做任务赚积分',
  needLogin: '登录后查看积分、签到和任务',
  loadMore: '加载更多',
  noMore: '没有更多了',
  loadMoreFailed: (m: string) => `${m}，点击重试`,
})

/** The error boundary around every page. */
export const pageErrors = Object.freeze({
  crashed: '页面出错了，请重试',
  retry: '重新加载',
})

// 我的 (personal centre) and its pages: ./personal.ts (re-exported: imported as before)
export { personal } from './personal'

