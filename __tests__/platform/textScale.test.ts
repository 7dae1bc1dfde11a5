/**
 * The text-size seam with each platform faked: WeChat's getAppBaseInfo / getSystemInfoSync, the
 * WebView's measurements and the operator app's bridge (its font-scale extension).
 */
import { createWeChatTextScale, readWeChatFont, webViewReadingOf, createWebViewTextScale, domTextProbe, TEXT_SCALE_VAR, type TextProbe } from '@/platform/textScale'
import { createDevBridge, createNativeBridge, fontScaleFromUrl, NATIVE_FONT_SCALE_REPLY, NATIVE_FONT_SCALE_REQUEST, type BridgeWindow } from '@/platform/bridge'

describe('WeChat: getAppBaseInfo, with getSystemInfoSync for what an older base library lacks', () => {
  it('reads fontSizeScaleFactor and fontSizeSetting from getAppBaseInfo (关怀模式 on a 375 screen)', () => {
    const system = jest.fn(() => ({}))
    expect(readWeChatFont({ getAppBaseInfo: () => ({ fontSizeSetting: 23.8, fontSizeScaleFactor: 1.4 }), getSystemInfoSync: system })).toEqual({ factor: 1.4, fontSizePx: 23.8, source: 'wechat', applied: 1 })
    // the deprecated API is not asked when the recommended one answers
    expect(system).not.toHaveBeenCalled()
  })

  it('takes the fields getAppBaseInfo lacks from getSystemInfoSync (base library before 2.23.4)', () => {
    expect(readWeChatFont({ getAppBaseInfo: () => ({ fontSizeScaleFactor: 1.25 }), getSystemInfoSync: () => ({ fontSizeSetting: 20 }) })).toEqual({ factor: 1.25, fontSizePx: 20, source: 'wechat', applied: 1 })
    // no getAppBaseInfo at all (before 2.20.1)
    expect(readWeChatFont({ getSystemInfoSync: () => ({ fontSizeSetting: 21, fontSizeScaleFactor: 21 / 17 }) }).factor).toBeCloseTo(21 / 17)
  })

  it('derives the factor from fontSizeSetting / 17 when only the px size is given', () => {
    expect(readWeChatFont({ getAppBaseInfo: () => ({ fontSizeSetting: 23.8 }) }).factor).toBeCloseTo(1.4)
  })

  it('gives the standard size for missing, zero, NaN or throwing answers, never a crash', () => {
    for (const info of [{}, { fontSizeScaleFactor: 0 }, { fontSizeScaleFactor: Number.NaN }, { fontSizeScaleFactor: 'big' }]) {
      expect(readWeChatFont({ getAppBaseInfo: () => info, getSystemInfoSync: () => ({}) })).toEqual({ factor: 1, source: 'default', applied: 1 })
    }
    const throwing = () => {
      throw new Error('not supported')
    }
    expect(readWeChatFont({ getAppBaseInfo: throwing, getSystemInfoSync: throwing }).factor).toBe(1)
  })

  it('reads afresh on each read (the user changed the size in WeChat while the app was hidden)', async () => {
    let factor = 1
    const port = createWeChatTextScale({ getAppBaseInfo: () => ({ fontSizeScaleFactor: factor, fontSizeSetting: 17 * factor }) })
    expect((await port.read()).factor).toBe(1)
    factor = 1.4
    expect((await port.read()).factor).toBe(1.4)
  })
})

describe('H5: the operator app, the OS text scale, Dynamic Type and the WebView text zoom', () => {
  const none = { bridge: null, preferred: null, appleBodyPx: null, zoom: null }

  it('takes the operator app font scale first', () => {
    expect(webViewReadingOf({ ...none, bridge: 1.4, preferred: 1.1, appleBodyPx: 20 })).toEqual({ factor: 1.4, source: 'bridge', applied: 1 })
  })

  it('reads env(preferred-text-scale) (Chromium, Android) and Dynamic Type (-apple-system-body, 17 px standard)', () => {
    expect(webViewReadingOf({ ...none, preferred: 1.3 })).toEqual({ factor: 1.3, source: 'webview', applied: 1 })
    expect(webViewReadingOf({ ...none, appleBodyPx: 23.8 }).factor).toBeCloseTo(1.4)
  })

  it('a WebView that zooms text itself: that is the user size, and it is applied already', () => {
    expect(webViewReadingOf({ ...none, zoom: 1.3 })).toEqual({ factor: 1.3, source: 'webview', applied: 1.3 })
    // the app tells 1.4 while its WebView zooms text by 1.3: the page adds only the rest
    expect(webViewReadingOf({ ...none, bridge: 1.4, zoom: 1.3 })).toEqual({ factor: 1.4, source: 'bridge', applied: 1.3 })
  })

  it('nothing measurable, or values out of bounds: the standard size', () => {
    expect(webViewReadingOf(none)).toEqual({ factor: 1, source: 'default', applied: 1 })
    expect(webViewReadingOf({ bridge: 40, preferred: 0.01, appleBodyPx: 1000, zoom: 0 })).toEqual({ factor: 1, source: 'default', applied: 1 })
  })

  it('a probe or bridge that throws is a value not given; apply writes --fs on the root element', async () => {
    const probe: TextProbe = {
      preferredTextScale: () => {
        throw new Error('no layout')
      },
      appleBodyPx: () => 20.4,
      textZoom: () => null,
    }
    const root = { style: { setProperty: jest.fn() } }
    const port = createWebViewTextScale({ probe, bridgeScale: async () => Promise.reject(new Error('bridge gone')) }, root)
    expect((await port.read()).factor).toBeCloseTo(1.2)
    port.apply?.(1.4)
    expect(root.style.setProperty).toHaveBeenCalledWith(TEXT_SCALE_VAR, '1.4')
  })

  it('the DOM probe answers null where nothing is laid out (jsdom) and removes what it added', () => {
    const probe = domTextProbe(document)
    const before = document.body.childElementCount
    expect(probe.preferredTextScale()).toBeNull()
    expect(probe.textZoom()).toBeNull()
    expect(document.body.childElementCount).toBe(before)
  })
})

