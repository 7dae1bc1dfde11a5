import { titleBar } from '../../config'

/** Space under the title bar before content starts (design constant, not from the spec). */
export const NAV_BOTTOM_GAP = 6

export interface NavBarGeometry {
  /** Height reserved for the device status bar. */
  statusBarHeight: number
  /** Distance from the top of the screen to the title bar. */
  titleTop: number
  /** Height of the title bar (back/home button and title). */
  titleHeight: number
  /** Whole navigation bar height: where page content starts. */
  height: number
}

/** SPEC 9: title bar top 12 and height 30, offset by the device's status bar. */
export function navBarGeometry(statusBarHeight: number): NavBarGeometry {
  const sb = Number.isFinite(statusBarHeight) && statusBarHeight > 0 ? Math.round(statusBarHeight) : 0
  const titleTop = sb + titleBar.top
  return {
    statusBarHeight: sb,
    titleTop,
    titleHeight: titleBar.height,
    height: titleTop + titleBar.height + NAV_BOTTOM_GAP,
  }
}

export type NavAction = 'back' | 'home' | 'none'

/** Back when there is a page to go back to, home otherwise (nothing on the home page itself). */
export function navAction(stackDepth: number, isHomePage: boolean): NavAction {
  if (stackDepth > 1) return 'back'
  return isHomePage ? 'none' : 'home'
}
