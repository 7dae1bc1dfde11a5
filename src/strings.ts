/**
 * Every user-facing string of the app, in Chinese, in one place. Pages, components, services and
 * stores import from here; nothing user-visible is written inline elsewhere.
 */
import { defaultTitle } from './config'

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
  pointsList: '积分明细',
  pointsIncome: '赚积分',
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
})

export const tv = Object.freeze({
  noDevice: '还没有绑定电视',
  connecting: '正在连接电视…',
  online: '电视在线',
  offline: '电视不在线',
  idle: '未连接',
  offlineCannotSend: '电视不在线，指令未发送，请确认电视已开机并联网',
  resync: '刷新状态',
  resyncSent: '正在同步电视状态',
  playing: '电视正在播放节目',
  switchTv: '切换电视',
  /** SPEC 5: the third-party play confirm: program source is the named app, plays directly on TV. */
  playConfirmTitle: '投屏播放',
  playConfirm: (app: string) => `该节目来源于「${app}」，将直接在电视上播放`,
  playSent: '已发送到电视',
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
  /** TV link (issue 4): jarvisLogin / queryAgentTopic failed, no reply, broker lost, SUBACK refused. */
  linkLoginFailed: '电视连接失败：消息服务登录失败，请稍后重试',
  linkTopicMissing: '电视连接失败：没有找到这台电视，请确认电视已绑定',
  linkNoReply: '电视没有响应，请确认电视已开机并联网',
  linkLost: '与电视的连接已断开，正在重连…',
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
  }),
})

export const login = Object.freeze({
  noPhone: '未获取到手机号，无法登录',
  loggingIn: '正在登录…',
  loggedOut: '已退出登录',
  getPhone: '手机号快捷登录',
  failed: '登录失败，请稍后重试',
  loginAction: '登录',
  notLoggedIn: '登录后即可管理电视、收藏节目',
})

export const location = Object.freeze({
  name: '地点名称',
  address: '详细地址',
  latitude: '纬度（选填）',
  longitude: '经度（选填）',
  useCurrent: '使用当前位置',
  locating: '正在获取位置…',
  locateFailed: '无法获取当前位置，请手动填写',
  nameRequired: '请填写地点名称或详细地址',
  invalidCoordinate: '经纬度格式不正确',
  copyAddress: '复制地址',
  copied: '地址已复制',
  noLocation: '没有要查看的位置',
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
  renamePlaceholder: '电视名称',
  macPlaceholder: 'MAC地址，如 AA:BB:CC:DD:EE:FF',
  namePlaceholder: '电视名称（选填）',
  empty: '还没有绑定电视，绑定后即可用手机遥控',
  macLabel: 'MAC',
  notConnected: '切换后连接',
  save: '保存',
})

export const home = Object.freeze({
  liveTab: '直播',
  more: '更多',
  searchPlaceholder: '搜索节目、演员',
  onAir: '正在播出',
  noProgramme: '暂无节目单',
  myTvs: '我的电视',
  mine: '我的',
  remote: '遥控器',
  bindTv: '去绑定',
})

export const program = Object.freeze({
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
  episodeN: (n: number) => `第${n}集`,
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
  gender: Object.freeze({ male: '男', female: '女' }) as Record<string, string>,
  born: (y: number) => `${y}年出生`,
  loadingMore: '正在加载更多…',
  noMore: '没有更多了',
  loadMoreFailed: '加载失败，点击重试',
})

export const tasks = Object.freeze({
  noOpenTask: '暂无可完成的任务',
  progressReported: '任务进度已更新',
})
