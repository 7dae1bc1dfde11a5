/** Operator images per position, without UI. */
import { ConfigImagesStore, type ConfigImageApi } from '@/features/operator/store/configImagesStore'
import { GatewayError } from '@/services/http/types'

const img = (n: number, url = `https://img/${n}.png`) => ({ imageId: `i${n}`, url, link: '/pages/my-fav/my-fav', title: `图${n}` })

describe('ConfigImagesStore', () => {
  it('loads a position; images without an address are dropped; an empty position has none', async () => {
    const api = { configImage: jest.fn(async ({ position }: { position: string }) => ({ list: position === 'my-top' ? [img(1), img(2, ' ')] : [] })) }
    const s = new ConfigImagesStore(api as unknown as ConfigImageApi)
    await s.load('my-top')
    await s.load('activity-top')
    expect(api.configImage).toHaveBeenCalledWith({ position: 'my-top' })
    expect(s.of('my-top').map((i) => i.imageId)).toEqual(['i1'])
    expect(s.of('activity-top')).toEqual([])
    expect(s.of('home-banner')).toEqual([])
  })

  it('a failure keeps what was shown (or nothing) and the reason', async () => {
    const api = { configImage: jest.fn(async () => ({ list: [img(1)] })) }
    const s = new ConfigImagesStore(api as unknown as ConfigImageApi)
    await s.load('home-banner')
    api.configImage.mockRejectedValueOnce(new GatewayError('server', '9999', '服务维护中', 'x'))
    await s.load('home-banner')
    expect(s.of('home-banner')).toHaveLength(1)
    expect(s.errors.get('home-banner')).toBe('服务维护中')
    s.reset()
    expect(s.of('home-banner')).toEqual([])
  })
})
