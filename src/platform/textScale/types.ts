/**
 * The text-size seam: what the platform says about the user's text size. The stores turn a reading
 * into the app's TextScale (src/stores/app/textScale.ts); the styles multiply every font size by the
 * factor the page is given (`--fs`, config/postcss-text-scale.js).
 */

/** Where the reading came from. */
export type TextScaleSource = 'wechat' | 'bridge' | 'webview' | 'default'

export interface TextScaleReading {
  /**
   * The user's text size over the platform's standard one (1 = standard). WeChat: fontSizeScaleFactor
   * (iOS: fontSizeSetting / 17 px; Android: a factor on 16 px).
   */
  factor: number
  /** WeChat's fontSizeSetting in px, when the platform gives it. */
  fontSizePx?: number
  source: TextScaleSource
  /**
   * The part of `factor` the WebView already applies to all text by itself (an Android WebView's
   * textZoom: it scales every rendered font, whatever the CSS says). The page multiplies its own sizes
   * by the rest only, so text is not scaled twice. 1 on weapp and where nothing is applied.
   */
  applied: number
}

export interface TextScalePort {
  /** The text size now. Never rejects: a platform that cannot tell gives the standard size. */
  read(): Promise<TextScaleReading>
  /**
   * Calls `listener` when the platform announces a change, if it announces any (the H5 bridge's
   * `tvc:fontScale` push). Returns the unsubscribe. Everywhere the app also reads again when it is shown.
   */
  onChange?(listener: () => void): () => void
  /** Puts the factor the styles multiply font sizes with into the page (H5: the root element's `--fs`). */
  apply?(cssFactor: number): void
}

/** The standard reading: where the platform says nothing (tests, a browser that cannot tell). */
export const STANDARD_READING: TextScaleReading = { factor: 1, source: 'default', applied: 1 }

/** A port that always reads the standard size (tests; a platform without any text size). */
export const standardTextScale: TextScalePort = { read: async () => STANDARD_READING }

/** A finite positive number, else null (a platform value can be missing, a string, NaN or 0). */
export function positive(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null
}

/** The CSS custom property every font size is multiplied by (config/postcss-text-scale.js). */
export const TEXT_SCALE_VAR = '--fs'
