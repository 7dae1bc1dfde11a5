import { act, createElement, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { asyncPart } from '@/components/AsyncPart'
import { common } from '@/strings'

/**
 * A part whose code arrives later (weapp: the home-parts async subpackage). A load that fails
 * shows its message with 重试 instead of a blank or a crashed page, and 重试 loads it again.
 */
jest.mock('@tarojs/components', () => {
  const react = jest.requireActual<typeof import('react')>('react')
  return {
    View: (p: { children?: unknown; onClick?: () => void; role?: string }) => react.createElement('div', { onClick: p.onClick, role: p.role }, p.children as never),
    Text: (p: { children?: unknown }) => react.createElement('span', null, p.children as never),
  }
})

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const Part: ComponentType<{ who: string }> = ({ who }) => createElement('b', null, `part for ${who}`)
const chunkError = () => Object.assign(new Error('Loading chunk 1838 failed.\n(error: home-parts/NowPlayingPanel.js)'), { name: 'ChunkLoadError' })

function mount(el: ReturnType<typeof createElement>) {
  const host = document.createElement('div')
  const root = createRoot(host)
  act(() => root.render(el))
  return { host, root }
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined))
afterEach(() => jest.restoreAllMocks())

it('renders the loading view, then the part with its props', async () => {
  const load = jest.fn(async () => ({ default: Part }))
  const Lazy = asyncPart(load, { failed: '加载失败', loading: createElement('i', null, 'wait') })
  const { host, root } = mount(createElement(Lazy, { who: 'home' }))
  expect(host.textContent).toBe('wait')
  await act(async () => undefined)
  expect(host.textContent).toBe('part for home')
  act(() => root.unmount())
})

it('a failed load shows the message and 重试, not a blank, and 重试 loads it again', async () => {
  const load = jest.fn<Promise<{ default: typeof Part }>, []>().mockRejectedValueOnce(chunkError()).mockResolvedValue({ default: Part })
  const Lazy = asyncPart(load, { failed: '播放控制加载失败，请检查网络' })
  const { host, root } = mount(createElement(Lazy, { who: 'home' }))
  await act(async () => undefined)
  expect(host.textContent).toBe(`播放控制加载失败，请检查网络${common.retry}`)
  expect(host.querySelector('[role="alert"]')).not.toBeNull()
  expect(console.warn).toHaveBeenCalledWith('[async part] not loaded:', expect.stringContaining('home-parts/NowPlayingPanel.js'))
  await act(async () => (host.querySelector('[role="alert"]') as HTMLElement).click())
  expect(load).toHaveBeenCalledTimes(2)
  expect(host.textContent).toBe('part for home')
  act(() => root.unmount())
})

it('loads once for every place that shows it, and a later mount renders at once', async () => {
  let resolve!: (m: { default: typeof Part }) => void
  const load = jest.fn(() => new Promise<{ default: typeof Part }>((r) => (resolve = r as typeof resolve)))
  const Lazy = asyncPart(load, { failed: 'x' })
  const a = mount(createElement(Lazy, { who: 'home' }))
  const b = mount(createElement(Lazy, { who: 'remote' }))
  await act(async () => resolve({ default: Part }))
  expect(load).toHaveBeenCalledTimes(1)
  expect([a.host.textContent, b.host.textContent]).toEqual(['part for home', 'part for remote'])
  const c = mount(createElement(Lazy, { who: 'again' }))
  expect(c.host.textContent).toBe('part for again')
  for (const m of [a, b, c]) act(() => m.root.unmount())
})

it('renderFailed draws the failure in the caller\'s frame, with its props and a retry', async () => {
  const load = jest.fn<Promise<{ default: typeof Part }>, []>().mockRejectedValueOnce(chunkError()).mockResolvedValue({ default: Part })
  const Lazy = asyncPart(load, {
    failed: '遥控器加载失败',
    renderFailed: (message, retry, props) => createElement('button', { onClick: retry }, `${props.who}: ${message}`),
  })
  const { host, root } = mount(createElement(Lazy, { who: 'sheet' }))
  await act(async () => undefined)
  expect(host.textContent).toBe('sheet: 遥控器加载失败')
  await act(async () => host.querySelector('button')!.click())
  expect(host.textContent).toBe('part for sheet')
  act(() => root.unmount())
})
