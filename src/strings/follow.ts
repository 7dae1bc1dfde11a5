/** 我的's 关注公众号 card (weapp), in a module of its own so that home does not load it. */
export const follow = Object.freeze({
  title: '关注公众号',
  gives: '关注后可接收电视提醒（如电视离线、童锁变化）和积分活动消息',
  howto: (name: string) => `在微信中搜索「${name}」公众号并关注`,
  close: '关闭',
})
