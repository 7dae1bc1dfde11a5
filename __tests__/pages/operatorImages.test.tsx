/** Operator images at the top of 我的 (applet/configImage): shown, followed only when allowed; none leaves no frame. */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, topPage, until } from '../helpers/testServices'
import { configImagesOf } from '@/features/operator/store/configImagesStore'

describe('operator images on 我的', () => {
  const configImage = jest.fn(async ({ position }: { position: string }) => ({
    list: position === 'my-top'
      ? [
          { imageId: 'bad', url: 'https://img/bad.png', link: 'https://evil.example.com/', title: '外链' },
          { imageId: 'good', url: 'https://img/good.png', link: '/pages/my-fav/my-fav', title: '我的收藏' },
        ]
      : [],
  }))
  let services: ReturnType<typeof installLoggedIn>

  beforeAll(async () => {
    services = installLoggedIn({ other: { configImage }, box: { queryCollection: async () => ({ total: 0, list: [] }) } } as never)
    await services.root.start()
    await createTaroApp('pages/my-home/my-home')
  })

  const path = () => Taro.getCurrentInstance().router?.path ?? ''

  it('shows the position\'s images at the top; a link that is not allowed is not followed', async () => {
    await until(() => topPage().querySelectorAll('.op-images__item').length === 2, 'images')
    expect(configImage).toHaveBeenCalledWith({ position: 'my-top' })
    // H5: no 关注公众号 card (weapp only)
    expect(topPage().querySelector('[data-testid="follow-card"]')).toBeNull()
    ;(topPage().querySelector('[data-image="bad"]') as HTMLElement).click()
    await new Promise((r) => setTimeout(r, 30))
    expect(path()).toContain('my-home')
    expect(services.tracker.records.some((r) => r.kind === 'click' && r.info === '外链' && String(r.ext).includes('"followed":false'))).toBe(true)
  })

  it('an image linking to an existing route opens it', async () => {
    ;(topPage().querySelector('[data-image="good"]') as HTMLElement).click()
    await until(() => path().includes('my-fav'), 'my-fav opened')
  })

  it('a position without images leaves no frame', async () => {
    await Taro.navigateBack()
    await until(() => path().includes('my-home') && topPage().querySelector('.my-entries') !== null, 'back on 我的')
    await until(() => topPage().querySelector('.op-images') !== null, 'images shown before')
    configImage.mockResolvedValueOnce({ list: [] })
    await configImagesOf(services.root).load('my-top')
    await until(() => topPage().querySelector('.op-images') === null, 'no frame')
    expect(topPage().querySelector('.my-entries')).not.toBeNull()
  })
})
