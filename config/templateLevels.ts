/**
 * Taro's template levels on weapp (`baseLevel`). WeChat templates cannot recurse, so Taro writes one
 * copy of every used component's template per level into base.wxml (about 2.7 KB per level, all of it
 * in the main package); a node deeper than the last level is rendered through the `comp` custom
 * component, which starts again at level 0 (it works, at the cost of one more component instance).
 *
 * Taro's default is 16. The app's deepest page tree is 10 levels (check:weapp prints each page's
 * depth: home and flow-more), so 12 renders up to depth 11 directly (1 level of headroom) and saves
 * about 11 KB of the main package against the default (2.6 KB against 13, room the text scale and the
 * 长辈版 needed). check:weapp fails when a page reaches DIRECT_DEPTH, so a page that grows deeper raises
 * this number on purpose; a real phone would still render it, through `comp`.
 */
export const WEAPP_BASE_LEVEL = 12

/** The deepest node (1 = a child of the page root) rendered by a template, not through `comp`. */
export const DIRECT_DEPTH = WEAPP_BASE_LEVEL - 1
