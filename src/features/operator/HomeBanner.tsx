import OperatorImages from './OperatorImages'
import { routeOf } from '../../routes'

/** Home's banner slot of operator images (applet/configImage position home-banner). */
export default function HomeBanner() {
  return <OperatorImages position='home-banner' page={routeOf.index} />
}
