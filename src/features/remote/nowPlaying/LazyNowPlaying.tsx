import { observer } from 'mobx-react'
import { useStores } from '../../../stores/app/context'
import { asyncPart } from '../../../components/AsyncPart'
import { home as h } from '../../../strings'
import { tvPlaysProgram } from './playing'

/**
 * The panel's code (and its store and strings) loads when the TV first plays a program, not with home:
 * on H5 a lazy chunk, on weapp the `home-parts` async subpackage (config/asyncSubpackage.ts).
 */
export const NowPlayingPanel = asyncPart(() => import(/* weappSubpackage: "home-parts" */ './NowPlayingPanel'), { failed: h.nowPlayingLoadFailed })

/** Now playing on home, under the TV card, while the TV plays a program (its own report). */
function LazyNowPlaying() {
  const { tv } = useStores()
  if (!tvPlaysProgram(tv)) return null
  return <NowPlayingPanel place='home' />
}

export default observer(LazyNowPlaying)
