/**
 * The Chromium flags of the Lighthouse runs (npm run perf, the a11y audit): chrome-launcher's defaults,
 * with the browser's own WebUI kept from starting.
 *
 * Chromium 156's headless mode preloads the desktop browser's omnibox popup in a "top-chrome" WebUI
 * renderer, which spends about a second of CPU rendering itself (lit) while the page loads. On this
 * machine's two cores that slowed every task of the page, and Lighthouse multiplies what it observes
 * by 4: TBT 600-1400 ms on an idle machine. A phone runs nothing of the kind.
 *
 * Chromium keeps only the last --disable-features it is given, so the names are added to
 * chrome-launcher's own list (Translate, OptimizationHints, RenderDocument, ...) rather than passed as
 * a second switch that would replace it.
 */
import { Launcher } from 'chrome-launcher'

export const BROWSER_WEBUI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']

/** chrome-launcher's default flags with BROWSER_WEBUI_FEATURES disabled too; use with ignoreDefaultFlags. */
export function lighthouseChromeFlags(extra = []) {
  const flags = Launcher.defaultFlags().map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},${BROWSER_WEBUI_FEATURES.join(',')}` : flag,
  )
  if (!flags.some((flag) => flag.startsWith('--disable-features='))) flags.push(`--disable-features=${BROWSER_WEBUI_FEATURES.join(',')}`)
  return [...flags, '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...extra]
}
