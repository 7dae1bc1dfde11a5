/** Types of chrome-flags.mjs (the Lighthouse runs' Chromium flags), for the tests. */
export declare const BROWSER_WEBUI_FEATURES: readonly string[]
export declare function withDisabledFeatures(flags: readonly string[], features: readonly string[]): string[]
export declare function lighthouseChromeFlags(defaults: readonly string[]): string[]
