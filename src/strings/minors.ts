/**
 * Minors' mode: the few strings the main package shows (the TV card's line, the refusal of a
 * play or channel before anything is sent, the rest reminder; the lock page's entry shows the card's
 * line, or 已关闭). The settings page's own strings are in ./minorsPage.ts, which loads with its
 * subpackage.
 */
export const minors = Object.freeze({
  title: '未成年人模式',
  /** The TV card while the mode is on. */
  cardLine: (usedMin: number, limitMin: number) => `今日已看 ${usedMin}/${limitMin} 分钟`,
  why: Object.freeze({ total: '今日时长已用完', curfew: '禁用时段' }),
  /** A play, a channel switch or a channel key refused before it is sent. */
  refused: Object.freeze({
    total: '未成年人模式：今天的观看时长已用完，明天再来吧',
    curfew: '未成年人模式：现在是禁用时段，不能播放',
  }),
  /** A box that does not report minors' mode (a real operator's box): only this phone enforces. */
  notEnforced: '电视本身不执行这些限制',
  refusedHere: '（电视本身不执行这些限制，已在手机上拦下）',
  /** The box refused a play with no reason given (its report names one as a rule). */
  refusedByTv: '未成年人模式：电视拒绝了这次播放',
  /**
   * The phone cannot tell whether the mode is on (the TV does not report it and the gateway could not be
   * read): plays and channel keys are refused until it can; each try asks the gateway again.
   */
  reading: '正在确认未成年人模式，请稍后再试',
  unreadable: '暂时无法确认未成年人模式，为安全起见先不在电视上播放，请检查网络后重试',
  unreadableCard: '未成年人模式读取失败，电视播放已暂停',
  /** The box's rest reminder, told to the family's phones. */
  rest: '电视已连续播放30分钟，提醒孩子休息一下眼睛',
})
