/** Home's first-visit guide without UI (mc/user/pageGuide; markSeen per user). */
import { GuideStore, type GuideApi } from '@/features/guide/store/guideStore'
import { GatewayError, OfflineError } from '@/services/http/types'

const STEPS = [
  { title: '这是您的电视', text: 'a', anchor: 'tv-card' },
  { title: '遥控器', text: 'b', anchor: 'remote' },
  { title: '我的', text: 'c', anchor: 'my' },
]

function api(show = true) {
  return { pageGuide: jest.fn(async ({ markSeen }: { markSeen?: boolean }) => ({ show: show && !markSeen, steps: STEPS })) }
}

const store = (a: ReturnType<typeof api>) => new GuideStore(a as unknown as GuideApi)

describe('GuideStore', () => {
  it('a first visit gets the steps whose controls are on screen; next walks them; the last marks it seen', async () => {
    const a = api()
    const g = store(a)
    await g.check('u1', 'pages/index/index', (anchor) => anchor !== 'remote')
    expect(a.pageGuide).toHaveBeenCalledWith({ uid: 'u1', page: 'pages/index/index' })
    expect(g.steps.map((s) => s.anchor)).toEqual(['tv-card', 'my'])
    expect([g.visible, g.index, g.isLast]).toEqual([true, 0, false])
    await g.next()
    expect([g.step?.anchor, g.isLast]).toEqual(['my', true])
    await g.next()
    expect(g.visible).toBe(false)
    expect(a.pageGuide).toHaveBeenLastCalledWith({ uid: 'u1', page: 'pages/index/index', markSeen: true })
    expect(a.pageGuide).toHaveBeenCalledTimes(2)
  })

  it('skipping hides it at once and marks it seen', async () => {
    const a = api()
    const g = store(a)
    await g.check('u1', 'p')
    const closing = g.close()
    expect(g.visible).toBe(false)
    await closing
    expect(a.pageGuide).toHaveBeenLastCalledWith({ uid: 'u1', page: 'p', markSeen: true })
  })

  it('seen already (show false), or no control on screen: no guide, nothing marked', async () => {
    const seen = api(false)
    const g = store(seen)
    await g.check('u1', 'p')
    expect(g.visible).toBe(false)
    const a = api()
    const none = store(a)
    await none.check('u1', 'p', () => false)
    expect(none.visible).toBe(false)
    await none.close()
    expect(a.pageGuide).toHaveBeenCalledTimes(1) // never marked seen when it was never shown
  })

  it('pageGuide failing is no guide and no error to the user (the reason is kept for diagnosis)', async () => {
    const a = api()
    a.pageGuide.mockRejectedValueOnce(new GatewayError('server', '9999', '服务维护中', 'x'))
    const g = store(a)
    await expect(g.check('u1', 'p')).resolves.toBeUndefined()
    expect([g.visible, g.lastError]).toEqual([false, '服务维护中'])
    const b = api()
    b.pageGuide.mockRejectedValueOnce(new OfflineError('网络连接错误，请稍后重试', 'x'))
    const h = store(b)
    await h.check('u1', 'p')
    expect(h.visible).toBe(false)
  })

  it('a failed markSeen still hides the guide', async () => {
    const a = api()
    const g = store(a)
    await g.check('u1', 'p')
    a.pageGuide.mockRejectedValueOnce(new OfflineError('网络连接错误，请稍后重试', 'x'))
    await expect(g.close()).resolves.toBeUndefined()
    expect(g.visible).toBe(false)
    expect(g.lastError).toBe('网络连接错误，请稍后重试')
  })

  it('asks once per user and page this session; no user asks nothing; reset (logout) forgets', async () => {
    const a = api()
    const g = store(a)
    await g.check('', 'p')
    expect(a.pageGuide).not.toHaveBeenCalled()
    await g.check('u1', 'p')
    await g.check('u1', 'p')
    expect(a.pageGuide).toHaveBeenCalledTimes(1)
    await g.check('u2', 'p')
    expect(a.pageGuide).toHaveBeenCalledTimes(2)
    g.reset()
    expect(g.visible).toBe(false)
    await g.check('u1', 'p')
    expect(a.pageGuide).toHaveBeenCalledTimes(3)
  })
})
