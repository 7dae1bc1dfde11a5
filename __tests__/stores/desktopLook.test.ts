/** Desktop attributes (v2/desktopAttribute) and the 4.5:1 contrast rule. */
import { contrastRatio, parseHex, readableOr } from '@/lib/color'
import { DEFAULT_ACCENT, DesktopLookStore, type DesktopLookApi } from '@/features/look/store/desktopLookStore'
import { SearchStore, type SearchApi } from '@/stores/app/searchStore'
import { memoryStorage } from '@/platform/memoryStorage'
import { GatewayError } from '@/services/http/types'

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#ffffff')).toBeCloseTo(1, 5)
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5) // the lightest grey that passes
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5)
    expect(parseHex('red')).toBeNull()
    expect(contrastRatio('red', '#ffffff')).toBe(0)
  })

  it('a colour under 4.5:1 against its text falls back', () => {
    expect(readableOr('#C0392B', '#ffffff', DEFAULT_ACCENT)).toBe('#c0392b')
    expect(readableOr('#ff9f1a', '#ffffff', DEFAULT_ACCENT)).toBe(DEFAULT_ACCENT)
    expect(readableOr('#777777', '#ffffff', DEFAULT_ACCENT)).toBe(DEFAULT_ACCENT)
    expect(readableOr('url(x)', '#ffffff', DEFAULT_ACCENT)).toBe(DEFAULT_ACCENT)
  })
})

describe('DesktopLookStore', () => {
  const attrs: Record<string, { themeColor: string; background: string; searchHint: string; childMode: boolean }> = {
    '1001': { themeColor: '#c0392b', background: 'http://gw/posters/bg-1001.svg', searchHint: '长安往事', childMode: false },
    '1002': { themeColor: '#ff9f1a', background: 'http://gw/posters/bg-1002.svg', searchHint: '熊出没', childMode: true },
    '1003': { themeColor: '#123456', background: 'javascript:alert(1)")', searchHint: '', childMode: false },
  }
  const api = () => ({ desktopAttribute: jest.fn(async ({ deskTopId }: { deskTopId: string }) => ({ deskTopId, ...attrs[deskTopId] })) })

  it('applies theme colour, background and search hint; the child desktop has its own; a low-contrast colour falls back', async () => {
    const a = api()
    const look = new DesktopLookStore(a as unknown as DesktopLookApi)
    expect(look.accent).toBe(DEFAULT_ACCENT)
    await look.load('1001')
    expect([look.accent, look.background, look.searchHint]).toEqual(['#c0392b', 'http://gw/posters/bg-1001.svg', '长安往事'])
    expect(look.style).toEqual({ '--tvc-accent': '#c0392b', '--tvc-bg': 'url("http://gw/posters/bg-1001.svg")' })
    await look.load('1002')
    expect([look.accent, look.background, look.searchHint]).toEqual([DEFAULT_ACCENT, 'http://gw/posters/bg-1002.svg', '熊出没'])
  })

  it('a background that is not a plain address is not used', async () => {
    const look = new DesktopLookStore(api() as unknown as DesktopLookApi)
    await look.load('1003')
    expect(look.background).toBe('')
    expect(look.style).toEqual({ '--tvc-accent': '#123456' })
  })

  it('while another desktop loads, and when it fails, the app\'s own look (never the other desktop\'s)', async () => {
    const a = api()
    const look = new DesktopLookStore(a as unknown as DesktopLookApi)
    await look.load('1001')
    a.desktopAttribute.mockRejectedValueOnce(new GatewayError('server', '9999', '服务维护中', 'x'))
    await look.load('1002')
    expect([look.accent, look.background, look.searchHint, look.lastError]).toEqual([DEFAULT_ACCENT, '', '', '服务维护中'])
  })

  it('the desktop hint stands in the search box only when there is no hot hint', async () => {
    const s = new SearchStore({ hotSearch: async () => ({ tipsList: [{ name: '热词' }] }) } as unknown as SearchApi, memoryStorage())
    s.setDesktopHint('长安往事')
    expect(s.hint).toBe('长安往事')
    await s.loadHints({ userId: 'u', abilityString: '', childMode: false })
    expect(s.hint).toBe('热词')
  })
})
