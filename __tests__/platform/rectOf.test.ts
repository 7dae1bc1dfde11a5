/**
 * @jest-environment jsdom
 *
 * rectOf on H5 reads the DOM (the shown page's element), never Taro's selector query, which throws an
 * uncaught 在已加载页面中没有找到对应的容器元素 when it runs just as a navigation begins (seen in CI's
 * tap-through: home's guide measured while the next page slid in).
 */
import Taro from '@tarojs/taro'
import { rectOf } from '@/platform/rect'

const prevEnv = process.env.TARO_ENV
beforeAll(() => {
  process.env.TARO_ENV = 'h5'
})
afterAll(() => {
  process.env.TARO_ENV = prevEnv
})

const box = (cls: string, r: { top: number; height: number }) => {
  const el = document.createElement('div')
  el.className = cls
  el.getBoundingClientRect = () => ({ left: 10, top: r.top, width: r.height ? 100 : 0, height: r.height, right: 110, bottom: r.top + r.height, x: 10, y: r.top, toJSON: () => ({}) }) as DOMRect
  document.body.appendChild(el)
}

it('gives the rectangle of the shown element (the last laid-out one: pages below keep theirs in the DOM)', async () => {
  document.body.innerHTML = ''
  const query = jest.spyOn(Taro, 'createSelectorQuery')
  box('target', { top: 100, height: 40 })
  box('target', { top: 300, height: 50 })
  box('target', { top: 0, height: 0 })
  await expect(rectOf('.target')).resolves.toEqual({ left: 10, top: 300, width: 100, height: 50 })
  expect(query).not.toHaveBeenCalled()
})

it('an element not laid out: its rectangle as it is (as the selector query answered); none there: null', async () => {
  document.body.innerHTML = ''
  box('target', { top: 0, height: 0 })
  await expect(rectOf('.target')).resolves.toEqual({ left: 10, top: 0, width: 0, height: 0 })
  await expect(rectOf('.missing')).resolves.toBeNull()
})
