/**
 * On WeChat the title bar is laid out from the capsule (wx.getMenuButtonBoundingClientRect): level
 * with it, as high as it, and the title kept clear of it on both sides, so a long title never runs
 * under it. SPEC 9's numbers (top 12, height 30 under the status bar) stay for H5 and for a missing or
 * nonsense capsule. The page test gives the capsule rectangle through the device seam.
 */
import Taro from '@tarojs/taro'
import * as device from '@/platform/device'
import { navBarGeometry, NAV_BOTTOM_GAP, type Capsule } from '@/components/NavBar/geometry'
import { createTaroApp } from '../helpers/createTaroApp'
import { failingApi, installServices, topPage, until } from '../helpers/testServices'

/** An iPhone-like capsule on a 375 px wide window under a 47 px status bar. */
const capsule: Capsule = { top: 51, bottom: 83, left: 281, right: 368, width: 87, height: 32 }

describe('title bar geometry from the capsule', () => {
  it('sits level with the capsule, as high as it, with its top margin below, and the title clear of it', () => {
    expect(navBarGeometry(47, capsule, 375)).toEqual({ statusBarHeight: 47, titleTop: 51, titleHeight: 32, height: 51 + 32 + 4, titleMaxWidth: 375 - 2 * 94 })
  })

  it('follows another phone\'s capsule', () => {
    const android: Capsule = { top: 30, bottom: 62, left: 316, right: 403, width: 87, height: 32 }
    expect(navBarGeometry(26, android, 411)).toMatchObject({ titleTop: 30, titleHeight: 32, height: 66, titleMaxWidth: 411 - 2 * 95 })
  })

  it('keeps SPEC 9 (12 / 30 under the status bar) without a capsule, or with a nonsense one', () => {
    const spec = { statusBarHeight: 47, titleTop: 59, titleHeight: 30, height: 59 + 30 + NAV_BOTTOM_GAP, titleMaxWidth: 0 }
    expect(navBarGeometry(47)).toEqual(spec)
    expect(navBarGeometry(47, null, 375)).toEqual(spec)
    expect(navBarGeometry(47, capsule, 0)).toEqual(spec)
    expect(navBarGeometry(47, { ...capsule, height: 0 }, 375)).toEqual(spec)
    expect(navBarGeometry(47, { ...capsule, top: 10, bottom: 42 }, 375)).toEqual(spec) // above the status bar
    expect(navBarGeometry(47, { ...capsule, left: 20, right: 107 }, 375)).toEqual(spec) // not at the right
    expect(navBarGeometry(47, { ...capsule, top: Number.NaN }, 375)).toEqual(spec)
  })

  it('reads the capsule and the window on WeChat only', () => {
    const rect = jest.spyOn(Taro, 'getMenuButtonBoundingClientRect').mockReturnValue(capsule as ReturnType<typeof Taro.getMenuButtonBoundingClientRect>)
    const win = jest.spyOn(Taro, 'getWindowInfo').mockReturnValue({ windowWidth: 375 } as ReturnType<typeof Taro.getWindowInfo>)
    const env = process.env.TARO_ENV
    try {
      process.env.TARO_ENV = 'weapp'
      expect(device.readMenuButton()).toEqual(capsule)
      expect(device.readWindowWidth()).toBe(375)
      rect.mockImplementation(() => {
        throw new Error('getMenuButtonBoundingClientRect:fail')
      })
      expect(device.readMenuButton()).toBeNull()
      process.env.TARO_ENV = 'h5'
      rect.mockClear()
      expect(device.readMenuButton()).toBeNull()
      expect(device.readWindowWidth()).toBe(0)
      expect(rect).not.toHaveBeenCalled()
    } finally {
      process.env.TARO_ENV = env
      rect.mockRestore()
      win.mockRestore()
    }
  })
})

describe('a page\'s title bar with a capsule given by the test', () => {
  beforeAll(async () => {
    jest.spyOn(device, 'readStatusBarHeight').mockReturnValue(47)
    jest.spyOn(device, 'readMenuButton').mockReturnValue(capsule)
    jest.spyOn(device, 'readWindowWidth').mockReturnValue(375)
    installServices({ api: failingApi() })
    await createTaroApp('pages/my-fav/my-fav')
  })

  it('lays the bar out from the capsule and keeps the title clear of it', async () => {
    await until(() => !!topPage().querySelector('.nav-bar__title'), 'title bar')
    const bar = topPage().querySelector('.nav-bar') as HTMLElement
    const titleBar = topPage().querySelector('.nav-bar__title-bar') as HTMLElement
    const title = topPage().querySelector('.nav-bar__title') as HTMLElement
    expect(bar.style.height).toBe('87px')
    expect(titleBar.style.top).toBe('51px')
    expect(titleBar.style.height).toBe('32px')
    expect(title.style.maxWidth).toBe('187px')
  })
})
