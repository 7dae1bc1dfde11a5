/**
 * User-facing strings of continue watching on the detail page and in 观看记录 (resume points, episodes), in
 * Chinese. A module of their own beside src/strings/index.ts so that they load with those pages (on H5) and
 * not with home.
 */
export const resume = Object.freeze({
  resumeAt: (episode: number | null, time: string) => (episode === null ? `上次看到 ${time}` : `上次看到 第${episode}集 ${time}`),
  finished: '已看完',
  continueOnTv: '继续在电视上播放',
  replay: '重新播放',
  lastWatchedOn: (tvName: string) => `上次在${tvName}观看`,
  watchedOn: (tvName: string) => `在${tvName}上观看`,
  episodeRange: (from: number, to: number) => `${from}–${to}`,
  /** 观看记录: where the user stopped. */
  episodePosition: (episode: number, position: string) => `看到第${episode}集 ${position}`,
})
