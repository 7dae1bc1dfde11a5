import type { TvLinkCode } from '../../services/tv/code'

/** H5 (and Node): the link and the key queue as lazy chunks of their own (H5 has no main package to keep small). */
export function browserTvCode(): TvLinkCode {
  return {
    loadLink: () => import('../../services/tv/link').then((m) => m.TvLink),
    loadKeys: () => import('../../services/tv/keySequence').then((m) => ({ KeyQueue: m.KeyQueue, channelKeys: m.channelKeys })),
  }
}
