/** Now playing and the touch pad (loaded with the panel and the remote, not with home's first paint). */
export const nowPlaying = Object.freeze({
  title: '正在播放',
  /** What plays when the box names nothing (a real operator's box). */
  somethingPlays: '电视正在播放',
  nothingPlays: '电视没有在播放节目',
  episodeOf: (episode: number, count: number) => (count > 1 ? `第${episode}集 / 共${count}集` : ''),
  play: '播放',
  pause: '暂停',
  playPause: '播放/暂停',
  back10: '−10秒',
  forward10: '+10秒',
  previous: '上一集',
  next: '下一集',
  /** Outcomes, from the TV's reply. */
  paused: (at: string) => `已暂停在 ${at}`,
  resumed: (at: string) => `从 ${at} 继续播放`,
  movedTo: (at: string) => `已到 ${at}`,
  episodeNow: (episode: number) => `正在播放第${episode}集`,
  channelNow: (name: string) => `已切换到 ${name}`,
  sent: '已发送到电视',
  live: '电视频道不能暂停、快进或拖动进度',
  idle: '电视没有在播放节目',
  lastEpisode: '已经是最后一集',
  firstEpisode: '已经是第一集',
  invalid: '电视没有接受这个进度',
  noReply: '电视没有回复，不知道是否生效，请重试',
  /** Seek by ±10 s presses (a box that does not know seek to a point). */
  stepped: (at: string) => `电视不支持拖动定位，已用快进/快退到 ${at}`,
  steppedPartly: (at: string) => `电视不支持拖动定位，已用快进/快退到 ${at}（一次最多5分钟）`,
  /** The touch pad (the remote's third mode). */
  pad: '触控板',
  padHint: '滑动移动焦点 · 轻点确定 · 长按返回',
})
