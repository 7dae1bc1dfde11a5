/** Home's own parts (SPEC 2 首页): the TV card, search entry, tabs, blocks and 继续观看. */
export { default as BlockView } from './BlockView'
export { default as HomeTabs, HomeTabsRoom } from './HomeTabs'
export { default as LazyContinueRow } from './LazyContinueRow'
export { default as MyEntry } from './MyEntry'
export { default as SearchEntry } from './SearchEntry'
export { default as TvStatusCard } from './TvStatusCard'
export { continueOf } from './store/continueStore'
