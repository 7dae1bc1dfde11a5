import { lazy, Suspense } from 'react'
import { observer } from 'mobx-react'
import { useStores } from '../../stores/app/context'
import { tvPlaysProgram } from './playing'

/** The panel's code (and its store and strings) loads when the TV first plays a program, not with home. */
const NowPlayingPanel = lazy(() => import('./NowPlayingPanel'))

/** Issue 35: now playing on home, under the TV card, while the TV plays a program (its own report). */
function LazyNowPlaying() {
  const { tv } = useStores()
  if (!tvPlaysProgram(tv)) return null
  return (
    <Suspense fallback={null}>
      <NowPlayingPanel place='home' />
    </Suspense>
  )
}

export default observer(LazyNowPlaying)
