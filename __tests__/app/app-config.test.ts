/**
 * The app config registers exactly SPEC 2's routes in their packages, for both targets. The built
 * dist/weapp/app.json is checked the same way by scripts/check-weapp-app-json.mjs after the build.
 */
import { EXPECTED_MAIN, EXPECTED_SUBPACKAGES, H5_ONLY } from '../../scripts/spec-routes.mjs'

function loadAppConfig(taroEnv: string) {
  const saved = process.env.TARO_ENV
  process.env.TARO_ENV = taroEnv as NodeJS.ProcessEnv['TARO_ENV']
  ;(globalThis as unknown as { defineAppConfig: (c: unknown) => unknown }).defineAppConfig = (c) => c
  let cfg: { pages: string[]; subPackages: Array<{ root: string; pages: string[] }>; window: Record<string, string>; animation?: unknown } | undefined
  jest.isolateModules(() => {
    cfg = require('@/app.config').default
  })
  process.env.TARO_ENV = saved
  if (!cfg) throw new Error('app.config did not load')
  return cfg
}

describe('app.config', () => {
  it('weapp: exactly the spec routes, home first, three subpackages', () => {
    const cfg = loadAppConfig('weapp')
    expect(cfg.pages).toEqual(EXPECTED_MAIN)
    expect(cfg.pages[0]).toBe('pages/index/index')
    expect(cfg.subPackages).toEqual(EXPECTED_SUBPACKAGES)
    expect(cfg.animation).toBeUndefined()
  })

  it('h5: the same plus the two system pages, and the 250 ms slide', () => {
    const cfg = loadAppConfig('h5')
    expect(cfg.pages).toEqual([...EXPECTED_MAIN, ...H5_ONLY])
    expect(cfg.subPackages).toEqual(EXPECTED_SUBPACKAGES)
    expect(cfg.animation).toEqual({ duration: 250, delay: 10 })
  })

  it('custom navigation style and the default title', () => {
    const cfg = loadAppConfig('weapp')
    expect(cfg.window.navigationStyle).toBe('custom')
    expect(cfg.window.navigationBarTitleText).toBe('手机高清电视助手')
  })

  it('every page disables page scrolling and uses the custom navigation bar', () => {
    ;(globalThis as unknown as { definePageConfig: (c: unknown) => unknown }).definePageConfig = (c) => c
    const all = [...EXPECTED_MAIN, ...H5_ONLY, ...EXPECTED_SUBPACKAGES.flatMap((p: { root: string; pages: string[] }) => p.pages.map((x) => `${p.root}/${x}`))]
    for (const path of all) {
      const page = require(`@/${path}.config`).default
      expect({ path, navigationStyle: page.navigationStyle, disableScroll: page.disableScroll }).toEqual({ path, navigationStyle: 'custom', disableScroll: true })
      expect(page.navigationBarTitleText).toMatch(/\p{Script=Han}/u)
    }
  })
})
