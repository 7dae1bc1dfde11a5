/**
 * User-facing strings of the share pages, in Chinese. A module of its own beside src/strings/index.ts so that
 * it loads with the subpackage pages that show it, not with the main package.
 */
/** The share activity (activity-share). */
export const share = Object.freeze({
  title: '邀请好友参加积分活动',
  text: '好友通过你的分享首次参加活动，你将获得积分奖励；好友可领取新人影视券。',
  cardTitle: '来参加积分活动，签到做任务换好礼',
  cardText: '手机高清电视助手积分活动',
  weapp: '分享给微信好友',
  app: '分享给好友',
  copy: '复制邀请链接',
  copied: '链接已复制',
  copyHint: '请把链接发给好友。链接需在运营商App中打开，在其他浏览器中无法参加活动。',
  appSent: '已打开分享',
  appFailed: '无法打开分享，请复制链接',
  invited: '好友邀请你参加积分活动',
  join: '参加活动',
  joined: '参加成功',
  joinedWithCoupon: (name: string) => `参加成功，获得${name}`,
  alreadyJoined: '您已参加过该活动',
  goCentre: '去活动中心',
  needLogin: '登录后参加活动',
  /**
   * WeChat (src/platform/share.ts sharingRewarded): the same page without any reward. No points for
   * sharing, nothing for the friend, no gift in the card's title (WeChat's 运营规范, 滥用分享).
   */
  plainTitle: '把积分活动分享给好友',
  plainText: '好友打开分享卡片即可查看积分活动，签到、做任务攒积分。',
  plainCardTitle: '手机高清电视助手积分活动',
})
