/** @jest-environment node */
/** On the gateway: home's first-visit guide (seen per user, on every phone). */
import { realClient, sharedTestGateway } from './helpers/gateway'

const testGateway = sharedTestGateway()

describe('mc/user/pageGuide', () => {
  it("home's guide points at the TV card, 遥控器, 切换电视 and 我的; once marked seen it never shows again for that user, on any phone", async () => {
    const phoneA = realClient(testGateway().url)
    const user = await phoneA.login('13700000024')
    const page = 'pages/index/index'
    const first = await phoneA.api.userCenter.pageGuide({ uid: user.uid, page })
    expect(first.show).toBe(true)
    expect(first.steps.map((s) => s.anchor)).toEqual(['tv-card', 'remote', 'switch-tv', 'my'])
    expect((await phoneA.api.userCenter.pageGuide({ uid: user.uid, page })).show).toBe(true) // asking does not mark it
    await phoneA.api.userCenter.pageGuide({ uid: user.uid, page, markSeen: true })
    const phoneB = realClient(testGateway().url)
    await phoneB.login('13700000024')
    expect((await phoneB.api.userCenter.pageGuide({ uid: user.uid, page })).show).toBe(false)
    // another user still gets it
    const other = realClient(testGateway().url)
    const u2 = await other.login('13700000025')
    expect((await other.api.userCenter.pageGuide({ uid: u2.uid, page })).show).toBe(true)
    // kept in the persisted state, per user
    expect(testGateway().state().users[user.uid].guidesSeen).toContain(page)
  })

  it("another user's guide cannot be read or marked", async () => {
    const c = realClient(testGateway().url)
    await c.login('13700000026')
    await expect(c.api.userCenter.pageGuide({ uid: 'u10003', page: 'pages/index/index', markSeen: true })).rejects.toBeTruthy()
    expect(testGateway().state().users.u10003.guidesSeen).not.toContain('pages/index/index')
  })
})

describe('applet/configImage', () => {
  it('the three positions the app shows have images whose links the app follows; any other position has none', async () => {
    const { imageTarget } = await import('../../src/features/operator/imageLink')
    const { api } = realClient(testGateway().url)
    const policy = { productPageUrl: `${testGateway().url}product/index.html`, allow: [], localOrigin: testGateway().url.replace(/\/$/, '') }
    for (const [position, n] of [['home-banner', 3], ['my-top', 1], ['activity-top', 1]] as const) {
      const list = (await api.other.configImage({ position })).list
      expect(list).toHaveLength(n)
      for (const i of list) expect(imageTarget(i.link, policy)).not.toBeNull()
      for (const i of list) expect((await fetch(i.url)).status).toBe(200)
    }
    expect((await api.other.configImage({ position: 'nowhere' })).list).toEqual([])
    // a position named like an Object.prototype member finds nothing either
    for (const position of ['constructor', '__proto__', 'toString']) expect((await api.other.configImage({ position })).list).toEqual([])
  })
})
