/** @jest-environment node */
/**
 * The Lighthouse runs' Chromium flags (scripts/chrome-flags.mjs): Chromium keeps only the last
 * --disable-features it is given, so the browser-WebUI features must join the launcher's own list in
 * one switch, never replace it.
 */
import { BROWSER_WEBUI_FEATURES, lighthouseChromeFlags, withDisabledFeatures } from '../../scripts/chrome-flags.mjs'

const disableSwitches = (flags: string[]) => flags.filter((f) => f.startsWith('--disable-features='))

describe('withDisabledFeatures', () => {
  it('adds the names to the one --disable-features the flags have, keeping every name already there', () => {
    const out = withDisabledFeatures(['--mute-audio', '--disable-features=Translate,RenderDocument', '--no-first-run'], ['PreloadTopChromeWebUI'])
    expect(disableSwitches(out)).toEqual(['--disable-features=Translate,RenderDocument,PreloadTopChromeWebUI'])
    expect(out).toEqual(expect.arrayContaining(['--mute-audio', '--no-first-run']))
  })

  it('merges two switches into one, without repeating a name', () => {
    const out = withDisabledFeatures(['--disable-features=A,B', '--disable-features=B,C'], ['C', 'D'])
    expect(disableSwitches(out)).toEqual(['--disable-features=A,B,C,D'])
  })

  it('adds a switch to flags that have none', () => {
    expect(withDisabledFeatures(['--headless=new'], ['X'])).toEqual(['--headless=new', '--disable-features=X'])
  })
})

describe('lighthouseChromeFlags', () => {
  it('keeps the launcher defaults, disables the browser WebUI in the same switch, and runs headless', () => {
    const defaults = ['--disable-features=Translate,OptimizationHints,RenderDocument', '--disable-extensions']
    const flags = lighthouseChromeFlags(defaults)
    const [disable] = disableSwitches(flags)
    expect(disableSwitches(flags)).toHaveLength(1)
    for (const name of ['Translate', 'OptimizationHints', 'RenderDocument', ...BROWSER_WEBUI_FEATURES]) expect(disable.split('=')[1].split(',')).toContain(name)
    expect(flags).toEqual(expect.arrayContaining(['--disable-extensions', '--headless=new', '--no-sandbox']))
  })
})
