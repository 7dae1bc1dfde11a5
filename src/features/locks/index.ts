/** Locks and the screen mode (SPEC 2 我的 → 锁, SPEC 5 password rules). */
export { locksOf, realtimePhoneCheck, type LockKind } from './store/lockStore'
export { SCREEN_MODES, SCREEN_QUALITIES, ScreenStore, screenOf, type ScreenChoice } from './store/screenStore'
