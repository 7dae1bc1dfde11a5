/**
 * The Chromium flags of the Lighthouse runs (npm run perf, the a11y audit): chrome-launcher's defaults,
 * with the browser's own WebUI kept from starting.
 *
 * Chromium 156's headless mode preloads the desktop browser's omnibox popup in a "top-chrome" WebUI
 * renderer, which spends about a second of CPU rendering itself (lit) while the page loads. On this
 * machine's two cores that slowed every task of the page, and Lighthouse multiplies what it observes
 * by 4. A phone runs nothing of the kind.
 *
 * Chromium keeps only the last --disable-features it is given, so the names are added to
 * chrome-launcher's own list (Translate, OptimizationHints, RenderDocument, ...) rather than passed as
 * a second switch that would replace it.
 */

export const BROWSER_WEBUI_FEATURES = Object.freeze(['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'])

const DISABLE = '--disable-features='

/** `flags` with `features` added to its one --disable-features (one is added when it has none). */
export function withDisabledFeatures(flags, features) {
  const names = (flag) => flag.slice(DISABLE.length).split(',').filter(Boolean)
  const given = flags.filter((flag) => flag.startsWith(DISABLE)).flatMap(names)
  const merged = `${DISABLE}${[...new Set([...given, ...features])].join(',')}`
  const rest = flags.filter((flag) => !flag.startsWith(DISABLE))
  return [...rest, merged]
}

/**
 * The flags for chromeLauncher.launch({ ignoreDefaultFlags: true, chromeFlags }): `defaults` (pass
 * chrome-launcher's Launcher.defaultFlags()) with BROWSER_WEBUI_FEATURES disabled too, headless.
 */
export function lighthouseChromeFlags(defaults) {
  return [...withDisabledFeatures(defaults, BROWSER_WEBUI_FEATURES), '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
}
