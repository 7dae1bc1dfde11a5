/**
 * Dev bridge of the local stack: the phone from the `phone` query parameter of the page URL (before
 * or inside the hash: `/?phone=13800000001#/` or `#/pages/index/index?phone=13800000001`), else the
 * demo number DEV_DEMO_PHONE (the emulator's demo owner of two TVs).
 */
import { isPhone, type PhoneBridge } from './types'

export const DEV_DEMO_PHONE = '13800000000'

export function phoneFromUrl(href: string): string | null {
  for (const m of href.matchAll(/[?&]phone=([^&#]*)/g)) {
    const v = decodeURIComponent(m[1])
    if (isPhone(v)) return v
  }
  return null
}

export function createDevBridge(href: () => string, demoPhone: string | null = DEV_DEMO_PHONE): PhoneBridge {
  return {
    kind: 'dev',
    getPhone: async () => phoneFromUrl(href()) ?? demoPhone,
  }
}
