import { DiscoverStore } from '../../stores/discoverStore'
import type { RootStore } from '../../stores/root'

/** The search page's labels and 热搜榜 (created by that page, so its code loads with it, not with home). */
export function discoverOf(root: RootStore): DiscoverStore {
  return root.extra('discover', () => new DiscoverStore(root.api.search, () => root.childMode))
}
