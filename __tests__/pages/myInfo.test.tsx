/** 个人信息 and the web view in the real app: details read-only, logout after a confirm lands on a logged-out home; refused addresses never load. */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { userInfo } from '../stores/fixtures'

describe('my-info page', () => {
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    services = installLoggedIn({
      userCenter: {
        userInfoV5: async () => ({ ...userInfo({ phone: '13812345678' }), points: 1200, deviceCount: 2 }),
      },
      desktop: { mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [] }) },
    } as never)
    await services.root.start()
    await createTaroApp('pages/my-info/my-info')
  })

  it('shows the details read-only, the phone masked', async () => {
    await until(() => textsOf('.pinfo__value').length === 5, 'details')
    expect(textsOf('.pinfo__value')).toEqual(['小明', '138****5678', 'u1', '1200', '2 台'])
    expect(topPage().querySelector('input')).toBeNull()
  })

  it('cancelled logout keeps the user', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true } as never)
    ;(topPage().querySelector('.plogout') as HTMLElement).click()
    await new Promise((r) => setTimeout(r, 30))
    expect(services.root.user.user).not.toBeNull()
  })

  it('confirmed logout clears the session and shows a logged-out home with the login card', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    ;(topPage().querySelector('.plogout') as HTMLElement).click()
    await until(() => services.root.user.user === null, 'logged out')
    await until(() => !location.hash.includes('my-info') && !!topPage().querySelector('.login-card'), 'logged-out home')
    expect(services.root.user.hasSession).toBe(false)
  })
})

describe('web-view page', () => {
  it('refuses an address that is not allow-listed, and never hands it to the web view', async () => {
    await Taro.navigateTo({ url: `/pages/web-view/web-view?url=${encodeURIComponent('https://evil.example.com/')}` })
    await until(() => textsOf('.state-view__text').includes('该网址不在允许访问的范围内，已拦截'), 'refusal')
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('without an address it opens the configured product page (the local stack serves it in the local build)', async () => {
    await Taro.navigateTo({ url: '/pages/web-view/web-view' })
    await until(() => !!topPage().querySelector('.pweb'), 'web view')
    expect(textsOf('.state-view__text')).toEqual([])
    const el = topPage().querySelector('.pweb') as HTMLElement & { src?: string }
    expect(el.getAttribute('src') ?? el.src).toBe('http://127.0.0.1:8787/product/index.html')
  })

  it("javascript: is refused too", async () => {
    await Taro.navigateTo({ url: `/pages/web-view/web-view?url=${encodeURIComponent('javascript:alert(1)')}` })
    await until(() => textsOf('.state-view__text').includes('该网址不在允许访问的范围内，已拦截'), 'refusal')
  })
})
