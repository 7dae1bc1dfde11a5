/**
 * User-facing strings of 长辈版 (the age-friendly version of home) and its first-launch offer, in
 * Chinese. A module of its own beside src/strings/index.ts: they load with the elder home's and the
 * offer's own code, never with the standard home (设置's switch: strings/settings.ts).
 */
import type { RemoteKey } from '../protocol/tv/commands'

/** The keys of the big remote, as its labels say them. */
type ElderKey = Extract<RemoteKey, 'power' | 'volumeUp' | 'volumeDown' | 'channelUp' | 'channelDown' | 'up' | 'down' | 'left' | 'right' | 'ok' | 'back' | 'home'>

export const elder = Object.freeze({
  /** The first-launch offer, when the phone's text is at WeChat's 关怀模式 size or larger. */
  offerTitle: '要使用长辈版吗？',
  offerText: '您的字体调得比较大。长辈版的字和按键更大，首页只有遥控器、电视频道和继续观看。以后可以在“我的 → 设置”里随时切换。',
  offerAccept: '使用长辈版',
  offerDecline: '暂不使用',
  /** The elder home. */
  badge: '长辈版',
  my: '我的',
  remote: '遥控器',
  live: '电视频道',
  liveHint: '点一下频道，电视就换到这个频道',
  continueTitle: '继续观看',
  continueHint: '点一下节目，打开它接着看',
  continueEmpty: '还没有没看完的节目',
  continueAt: (episode: number, clock: string) => `看到第${episode}集 ${clock}`,
  onAirNow: (title: string) => `正在播：${title}`,
  noProgramme: '暂无节目信息',
  channelName: (number: number, name: string) => `${number} ${name}`,
  switching: (name: string) => `正在换到 ${name}，请稍候`,
  /** The TV card in plain words. */
  tv: Object.freeze({
    name: (name: string) => `您的电视：${name}`,
    noDevice: '还没有绑定电视',
    bind: '去绑定电视',
    loading: '正在查找您的电视，请稍候',
    online: '电视已连接，可以用下面的遥控器',
    connecting: '正在连接电视，请稍候',
    reconnecting: '手机网络不好，正在重新连接电视',
    offline: '电视没有连接上。请打开电视，确认电视联网后点“再试一次”',
    idle: '电视还没有连接',
    retry: '再试一次',
    retrying: '正在重新连接电视',
    off: '电视已关机（待机），按“电源”开机',
    playing: (what: string) => `电视正在播：${what}`,
    volume: (n: number, muted: boolean) => (muted ? '电视已静音' : `音量 ${n}`),
    locked: '电视开着全局锁，现在不能遥控',
  }),
  /** The big remote's key labels (every key also says what it did once the TV answered). */
  keys: Object.freeze({
    power: '电源',
    volumeUp: '音量 +',
    volumeDown: '音量 −',
    channelUp: '频道 +',
    channelDown: '频道 −',
    up: '上',
    down: '下',
    left: '左',
    right: '右',
    ok: '确定',
    back: '返回',
    home: '主页',
  } satisfies Record<ElderKey, string>),
  /** What a key did, said once the TV answered it (its type 87 reply). */
  said: Object.freeze({
    power: '已按电源键',
    powerOn: '电视已开机',
    powerOff: '电视已关机（待机），再按一次“电源”开机',
    volumeUp: '已调高音量',
    volumeDown: '已调低音量',
    channelUp: '已换到下一个频道',
    channelDown: '已换到上一个频道',
    up: '已向上移动',
    down: '已向下移动',
    left: '已向左移动',
    right: '已向右移动',
    ok: '已按确定',
    back: '已返回',
    home: '已回到电视主页',
  }),
  /** What the reply adds to it, when the box says (a real operator's box may say nothing more). */
  saidVolume: (n: number) => `，现在音量 ${n}`,
  saidChannel: (number: number, name: string) => `：${number} ${name}`,
  /** The notice under the remote. */
  undo: '撤销',
  dismiss: '知道了',
  undone: (what: string) => `已撤销。${what}`,
  undoFailed: (why: string) => `没能撤销：${why}`,
  sending: (label: string) => `正在发送“${label}”…`,
  noticeLabel: '电视的回应',
})