describe('the bridge font scale (extension of the operator app bridge)', () => {
  const ORIGIN = 'https://h5.operator.example'
  function appWindow(answer: (req: { type: string; id: string }) => unknown) {
    const listeners = new Set<(e: { data: unknown; source?: unknown; origin?: string }) => void>()
    const win: BridgeWindow = {
      location: { origin: ORIGIN },
      addEventListener: (_t, l) => listeners.add(l),
      removeEventListener: (_t, l) => listeners.delete(l),
      TvcNative: {
        postMessage: (m) => {
          const req = JSON.parse(m) as { type: string; id: string }
          const data = answer(req)
          if (data !== undefined) setTimeout(() => [...listeners].forEach((l) => l({ data, source: win, origin: ORIGIN })), 10)
        },
      },
    }
    const post = (data: unknown, source: unknown = win, origin = ORIGIN) => [...listeners].forEach((l) => l({ data, source, origin }))
    return { win, listeners, post }
  }
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('asks tvc:getFontScale and takes the reply with the same id', async () => {
    const { win } = appWindow((req) => (req.type === NATIVE_FONT_SCALE_REQUEST ? { type: NATIVE_FONT_SCALE_REPLY, id: req.id, scale: 1.3 } : undefined))
    const got = createNativeBridge(win).getFontScale!()
    await jest.advanceTimersByTimeAsync(10)
    expect(await got).toBe(1.3)
  })

  it('an app without the extension (no answer within 300 ms), or a nonsense scale: null', async () => {
    const silent = createNativeBridge(appWindow(() => undefined).win).getFontScale!()
    await jest.advanceTimersByTimeAsync(300)
    expect(await silent).toBeNull()
    const nonsense = createNativeBridge(appWindow((req) => ({ type: NATIVE_FONT_SCALE_REPLY, id: req.id, scale: 'huge' })).win).getFontScale!()
    await jest.advanceTimersByTimeAsync(10)
    expect(await nonsense).toBeNull()
  })

  it('a forged reply from another window or origin is not taken', async () => {
    const { win, post } = appWindow(() => undefined)
    const got = createNativeBridge(win).getFontScale!()
    // the forger cannot know the id; even a reply without one, or from a frame, is ignored
    post({ type: NATIVE_FONT_SCALE_REPLY, scale: 3 }, {}, ORIGIN)
    post({ type: NATIVE_FONT_SCALE_REPLY, scale: 3 }, win, 'https://evil.example')
    await jest.advanceTimersByTimeAsync(300)
    expect(await got).toBeNull()
  })

  it('the app notice of a change (no id) calls the listener; others do not; unsubscribe stops it', () => {
    const { win, post, listeners } = appWindow(() => undefined)
    const listener = jest.fn()
    const off = createNativeBridge(win).onFontScale!(listener)
    post({ type: NATIVE_FONT_SCALE_REPLY, scale: 1.2 })
    post(JSON.stringify({ type: NATIVE_FONT_SCALE_REPLY, scale: 1.2 }))
    post({ type: NATIVE_FONT_SCALE_REPLY, scale: 1.2 }, {}, ORIGIN)
    post({ type: 'tvc:phone', phone: '13800000000' })
    expect(listener).toHaveBeenCalledTimes(2)
    off()
    expect(listeners.size).toBe(0)
  })

  it('the dev bridge plays the app: its fontScale comes from the page URL', async () => {
    expect(fontScaleFromUrl('http://x/?fontScale=1.4#/')).toBe(1.4)
    expect(fontScaleFromUrl('http://x/#/pages/my-home/my-home?fontScale=1.25')).toBe(1.25)
    expect(fontScaleFromUrl('http://x/?fontScale=-1#/')).toBeNull()
    expect(await createDevBridge(() => 'http://x/?fontScale=1.4#/').getFontScale!()).toBe(1.4)
    expect(await createDevBridge(() => 'http://x/#/').getFontScale!()).toBeNull()
  })
})

describe("H5's port: the WebView reader arrives after first paint", () => {
  // platformPort imports Taro (its weapp branch); H5's branch needs none of it
  jest.mock('@tarojs/taro', () => ({}))
  const { createTextScalePort } = jest.requireActual('@/platform/textScale/platformPort') as typeof import('@/platform/textScale/platformPort')

  afterEach(() => document.documentElement.style.removeProperty(TEXT_SCALE_VAR))

  it('the standard factor before any reading sets nothing; a reading from the bridge is applied to the root', async () => {
    const port = createTextScalePort({ getFontScale: async () => 1.4 } as unknown as Parameters<typeof createTextScalePort>[0])
    port.apply?.(1)
    expect(document.documentElement.style.getPropertyValue(TEXT_SCALE_VAR)).toBe('')
    await expect(port.read()).resolves.toMatchObject({ factor: 1.4, source: 'bridge' })
    port.apply?.(1.4)
    await new Promise((r) => setTimeout(r, 0))
    expect(document.documentElement.style.getPropertyValue(TEXT_SCALE_VAR)).toBe('1.4')
  })

  it('never rejects: a bridge that fails reads what the WebView tells (standard in jsdom)', async () => {
    const port = createTextScalePort({ getFontScale: async () => { throw new Error('no bridge') } } as unknown as Parameters<typeof createTextScalePort>[0])
    await expect(port.read()).resolves.toMatchObject({ factor: 1 })
  })
})
