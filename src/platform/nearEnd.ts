/**
 * Calls `onNear` once, when the element `#id` comes within `marginPx` of the visible part of the scroll
 * area `#rootId` (below its bottom edge included): content under the fold is rendered when the user
 * scrolls near it, not with the first screen (issue 34). H5: IntersectionObserver on the scroll area;
 * where there is none (jsdom, an old engine) it calls at once, so the content is never withheld.
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
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        io.disconnect()
        onNear()
      },
      { root: document.getElementById(rootId), rootMargin: `0px 0px ${marginPx}px 0px` },
    )
    io.observe(el)
    return () => io.disconnect()
  } else {
    // WeChat: the rest follows a step at a time as before (home's blocks two per 16 ms tick; each step
    // one setData), not by scroll: the start-up check and the template tree were measured that way
    const timer = setTimeout(onNear, 16)
    return () => clearTimeout(timer)
  }
}
