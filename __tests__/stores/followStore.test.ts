/** 我的's 关注公众号 card (mc/mp/checkFollow), without UI. */
import { FOLLOW_CLOSED_MS, FollowStore, type FollowApi, type FollowEnv } from '@/features/follow/store/followStore'
import { memoryStorage } from '@/platform/memoryStorage'
import { GatewayError } from '@/services/http/types'

function setup(env: Partial<FollowEnv> = {}, followed = false) {
  let now = 1_000_000
  const api = { checkFollow: jest.fn(async () => ({ followed })) }
  const storage = memoryStorage()
  const make = () => new FollowStore(api as unknown as FollowApi, storage, { weapp: true, scene: 1011, linked: true, now: () => now, ...env })
  return { api, storage, make, advance: (ms: number) => (now += ms) }
}

describe('FollowStore', () => {
  it('weapp, not following: the card shows; following: none', async () => {
    const { make, api } = setup()
    const s = make()
    await s.load('u1')
    expect(api.checkFollow).toHaveBeenCalledWith({ uid: 'u1' })
    expect(s.visible).toBe(true)
    const followed = setup({}, true).make()
    await followed.load('u1')
    expect(followed.visible).toBe(false)
  })

  it('H5: no card and no call', async () => {
    const { make, api } = setup({ weapp: false })
    const s = make()
    await s.load('u1')
    expect(api.checkFollow).not.toHaveBeenCalled()
    expect(s.visible).toBe(false)
  })

  it('the official-account component only in the scenes WeChat allows and for a linked account; elsewhere how to find it', () => {
    expect(setup({ scene: 1011 }).make().mode).toBe('component')
    expect(setup({ scene: 1047 }).make().mode).toBe('component')
    // a cold start from 最近使用 or from another mini-program does not allow it (base library 2.18.1 on) ...
    expect(setup({ scene: 1089 }).make().mode).toBe('howto')
    expect(setup({ scene: 1038 }).make().mode).toBe('howto')
    expect(setup({ scene: 1001 }).make().mode).toBe('howto')
    // ... a hot start from them keeps it when the cold start was a scan; another hot start does not
    expect(setup({ scene: 1047, enterScene: () => 1089 }).make().mode).toBe('component')
    expect(setup({ scene: 1011, enterScene: () => 1038 }).make().mode).toBe('component')
    expect(setup({ scene: 1047, enterScene: () => 1007 }).make().mode).toBe('howto')
    expect(setup({ scene: 1001, enterScene: () => 1089 }).make().mode).toBe('howto')
    expect(setup({ scene: null }).make().mode).toBe('howto')
    expect(setup({ scene: 1011, linked: false }).make().mode).toBe('howto')
  })

  it('closed, it stays closed for 7 days for that user (also in the next launch), then shows again', async () => {
    const { make, advance } = setup()
    const s = make()
    await s.load('u1')
    s.close()
    expect(s.visible).toBe(false)
    advance(FOLLOW_CLOSED_MS - 1)
    const again = make()
    await again.load('u1')
    expect(again.visible).toBe(false)
    const other = make()
    await other.load('u2')
    expect(other.visible).toBe(true)
    advance(1)
    expect(again.visible).toBe(true)
  })

  it('a failed check shows no card, keeping the reason', async () => {
    const { make, api } = setup()
    api.checkFollow.mockRejectedValueOnce(new GatewayError('server', '9999', '服务维护中', 'x'))
    const s = make()
    await s.load('u1')
    expect([s.visible, s.lastError]).toEqual([false, '服务维护中'])
  })
})
