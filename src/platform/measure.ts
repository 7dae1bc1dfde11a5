import Taro from '@tarojs/taro'

interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/**
 * The scroll offset that centres an item in its scroll view, from their rectangles (viewport
 * coordinates) and the view's current offset; never below 0. One axis: pass left/width for a
 * horizontal strip, top/height for a vertical list.
 */
export function centeredOffset(view: { start: number; size: number; scroll: number }, item: { start: number; size: number }): number {
  return Math.max(0, Math.round(view.scroll + (item.start - view.start) - (view.size - item.size) / 2))
}

/**
 * Measures `item` inside the scroll view `view` (selectors of the current page) and resolves the
 * offset along `axis` that centres the item, or null when either is not rendered. Only the scroll view
 * moves (its scrollLeft / scrollTop), never the page: unlike a scroll-into-view, which on H5 scrolls
 * every scrollable ancestor as well.
 */
export function measureCentered(view: string, item: string, axis: 'x' | 'y'): Promise<number | null> {
  // H5: the DOM itself. The mini-program branch is dead code there and webpack leaves it out with
  // Taro's selector query (which would add ~20 KB to the H5 home route).
  if (process.env.TARO_ENV === 'h5') {
    return Promise.resolve(measureDom(view, item, axis))
  } else {
    return new Promise((resolve) => {
      try {
        const q = Taro.createSelectorQuery()
        q.select(view).boundingClientRect()
        q.select(view).scrollOffset()
        q.select(item).boundingClientRect()
        q.exec((res: unknown[]) => {
          const [v, off, it] = (res ?? []) as [Rect | null, { scrollLeft: number; scrollTop: number } | null, Rect | null]
          if (!v || !it || !off) return resolve(null)
          resolve(
            axis === 'x'
              ? centeredOffset({ start: v.left, size: v.width, scroll: off.scrollLeft }, { start: it.left, size: it.width })
              : centeredOffset({ start: v.top, size: v.height, scroll: off.scrollTop }, { start: it.top, size: it.height }),
          )
        })
      } catch {
        resolve(null)
      }
    })
  }
}

/** The element of `selector` on the page shown (Taro H5 keeps the pages below it in the DOM). */
export function shownElement(selector: string): Element | null {
  const all = Array.from(document.querySelectorAll(selector))
  for (let i = all.length - 1; i >= 0; i--) {
    const r = all[i].getBoundingClientRect()
    if (r.width > 0 || r.height > 0) return all[i]
  }
  return null
}

/**
 * The nearest ancestor of `el` that scrolls along `axis`. Taro's H5 ScrollView
 * (h5.useHtmlComponents) renders no id, so code that names a scroll view by id finds it here.
 */
export function scrollContainerOf(el: Element, axis: 'x' | 'y'): Element | null {
  for (let a = el.parentElement; a; a = a.parentElement) {
    const overflow = getComputedStyle(a)[axis === 'x' ? 'overflowX' : 'overflowY']
    if (overflow === 'scroll' || overflow === 'auto') return a
  }
  return null
}

function measureDom(view: string, item: string, axis: 'x' | 'y'): number | null {
  const found = shownElement(view)
  const it = found?.querySelector(item) ?? shownElement(item)
  // Taro's H5 ScrollView (h5.useHtmlComponents) renders no id, so `view` is usually not found: the
  // view is then the scroll container around the item (before this, the 电视频道 schedule and the tab
  // strips never scrolled on H5)
  const v = found ?? (it ? scrollContainerOf(it, axis) : null)
  if (!v || !it) return null
  const vr = v.getBoundingClientRect()
  const ir = it.getBoundingClientRect()
  return axis === 'x'
    ? centeredOffset({ start: vr.left, size: vr.width, scroll: v.scrollLeft }, { start: ir.left, size: ir.width })
    : centeredOffset({ start: vr.top, size: vr.height, scroll: v.scrollTop }, { start: ir.top, size: ir.height })
}
