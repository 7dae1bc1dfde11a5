/**
 * The remote control (SPEC 4's TV commands): keys, touch pad, 手机输入 and now playing. Only the lazy
 * wrappers are exported: the panels' code loads when first opened, not with home.
 */
export { default as LazyRemote } from './LazyRemote'
export { default as LazyNowPlaying } from './nowPlaying/LazyNowPlaying'
