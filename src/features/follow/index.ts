/** The 关注公众号 card on 我的. */
export { default as FollowCard } from './FollowCard'
