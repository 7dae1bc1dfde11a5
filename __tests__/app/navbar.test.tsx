import Taro from '@tarojs/taro'
import { navAction, navBarGeometry, NAV_BOTTOM_GAP } from '@/components/NavBar/geometry'
import { readStatusBarHeight } from '@/platform/device'
import { createTaroApp } from '../helpers/createTaroApp'
import { failingApi, installServices } from '../helpers/testServices'

describe('navigation bar geometry (SPEC 9: title bar top 12, height 30, status bar from the device)', () => {
  it('puts the title bar 12 below the status bar, 30 high', () => {
    const g = navBarGeometry(44)
    expect(g.statusBarHeight).toBe(44)
    expect(g.titleTop).toBe(44 + 12)
    expect(g.titleHeight).toBe(30)
    expect(g.height).toBe(44 + 12 + 30 + NAV_BOTTOM_GAP)
  })

  it('treats a missing or nonsense status bar height as 0', () => {
    for (const h of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(navBarGeometry(h)).toMatchObject({ statusBarHeight: 0, titleTop: 12, titleHeight: 30 })
    }
  })

  it('rounds fractional device heights', () => {
    expect(navBarGeometry(20.4).titleTop).toBe(32)
  })

  it('reads the status bar height from the device on WeChat; H5 has none of its own and asks nothing', () => {
    const spy = jest.spyOn(Taro, 'getWindowInfo').mockReturnValue({ statusBarHeight: 47 } as ReturnType<typeof Taro.getWindowInfo>)
    const env = process.env.TARO_ENV
    try {
      process.env.TARO_ENV = 'weapp'
      expect(readStatusBarHeight()).toBe(47)
      spy.mockReturnValue({} as ReturnType<typeof Taro.getWindowInfo>)
      expect(readStatusBarHeight()).toBe(0)
      process.env.TARO_ENV = 'h5'
      spy.mockClear()
      expect(readStatusBarHeight()).toBe(0)
      expect(spy).not.toHaveBeenCalled()
    } finally {
      process.env.TARO_ENV = env
      spy.mockRestore()
    }
  })
})

describe('back or home', () => {
  it('offers back when there is a page to go back to', () => {
    expect(navAction(2, false)).toBe('back')
    expect(navAction(3, true)).toBe('back')
  })
  it('offers home on a first page that is not home, nothing on home itself', () => {
    expect(navAction(1, false)).toBe('home')
    expect(navAction(1, true)).toBe('none')
  })
})

describe('the navigation bar on pages', () => {
  const page = (id: string) => [...document.querySelectorAll('.taro_page')].find((el) => el.id.split('?')[0] === id)
  const waitFor = async (pred: () => boolean) => {
    for (let i = 0; i < 100 && !pred(); i++) await new Promise((r) => setTimeout(r, 10))
  }

  beforeAll(() => installServices({ api: failingApi() }))

  it('shows home on a deep-linked page, back after navigating forward, and back works', async () => {
    await createTaroApp('pages/my-fav/my-fav')
    await waitFor(() => !!page('/pages/my-fav/my-fav')?.querySelector('.nav-bar__icon'))
    expect(page('/pages/my-fav/my-fav')?.querySelector('.nav-bar__icon--home')).not.toBeNull()

    await Taro.navigateTo({ url: '/pages/my-tv/my-tv' })
    await waitFor(() => !!page('/pages/my-tv/my-tv')?.querySelector('.nav-bar__icon'))
    const action = page('/pages/my-tv/my-tv')?.querySelector('.nav-bar__icon--back')
    expect(action).not.toBeNull()
    ;(action?.parentElement as HTMLElement).click()
    await waitFor(() => Taro.getCurrentPages().length === 1)
    expect(Taro.getCurrentPages().map((p) => p.route?.split('?')[0].replace(/^\//, ''))).toEqual(['pages/my-fav/my-fav'])
  })
})
