import { whenNear } from '@/platform/nearEnd'

/** A stand-in IntersectionObserver: records what it watches and lets the test say what intersects. */
class FakeObserver {
  static last: FakeObserver | undefined
  watched: Element[] = []
  disconnected = false
  constructor(
    readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void,
    readonly options: { root: Element | null; rootMargin: string },
  ) {
    FakeObserver.last = this
  }
  observe(el: Element) {
    this.watched.push(el)
  }
  disconnect() {
    this.disconnected = true
  }
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting }])
  }
}

describe('whenNear (issue 34: home renders under the fold when the user scrolls near)', () => {
  const g = globalThis as { IntersectionObserver?: unknown }
  const saved = g.IntersectionObserver
  afterEach(() => {
    g.IntersectionObserver = saved
    document.body.innerHTML = ''
    FakeObserver.last = undefined
  })

  function page() {
    document.body.innerHTML = '<div id="body"><div id="marker"></div></div>'
  }

  it('watches the marker against the scroll area with the margin, and calls once when it comes near', () => {
    page()
    g.IntersectionObserver = FakeObserver
    const onNear = jest.fn()
    whenNear('marker', 'body', 400, onNear)
    const io = FakeObserver.last!
    expect(io.watched).toEqual([document.getElementById('marker')])
    expect(io.options.root).toBe(document.getElementById('body'))
    expect(io.options.rootMargin).toBe('0px 0px 400px 0px')
    io.fire(false)
    expect(onNear).not.toHaveBeenCalled()
    io.fire(true)
    expect(onNear).toHaveBeenCalledTimes(1)
    expect(io.disconnected).toBe(true)
  })

  it('stops watching when told to (the page moved on): nothing is called later', () => {
    page()
    g.IntersectionObserver = FakeObserver
    const onNear = jest.fn()
    const stop = whenNear('marker', 'body', 400, onNear)
    stop()
    expect(FakeObserver.last!.disconnected).toBe(true)
  })

  it('never withholds content: without an observer, or without the marker, it calls at once', () => {
    page()
    g.IntersectionObserver = undefined
    const a = jest.fn()
    whenNear('marker', 'body', 400, a)
    expect(a).toHaveBeenCalledTimes(1)
    g.IntersectionObserver = FakeObserver
    const b = jest.fn()
    whenNear('missing', 'body', 400, b)
    expect(b).toHaveBeenCalledTimes(1)
  })
})
