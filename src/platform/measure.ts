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
