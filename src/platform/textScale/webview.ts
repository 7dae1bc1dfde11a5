/**
 * H5's text size, from what the WebView and the operator's app tell:
 * - the operator app's bridge (`tvc:getFontScale`, a bridge extension: platform/bridge/native.ts),
 *   first when it answers: the app knows its own font setting;
 * - `env(preferred-text-scale)`: the OS text scale, exposed to CSS by Chromium (Android, from 138; the
 *   explainer in w3c/csswg-drafts css-env-1);
 * - iOS WKWebView: `font: -apple-system-body` follows Dynamic Type (17 px at the standard size, as
 *   WeChat's iOS standard);
 * - an Android WebView's textZoom (WebSettings.setTextZoom, which WeChat's and many operator apps'
 *   WebViews set from the system font scale): it scales every rendered font by itself, so a 100 px
 *   line box measures 100 x textZoom. That part is `applied`: the page must not scale it again.
 * The measuring is behind TextProbe so the choice among them is tested without a layout engine.
 */
import { positive, STANDARD_READING, TEXT_SCALE_VAR, type TextScalePort, type TextScaleReading } from './types'

/** Dynamic Type's body size at the standard setting. */
export const APPLE_BODY_STANDARD_PX = 17

/** What the page can measure; each answers null when its platform does not give it. */
export interface TextProbe {
  /** env(preferred-text-scale), or null where the browser lacks it. */
  preferredTextScale(): number | null
  /** The computed size of `font: -apple-system-body` in px, or null outside Apple's WebKit. */
  appleBodyPx(): number | null
  /** The factor the WebView applies to all text by itself (1: none), or null when it cannot be measured. */
  textZoom(): number | null
}

export interface WebViewTextScaleDeps {
  probe: TextProbe
  /** The operator app's font scale (the bridge), null when it gives none. */
  bridgeScale?: () => Promise<number | null>
}

/** Sane bounds for a platform's text factor: outside them a reading is a fault, not a setting. */
const MIN_FACTOR = 0.5
const MAX_FACTOR = 4

function sane(n: number | null): number | null {
  return n !== null && n >= MIN_FACTOR && n <= MAX_FACTOR ? n : null
}

/** The reading from what was measured (pure: see the module comment for the order). */
export function webViewReadingOf(m: { bridge: number | null; preferred: number | null; appleBodyPx: number | null; zoom: number | null }): TextScaleReading {
  const applied = sane(m.zoom) ?? 1
  const bridge = sane(m.bridge)
  if (bridge) return { factor: bridge, source: 'bridge', applied }
  const fromOs = sane(m.preferred) ?? sane(m.appleBodyPx ? m.appleBodyPx / APPLE_BODY_STANDARD_PX : null)
  // Where the WebView zooms text itself, that zoom is the user's size (it comes from the system's).
  const factor = Math.max(fromOs ?? 1, applied)
  if (factor === 1 && applied === 1) return STANDARD_READING
  return { factor, source: 'webview', applied }
}

export function createWebViewTextScale(deps: WebViewTextScaleDeps, root?: { style: { setProperty(name: string, value: string): void } }): TextScalePort {
  const measure = <T>(f: () => T): T | null => {
    try {
      return f()
    } catch {
      return null
    }
  }
  return {
    async read() {
      let bridge: number | null = null
      try {
        bridge = positive(await deps.bridgeScale?.())
      } catch {
        bridge = null
      }
      return webViewReadingOf({
        bridge,
        preferred: measure(() => deps.probe.preferredTextScale()),
        appleBodyPx: measure(() => deps.probe.appleBodyPx()),
        zoom: measure(() => deps.probe.textZoom()),
      })
    },
    apply(cssFactor) {
      root?.style.setProperty(TEXT_SCALE_VAR, String(Math.round(cssFactor * 1000) / 1000))
    },
  }
}


/** The part of `document` the DOM probe uses. */
export interface ProbeDocument {
  createElement(tag: 'div'): HTMLElement
  body: { appendChild(node: Node): unknown; removeChild(node: Node): unknown } | null
  defaultView: { getComputedStyle(el: Element): { fontSize: string; height: string } } | null
}

/**
 * The real probe: one hidden element per question, measured and removed at once. Its sizes are
 * inline px (not through the build's px transform) so they are the CSS px they say.
 */
export function domTextProbe(doc: ProbeDocument): TextProbe {
  const withProbe = <T>(css: string, text: string, read: (el: HTMLElement) => T): T | null => {
    const body = doc.body
    if (!body || !doc.defaultView) return null
    const el = doc.createElement('div')
    el.setAttribute('aria-hidden', 'true')
    el.style.cssText = `position:absolute;left:-9999px;top:0;visibility:hidden;white-space:nowrap;${css}`
    el.textContent = text
    body.appendChild(el)
    try {
      return read(el)
    } finally {
      body.removeChild(el)
    }
  }
  return {
    preferredTextScale: () =>
      withProbe('height:calc(100px * env(preferred-text-scale, 0));', '', (el) => {
        const h = parseFloat(doc.defaultView!.getComputedStyle(el).height)
        return h > 0 ? h / 100 : null
      }),
    appleBodyPx: () =>
      // A browser without the system font keyword keeps the 1 px set first.
      withProbe('font-size:1px;font:-apple-system-body;', 'M', (el) => {
        const px = parseFloat(doc.defaultView!.getComputedStyle(el).fontSize)
        return px > 1 ? px : null
      }),
    textZoom: () =>
      withProbe('display:block;font-size:100px;line-height:1;-webkit-text-size-adjust:none;text-size-adjust:none;', 'M', (el) => {
        const h = el.getBoundingClientRect().height
        return h > 0 ? h / 100 : null
      }),
  }
}
