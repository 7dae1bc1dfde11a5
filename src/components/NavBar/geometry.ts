import { titleBar } from '../../config'

// Pure: no platform import here. The H5 build reads this file in Node for home's static shell
// (config/homeShell.ts); the device's own figures are read in ./currentGeometry.ts.

/** Space under the title bar before content starts (design constant, not from the spec). */
export const NAV_BOTTOM_GAP = 6

/** WeChat's menu button (the capsule at the top right), wx.getMenuButtonBoundingClientRect(), in px. */
export interface Capsule {
  top: number
  bottom: number
  left: number
  right: number
  width: number
  height: number
}

export interface NavBarGeometry {
  /** Height reserved for the device status bar. */
  statusBarHeight: number
  /** Distance from the top of the screen to the title bar. */
  titleTop: number
  /** Height of the title bar (back/home button and title). */
  titleHeight: number
  /** Whole navigation bar height: where page content starts. */
  height: number
  /**
   * Widest the centred title may be, in px, so that it never runs under the capsule (the capsule's
   * width and margin kept free on both sides); 0 when there is no capsule (the stylesheet's 60%).
   */
  titleMaxWidth: number
}

function usable(c: Capsule | null | undefined, windowWidth: number, statusBar: number): c is Capsule {
  if (!c || !(windowWidth > 0)) return false
  const numbers = [c.top, c.bottom, c.left, c.right, c.width, c.height]
  if (!numbers.every(Number.isFinite)) return false
  return c.width > 0 && c.height > 0 && c.top >= statusBar && c.bottom > c.top && c.left > windowWidth / 2 && c.right <= windowWidth
}

/**
 * SPEC 9: title bar top 12 and height 30, offset by the device's status bar. On WeChat the title bar
 * is laid out from the capsule instead (when the device gives a sensible one): level with it, as high
 * as it, with the capsule's top margin again below it, and the title kept clear of it on both sides
 * (phones place the capsule differently; fixed numbers let a long title run under it). H5 and a
 * missing or nonsense capsule keep SPEC 9's numbers.
 */
export function navBarGeometry(statusBarHeight: number, capsule?: Capsule | null, windowWidth = 0): NavBarGeometry {
  const sb = Number.isFinite(statusBarHeight) && statusBarHeight > 0 ? Math.round(statusBarHeight) : 0
  if (usable(capsule, windowWidth, sb)) {
    const top = Math.round(capsule.top)
    const height = Math.round(capsule.height)
    const side = Math.ceil(windowWidth - capsule.left)
    return {
      statusBarHeight: sb,
      titleTop: top,
      titleHeight: height,
      height: top + height + (top - sb),
      titleMaxWidth: Math.max(0, Math.floor(windowWidth - 2 * side)),
    }
  }
  const titleTop = sb + titleBar.top
  return {
    statusBarHeight: sb,
    titleTop,
    titleHeight: titleBar.height,
    height: titleTop + titleBar.height + NAV_BOTTOM_GAP,
    titleMaxWidth: 0,
  }
}

export type NavAction = 'back' | 'home' | 'none'

/** Back when there is a page to go back to, home otherwise (nothing on the home page itself). */
export function navAction(stackDepth: number, isHomePage: boolean): NavAction {
  if (stackDepth > 1) return 'back'
  return isHomePage ? 'none' : 'home'
}
