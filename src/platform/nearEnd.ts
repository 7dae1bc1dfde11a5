import { scrollContainerOf } from './measure'

/**
 * Calls `onNear` once, when the element `#id` comes near the visible part of the scroll area `#rootId`
 * (content under the fold is rendered when the user scrolls near it, not with the first
 * screen). H5, with IntersectionObserver on the scroll area:
 * - before the user scrolls, only when the marker is on screen: the first load renders the first
 *   screen and no more (the DOM budget of check:first-load);
 * - once the area has scrolled, when the marker is within `marginPx` below the visible part, so what
 *   follows is rendered ahead of the scroll.
 * Where there is no observer (jsdom, an old engine) it calls at once, so the content is never withheld.
 * WeChat: after one 16 ms tick, so the content fills in step by step as it did before. Returns a
 * function that stops watching.
 */
export function whenNear(id: string, rootId: string, marginPx: number, onNear: () => void): () => void {
  // one branch per platform (if/else, not an early return): each build keeps only its own
  if (process.env.TARO_ENV === 'h5') {
    const el = typeof document !== 'undefined' ? document.getElementById(id) : null
    if (!el || typeof IntersectionObserver === 'undefined') {
      onNear()
      return () => undefined
    }
    // The scroll area by its id, else the marker's scroll container: Taro's H5 ScrollView renders no id.
    // With the viewport as the root, the area's own edge clips the marker, so the margin never counted
    // and what came near depended on when the marker was mounted (the tap-through e2e found no 更多 on
    // home in 1 run of 3)
    const root = document.getElementById(rootId) ?? scrollContainerOf(el, 'y')
    const scroller: HTMLElement | Window = (root as HTMLElement | null) ?? window
    const observers: IntersectionObserver[] = []
    const stop = () => {
      observers.forEach((o) => o.disconnect())
      scroller.removeEventListener('scroll', ahead)
    }
    const watch = (margin: number) => {
      const io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          stop()
          onNear()
        },
        { root, rootMargin: `0px 0px ${margin}px 0px` },
      )
      io.observe(el)
      observers.push(io)
    }
    function ahead() {
      scroller.removeEventListener('scroll', ahead)
      watch(marginPx)
    }
    watch(0)
    const scrolled = root ? root.scrollTop > 0 : window.scrollY > 0
    if (scrolled) ahead()
    else scroller.addEventListener('scroll', ahead, { passive: true })
    return stop
  } else {
    // WeChat: the rest follows a step at a time as before (home's blocks two per 16 ms tick; each step
    // one setData), not by scroll: the start-up check and the template tree were measured that way
    const timer = setTimeout(onNear, 16)
    return () => clearTimeout(timer)
  }
}
