import { readMenuButton, readStatusBarHeight, readWindowWidth } from '../../platform/device'
import { navBarGeometry, type NavBarGeometry } from './geometry'

/** This device's title bar (the nav bar and pages that size themselves under it, such as flow-more). */
export function currentNavBarGeometry(): NavBarGeometry {
  return navBarGeometry(readStatusBarHeight(), readMenuButton(), readWindowWidth())
}
