import { act, createElement, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { preloadComponent, useLazyComponent } from '@/components/AsyncPart'

/** A part imported after the page painted: not before it is ready; at once when it was preloaded. */
describe('useLazyComponent', () => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const Part: ComponentType = () => createElement('b', null, 'part')

  function mount(ready: boolean, load: () => Promise<{ default: ComponentType }>) {
    const renders: Array<ComponentType | null> = []
    const Probe = (p: { ready: boolean }) => {
      const Loaded = useLazyComponent(p.ready, load)
      renders.push(Loaded)
      return Loaded ? createElement(Loaded) : null
    }
    const el = document.createElement('div')
    const root = createRoot(el)
    act(() => root.render(createElement(Probe, { ready })))
    return { renders, el, root, rerender: (r: boolean) => act(() => root.render(createElement(Probe, { ready: r }))) }
  }

  it('imports nothing until ready, then shows the part once its code is there', async () => {
    const load = jest.fn(async () => ({ default: Part }))
    const { el, root, rerender } = mount(false, load)
    expect(load).not.toHaveBeenCalled()
    rerender(true)
    await act(async () => undefined)
    expect(load).toHaveBeenCalledTimes(1)
    expect(el.textContent).toBe('part')
    act(() => root.unmount())
  })

  it('a preloaded part renders in the first commit, with nothing before it', async () => {
    const load = jest.fn(async () => ({ default: Part }))
    await preloadComponent(load)
    const { renders, el, root } = mount(false, load)
    expect(renders[0]).toBe(Part)
    expect(el.textContent).toBe('part')
    act(() => root.unmount())
  })

  it('a part whose code fails to load is left out, and a failed preload leaves it to the next try', async () => {
    const load = jest.fn(async (): Promise<{ default: ComponentType }> => {
      throw new Error('chunk')
    })
    await expect(preloadComponent(load)).resolves.toBeUndefined()
    const { el, root } = mount(true, load)
    await act(async () => undefined)
    expect(el.textContent).toBe('')
    expect(load).toHaveBeenCalledTimes(2)
    act(() => root.unmount())
  })
})
