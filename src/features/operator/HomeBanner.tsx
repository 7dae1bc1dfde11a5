import OperatorImages from './OperatorImages'
import { configImagesOf } from './store/configImagesStore'
import type { RootStore } from '../../stores/app/root'
import { routeOf } from '../../routes'

/** Asks for the banner's images ahead of its first render (see features/operator/lazy). */
export function prefetch(root: RootStore): Promise<void> {
  return configImagesOf(root).load('home-banner')
}

/** Home's banner slot of operator images (applet/configImage position home-banner). */
export default function HomeBanner() {
  return <OperatorImages position='home-banner' page={routeOf.index} />
}
