import type { RemoteKey } from '../../protocol/tv/commands'
import type { KeyQueue } from './keySequence'
import type { TvLink } from './link'
import type { TvLinkDeps } from './types'

/**
 * The TV link's code, loaded when first needed, never with home (platform seam: src/platform/tvCode):
 * on H5 lazy chunks; on weapp the `mqtt` async subpackage, which carries it with mqtt.js.
 * A load that fails rejects; the store says so and tries again (tv.linkLoadFailed).
 */
export interface TvLinkCode {
  /** The link, with the first TV. */
  loadLink(): Promise<typeof TvLink>
  /** The remote's key queue, with the first key. */
  loadKeys(): Promise<{ KeyQueue: typeof KeyQueue; channelKeys: (n: number) => RemoteKey[] }>
}

/** What the TV store is built with: the link's dependencies and where its code comes from. */
export type TvStoreDeps = TvLinkDeps & TvLinkCode
