/**
 * @jest-environment jsdom
 *
 * measureCentered on H5 measures the DOM. Taro's H5 ScrollView (h5.useHtmlComponents) renders no id,
 * so the scroll view is found as the scroll container around the item when its selector finds
 * nothing: before, the 电视频道 schedule never brought the programme on air into view and the tab strips
 * never followed the selected tab.
 */
import { measureCentered } from '@/platform/measure'

const rect = (top: number, height: number, left = 0, width = 390) => () =>
  ({ top, height, left, width, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect

function page(withId: boolean): { view: HTMLElement; item: HTMLElement } {
  document.body.innerHTML = ''
  const view = document.createElement('div')
  if (withId) view.id = 'schedule'
  view.style.overflowY = 'scroll'
  const list = document.createElement('div')
  const item = document.createElement('div')
  item.id = 'on-air'
  list.appendChild(item)
  view.appendChild(list)
  document.body.appendChild(view)
  // the view: 150..844 on screen, scrolled by 100; the item 1200 px down the screen (1300 in the list)
  view.getBoundingClientRect = rect(150, 694)
  view.scrollTop = 100
  item.getBoundingClientRect = rect(1200, 70)
  list.getBoundingClientRect = rect(50, 2000)
  return { view, item }
}

const prevEnv = process.env.TARO_ENV
beforeAll(() => {
  process.env.TARO_ENV = 'h5'
})
afterAll(() => {
  process.env.TARO_ENV = prevEnv
})

it('centres the item in the view found by its selector', async () => {
  page(true)
  // 100 + (1200 - 150) - (694 - 70) / 2 = 838
  await expect(measureCentered('#schedule', '#on-air', 'y')).resolves.toBe(838)
})

it('finds the view as the item\'s scroll container when the view\'s selector finds nothing (Taro H5 ScrollView drops its id)', async () => {
  page(false)
  await expect(measureCentered('#schedule', '#on-air', 'y')).resolves.toBe(838)
})

it('resolves null when the item is not there', async () => {
  page(false)
  await expect(measureCentered('#schedule', '#nothing', 'y')).resolves.toBeNull()
})
