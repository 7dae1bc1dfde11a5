/**
 * 长辈版 (the age-friendly version): a mode of the same app, chosen per user in 我的 → 设置 or on the
 * first launch at WeChat's 关怀模式 text size. Home shows LazyElderHome instead of the standard home;
 * its code (and the offer's) loads only when needed.
 */
export { default as LazyElderHome } from './LazyElderHome'
export { loadElderOffer } from './lazy'
export { default as ElderSwitch } from './ElderSwitch'
export { ELDER_KEY, elderOf, type ElderStore } from './store/elderStore'
