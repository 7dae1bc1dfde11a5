/** SPEC 9 asynchronous page loading: 200 ms delay before the loading state, 60 s timeout. */
import Taro from '@tarojs/taro'
import { PageLoadWatch, type PageLoadPhase } from '@/platform/pageLoading'
import { watchPageLoading } from '@/platform/pageLoadingView'
import { timeouts } from '@/config'

describe('H5 page loading (SPEC 9)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function watch() {
    const seen: PageLoadPhase[] = []
    return { seen, w: new PageLoadWatch((p) => seen.push(p)) }
  }

  it('a page that resolves within 200 ms never shows the loading state', () => {
    const { seen, w } = watch()
    w.start()
    jest.advanceTimersByTime(199)
    w.done()
    jest.advanceTimersByTime(120_000)
    expect(seen).toEqual(['waiting', 'idle'])
  })

  it('a slower page shows it at 200 ms and hides it when the page resolves', () => {
    const { seen, w } = watch()
    w.start()
    jest.advanceTimersByTime(timeouts.asyncPageDelayMs)
    expect(seen).toEqual(['waiting', 'showing'])
    w.done()
    jest.advanceTimersByTime(60_000)
    expect(seen).toEqual(['waiting', 'showing', 'idle'])
  })

  it('a page still loading after 60 s shows the timeout state; a new navigation starts over', () => {
    const { seen, w } = watch()
    w.start()
    jest.advanceTimersByTime(timeouts.asyncPageTimeoutMs - 1)
    expect(w.phase).toBe('showing')
    jest.advanceTimersByTime(1)
    expect(w.phase).toBe('timedOut')
    w.start()
    expect(w.phase).toBe('waiting')
    jest.advanceTimersByTime(timeouts.asyncPageDelayMs)
    expect(seen).toEqual(['waiting', 'showing', 'timedOut', 'waiting', 'showing'])
  })

  it('the view follows the router: a layer after 200 ms, the timeout text with a retry after 60 s, gone when the page resolved', () => {
    watchPageLoading(document)
    Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/pages/detail/detail' } })
    jest.advanceTimersByTime(199)
    expect(document.querySelector('.page-loading')).toBeNull()
    jest.advanceTimersByTime(1)
    expect(document.querySelector('.page-loading')?.textContent).toBe('页面加载中…')
    jest.advanceTimersByTime(60_000)
    expect(document.querySelector('.page-loading__text')?.textContent).toBe('页面加载超时，请检查网络')
    expect(document.querySelector('.page-loading__retry')?.textContent).toBe('重试')
    Taro.eventCenter.trigger('__taroSetNavigationStyle', 'custom', 'black', '#ffffff')
    expect(document.querySelector('.page-loading')).toBeNull()
    Taro.eventCenter.off('__taroRouterChange')
    Taro.eventCenter.off('__taroSetNavigationStyle')
    Taro.eventCenter.off('__taroRouterNotFound')
  })

  it('the chunk-load rule stays at 120 s', () => {
    expect(timeouts.chunkLoadTimeoutMs).toBe(120_000)
  })
})
