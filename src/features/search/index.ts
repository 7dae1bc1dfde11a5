/** Search (SPEC 2 搜索): the bar, labels, 热搜榜 and discovery. */
export { default as Discover } from './Discover'
export { default as LabelChips } from './LabelChips'
export { default as SearchBar } from './SearchBar'
export { default as TopList } from './TopList'
export { discoverOf } from './store/discoverStore'
