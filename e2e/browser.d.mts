import type { BrowserContext } from 'playwright-core'
export declare const PHONE: { width: number; height: number }
export declare function launchPhone(viewport?: { width: number; height: number }): Promise<BrowserContext>
