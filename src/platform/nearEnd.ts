import Taro from '@tarojs/taro'

/**
 * Calls `onNear` once, when the element `#id` comes within `marginPx` of the visible part of the scroll
 * area `#rootId` (below its bottom edge included): content under the fold is rendered when the user
 * scrolls near it, not with the first screen (issue 34). H5: IntersectionObserver on the scroll area;
 * WeChat: the page's intersection observer relative to it. Where there is no observer (jsdom, an old
 * engine) it calls at once, so the content is never withheld. Returns a function that stops watching.
 */
export function whenNear(id: string, rootId: string, marginPx: number, onNear: () => void): () => void {
  // one branch per platform (if/else, not an early return): each build keeps only its own, and the H5
  // build does not carry Taro's emulation of the mini-program observer
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
    const page = Taro.getCurrentInstance().page
    if (!page || typeof Taro.createIntersectionObserver !== 'function') {
      onNear()
      return () => undefined
    }
    const observer = Taro.createIntersectionObserver(page as unknown as Parameters<typeof Taro.createIntersectionObserver>[0])
    observer.relativeTo(`#${rootId}`, { bottom: marginPx }).observe(`#${id}`, (res) => {
      if ((res.intersectionRatio ?? 0) <= 0) return
      observer.disconnect()
      onNear()
    })
    return () => observer.disconnect()
  }
}
