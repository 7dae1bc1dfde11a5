/**
 * Taro's template levels on weapp (`baseLevel`). WeChat templates cannot recurse, so Taro writes one
 * copy of every used component's template per level into base.wxml (about 2.7 KB per level, all of it
 * in the main package); a node deeper than the last level is rendered through the `comp` custom
 * component, which starts again at level 0 (it works, at the cost of one more component instance).
 *
 * Taro's default is 16. The app's deepest page tree is 10 levels (check:weapp prints each page's
 * depth), so 13 renders up to depth 12 directly (2 levels of headroom) and saves about 8 KB of the main package. check:weapp
 * fails when a page reaches DIRECT_DEPTH, so a page that grows deeper raises this number on purpose.
 */
export const WEAPP_BASE_LEVEL = 13

/** The deepest node (1 = a child of the page root) rendered by a template, not through `comp`. */
export const DIRECT_DEPTH = WEAPP_BASE_LEVEL - 1
