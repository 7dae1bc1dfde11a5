import { whenNear } from '@/platform/nearEnd'

/** A stand-in IntersectionObserver: records what it watches and lets the test say what intersects. */
class FakeObserver {
  static all: FakeObserver[] = []
  static get last(): FakeObserver | undefined {
    return FakeObserver.all[FakeObserver.all.length - 1]
  }
  watched: Element[] = []
  disconnected = false
  constructor(
    readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void,
    readonly options: { root: Element | null; rootMargin: string },
  ) {
    FakeObserver.all.push(this)
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

describe('whenNear (home renders under the fold when the user scrolls near)', () => {
  const g = globalThis as { IntersectionObserver?: unknown }
  const saved = g.IntersectionObserver
  afterEach(() => {
    g.IntersectionObserver = saved
    document.body.innerHTML = ''
    FakeObserver.all = []
  })

  function page() {
    document.body.innerHTML = '<div id="body"><div id="marker"></div></div>'
  }

  it('before any scroll, calls only when the marker is on screen: the first load renders no more than the first screen', () => {
    page()
    g.IntersectionObserver = FakeObserver
    const onNear = jest.fn()
    whenNear('marker', 'body', 400, onNear)
    expect(FakeObserver.all).toHaveLength(1)
    const io = FakeObserver.last!
    expect(io.watched).toEqual([document.getElementById('marker')])
    expect(io.options.root).toBe(document.getElementById('body'))
    expect(io.options.rootMargin).toBe('0px 0px 0px 0px')
    io.fire(false)
    expect(onNear).not.toHaveBeenCalled()
    io.fire(true)
    expect(onNear).toHaveBeenCalledTimes(1)
    expect(io.disconnected).toBe(true)
  })

  it('once the area scrolls, calls when the marker is within the margin below it, once, and stops both watches', () => {
    page()
    g.IntersectionObserver = FakeObserver
    const onNear = jest.fn()
    whenNear('marker', 'body', 400, onNear)
    const body = document.getElementById('body')!
    body.dispatchEvent(new Event('scroll'))
    body.dispatchEvent(new Event('scroll'))
    expect(FakeObserver.all).toHaveLength(2)
    const [onScreen, ahead] = FakeObserver.all
    expect(ahead.options.root).toBe(body)
    expect(ahead.options.rootMargin).toBe('0px 0px 400px 0px')
    ahead.fire(false)
    expect(onNear).not.toHaveBeenCalled()
    ahead.fire(true)
    expect(onNear).toHaveBeenCalledTimes(1)
    expect(onScreen.disconnected && ahead.disconnected).toBe(true)
    body.dispatchEvent(new Event('scroll'))
    expect(FakeObserver.all).toHaveLength(2)
  })

  it('a page shown again already scrolled watches with the margin at once', () => {
    page()
    g.IntersectionObserver = FakeObserver
    document.getElementById('body')!.scrollTop = 300
    whenNear('marker', 'body', 400, jest.fn())
    expect(FakeObserver.all.map((o) => o.options.rootMargin)).toEqual(['0px 0px 0px 0px', '0px 0px 400px 0px'])
  })

  it("finds the scroll area without its id (Taro's H5 ScrollView renders none): the marker's scroll container, so the margin counts", () => {
    document.body.innerHTML = '<div id="outer" style="overflow-y: auto"><div id="area" style="overflow-y: auto"><div><div id="marker"></div></div></div></div>'
    g.IntersectionObserver = FakeObserver
    whenNear('marker', 'home-body', 400, jest.fn())
    const area = document.getElementById('area')!
    expect(FakeObserver.last!.options.root).toBe(area)
    area.dispatchEvent(new Event('scroll'))
    expect(FakeObserver.last!.options.root).toBe(area)
    expect(FakeObserver.last!.options.rootMargin).toBe('0px 0px 400px 0px')
  })

  it('stops watching when told to (the page moved on): nothing is called later', () => {
    page()
    g.IntersectionObserver = FakeObserver
    const onNear = jest.fn()
    const stop = whenNear('marker', 'body', 400, onNear)
    stop()
    expect(FakeObserver.last!.disconnected).toBe(true)
    document.getElementById('body')!.dispatchEvent(new Event('scroll'))
    expect(FakeObserver.all).toHaveLength(1)
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
