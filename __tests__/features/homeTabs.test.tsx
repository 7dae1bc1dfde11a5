import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import HomeTabs from '@/features/home/HomeTabs'
import type { HomeTab } from '@/stores/app/homeStore'
import { centeredOffset } from '@/platform/measure'

/**
 * What HomeTabs (TabStrip) hands Taro's ScrollView: the strip follows the selected tab by its own
 * scrollLeft (never scroll-into-view, which on H5 scrolled the page vertically too), and
 * measures nothing on first show of tab 0.
 */
const props: Array<{ scrollIntoView?: string; scrollLeft?: number; scrollWithAnimation?: boolean }> = []
const measured: string[] = []
jest.mock('@tarojs/components', () => {
  const react = jest.requireActual<typeof import('react')>('react')
  return {
    ScrollView: (p: { scrollIntoView?: string; scrollLeft?: number; scrollWithAnimation?: boolean; children?: unknown }) => {
      props.push({ scrollIntoView: p.scrollIntoView, scrollLeft: p.scrollLeft, scrollWithAnimation: p.scrollWithAnimation })
      return react.createElement('div', null, p.children as never)
    },
    View: (p: { children?: unknown }) => react.createElement('div', null, p.children as never),
    Text: (p: { children?: unknown }) => react.createElement('span', null, p.children as never),
  }
})
jest.mock('@/platform/measure', () => ({
  ...jest.requireActual('@/platform/measure'),
  measureCentered: (_view: string, item: string) => {
    measured.push(item)
    return Promise.resolve(100 * Number(item.split('-')[1]))
  },
}))

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const tabs = ['精选', '电影', '电视剧', '电视频道'].map((name, i) => ({ key: `k${i}`, name, kind: 'desktop' }) as unknown as HomeTab)

async function mount(index: number) {
  props.length = 0
  measured.length = 0
  const root = createRoot(document.createElement('div'))
  const show = async (i: number) => {
    await act(async () => root.render(createElement(HomeTabs, { tabs, index: i, onSelect: () => undefined })))
  }
  await show(index)
  return { show, last: () => props[props.length - 1], root }
}

it('asks nothing of the strip on first show of the first tab (no forced layout, no page jump during first load)', async () => {
  const { show, last, root } = await mount(0)
  expect(last().scrollLeft).toBeUndefined()
  await show(0)
  expect(last().scrollLeft).toBeUndefined()
  expect(measured).toEqual([])
  act(() => root.unmount())
})

it('follows the selected tab by scrolling itself sideways, back to the first tab too; never by scroll-into-view', async () => {
  const { show, last, root } = await mount(0)
  await show(2)
  expect(measured).toEqual(['#tab-2'])
  expect(last().scrollLeft).toBe(200)
  await show(0)
  expect(last().scrollLeft).toBe(0)
  expect(props.every((p) => p.scrollIntoView === undefined)).toBe(true)
  act(() => root.unmount())
})

it('jumps to the first offset and glides to later ones (Taro H5 ScrollView does not move when asked to glide from no offset of its own)', async () => {
  const { show, last, root } = await mount(0)
  await show(2)
  // the render that hands over the first offset does not ask for an animation
  expect(props.find((p) => p.scrollLeft === 200)?.scrollWithAnimation).toBe(false)
  await show(3)
  expect(last()).toMatchObject({ scrollLeft: 300, scrollWithAnimation: true })
  act(() => root.unmount())
})

it('brings a tab other than the first into view on first show', async () => {
  const { last, root } = await mount(3)
  expect(last().scrollLeft).toBe(300)
  act(() => root.unmount())
})

it('the offset centres the tab in the strip and never goes below 0', () => {
  // strip at x 0..400, scrolled 50; a tab 80 wide at x 300 (content x 350): centred at 350 - 160 = 190
  expect(centeredOffset({ start: 0, size: 400, scroll: 50 }, { start: 300, size: 80 })).toBe(190)
  expect(centeredOffset({ start: 20, size: 400, scroll: 0 }, { start: 30, size: 80 })).toBe(0)
  // vertical: a row 100 tall at y 900 in a list at y 100..700 scrolled 200 -> 200 + 800 - 250 = 750
  expect(centeredOffset({ start: 100, size: 600, scroll: 200 }, { start: 900, size: 100 })).toBe(750)
})
