import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import HomeTabs from '@/features/home/HomeTabs'
import type { HomeTab } from '@/stores/homeStore'

/** What HomeTabs hands Taro's ScrollView: the strip follows the selected tab, but not on first show of tab 0. */
const scrollTargets: Array<string | undefined> = []
jest.mock('@tarojs/components', () => {
  const react = jest.requireActual<typeof import('react')>('react')
  return {
    ScrollView: (p: { scrollIntoView?: string; children?: unknown }) => {
      scrollTargets.push(p.scrollIntoView)
      return react.createElement('div', null, p.children as never)
    },
    View: (p: { children?: unknown }) => react.createElement('div', null, p.children as never),
    Text: (p: { children?: unknown }) => react.createElement('span', null, p.children as never),
  }
})

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const tabs = ['精选', '电影', '电视剧', '直播'].map((name, i) => ({ key: `k${i}`, name, kind: 'desktop' }) as unknown as HomeTab)

function mount(index: number) {
  scrollTargets.length = 0
  const root = createRoot(document.createElement('div'))
  const show = (i: number) => act(() => root.render(createElement(HomeTabs, { tabs, index: i, onSelect: () => undefined })))
  show(index)
  return { show, last: () => scrollTargets[scrollTargets.length - 1], root }
}

it('asks nothing of the strip on first show of the first tab (no forced layout, no page jump during first load)', () => {
  const { show, last, root } = mount(0)
  expect(last()).toBeUndefined()
  show(0)
  expect(last()).toBeUndefined()
  act(() => root.unmount())
})

it('follows the selected tab once the selection moves, back to the first tab too', () => {
  const { show, last, root } = mount(0)
  show(2)
  expect(last()).toBe('tab-2')
  show(0)
  expect(last()).toBe('tab-0')
  act(() => root.unmount())
})

it('brings a tab other than the first into view on first show', () => {
  const { last, root } = mount(3)
  expect(last()).toBe('tab-3')
  act(() => root.unmount())
})
