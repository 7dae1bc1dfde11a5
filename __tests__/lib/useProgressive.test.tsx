import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { useProgressive } from '@/lib/useProgressive'

/** The home desktop renders its blocks in short steps: 2 at once, then 2 more per tick. */
describe('useProgressive', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

  function mount(total: number, key: string) {
    const seen: number[] = []
    const Probe = (p: { total: number; k: string }) => {
      seen.push(useProgressive(p.total, p.k))
      return null
    }
    const root = createRoot(document.createElement('div'))
    act(() => root.render(createElement(Probe, { total, k: key })))
    return { seen, rerender: (t: number, k: string) => act(() => root.render(createElement(Probe, { total: t, k }))), root }
  }

  it('shows 2 at once and 2 more per tick until all 7 are there', () => {
    const { seen, root } = mount(7, 'tab-0')
    expect(seen[seen.length - 1]).toBe(2)
    for (let i = 0; i < 3; i++) act(() => jest.advanceTimersByTime(16))
    expect(seen[seen.length - 1]).toBe(7)
    act(() => jest.advanceTimersByTime(1000))
    expect(seen[seen.length - 1]).toBe(7)
    act(() => root.unmount())
  })

  it('starts over for another tab, and never shows more than there are', () => {
    const { seen, rerender, root } = mount(1, 'tab-0')
    expect(seen[seen.length - 1]).toBe(1)
    rerender(9, 'tab-1')
    expect(seen[seen.length - 1]).toBeLessThanOrEqual(2)
    for (let i = 0; i < 4; i++) act(() => jest.advanceTimersByTime(16))
    expect(seen[seen.length - 1]).toBe(9)
    act(() => root.unmount())
  })
})
