/**
 * Home's first-visit guide in the real app: loaded after home painted its desktop, over the
 * real controls, skippable, marked seen; a failing pageGuide shows no guide and no error.
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, quietHome, textsOf, topPage, until } from '../helpers/testServices'
import { guideOf } from '@/features/guide/store/guideStore'

const STEPS = [
  { title: '这是您的电视', text: '电视是否在线', anchor: 'tv-card' },
  { title: '遥控器', text: '打开遥控器', anchor: 'remote' },
  { title: '切换电视', text: '选择电视', anchor: 'switch-tv' },
  { title: '我的', text: '收藏和记录', anchor: 'my' },
  { title: '不存在的控件', text: 'x', anchor: 'nowhere' },
]

function services(pageGuide: jest.Mock) {
  return installLoggedIn({
    userCenter: { pageGuide },
    ...quietHome({ themeColor: '#c0392b', background: 'http://gw/posters/bg.svg', searchHint: '长安往事', childMode: false }),
  } as never)
}

describe('home first-visit guide', () => {
  const seen = new Set<string>()
  const pageGuide = jest.fn(async ({ uid, page, markSeen }: { uid: string; page: string; markSeen?: boolean }) => {
    if (markSeen) seen.add(`${uid}|${page}`)
    return { show: !seen.has(`${uid}|${page}`), steps: STEPS }
  })
  let s: ReturnType<typeof services>

  beforeAll(async () => {
    s = services(pageGuide)
    await s.root.start()
    await createTaroApp()
  })

  it('the first visit shows the steps over the real controls (a step whose control is missing is left out); 下一步 walks them', async () => {
    await until(() => textsOf('.guide__title').length === 1, 'guide')
    expect(pageGuide).toHaveBeenCalledWith({ uid: 'u1', page: 'pages/index/index' })
    for (const anchor of ['tv-card', 'remote', 'switch-tv', 'my']) expect(topPage().querySelector(`.guide-${anchor}`)).not.toBeNull()
    expect(textsOf('.guide__title')).toEqual(['这是您的电视'])
    expect(textsOf('.guide__progress')).toEqual(['1/4'])
    ;(topPage().querySelector('[data-action="guide-next"]') as HTMLElement).click()
    await until(() => textsOf('.guide__title')[0] === '遥控器', 'second step')
    expect(textsOf('.guide__next')).toEqual(['下一步'])
  })

  it('home applies the desktop attributes: theme colour, background, and the search hint when there is no hot hint', async () => {
    await until(() => (topPage().querySelector('.home-look')?.getAttribute('style') ?? '').includes('#c0392b'), 'look applied')
    expect(topPage().querySelector('.home-look')?.getAttribute('style')).toContain('bg.svg')
    await until(() => textsOf('.search-entry__hint')[0] === '长安往事', 'desktop search hint')
  })

  it('跳过 hides it at once and marks it seen for the user; the next visit shows none', async () => {
    ;(topPage().querySelector('[data-action="guide-skip"]') as HTMLElement).click()
    await until(() => textsOf('.guide__title').length === 0, 'guide gone')
    await until(() => pageGuide.mock.calls.some((c) => c[0].markSeen === true), 'markSeen')
    expect(pageGuide).toHaveBeenLastCalledWith({ uid: 'u1', page: 'pages/index/index', markSeen: true })
    // the next visit (a new session of the same user, on this phone or another): asked again, nothing shown
    const guide = guideOf(s.root)
    guide.reset()
    await guide.check('u1', 'pages/index/index')
    expect(pageGuide).toHaveBeenLastCalledWith({ uid: 'u1', page: 'pages/index/index' })
    expect(guide.visible).toBe(false)
    expect(textsOf('.guide__title')).toEqual([])
  })

  it('a failing pageGuide is no guide and no error; home goes on', async () => {
    const guide = guideOf(s.root)
    guide.reset()
    const toast = jest.spyOn(Taro, 'showToast')
    toast.mockClear()
    pageGuide.mockImplementationOnce(async () => {
      throw new Error('服务维护中')
    })
    await guide.check('u1', 'pages/index/index')
    expect(guide.visible).toBe(false)
    expect(textsOf('.guide__title')).toEqual([])
    expect(toast).not.toHaveBeenCalled()
    expect(topPage().querySelector('.guide-tv-card')).not.toBeNull()
  })
})
